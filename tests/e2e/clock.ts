import { readFileSync } from 'node:fs';

/**
 * The moment the test build and the test browser both treat as now (a Monday morning).
 * Kept in clock.json so scripts/e2e.mjs builds with the same moment.
 */
export const FIXED_NOW = (JSON.parse(readFileSync(new URL('./clock.json', import.meta.url), 'utf8')) as { now: string }).now;
