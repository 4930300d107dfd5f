/**
 * Vitest's asymmetric matchers as the compiler should see them. Vitest types `expect.any(…)`,
 * `expect.stringMatching(…)` and their kin as `any`, which turns type checking off wherever one is
 * placed (typescript-eslint's no-unsafe-assignment reports each). Typed `unknown` here, they still
 * fit any expected value and hide nothing. They hold no state, so one matcher serves every test.
 */
import { expect } from 'vitest';

export const anyString: unknown = expect.any(String);
export const anyNumber: unknown = expect.any(Number);
export const anyArray: unknown = expect.any(Array);
export const matching = (pattern: RegExp): unknown => expect.stringMatching(pattern);
export const containing = (text: string): unknown => expect.stringContaining(text);
export const arrayContaining = (items: unknown[]): unknown => expect.arrayContaining(items);
export const objectContaining = (fields: Record<string, unknown>): unknown => expect.objectContaining(fields);
