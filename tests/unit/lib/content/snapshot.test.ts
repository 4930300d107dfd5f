import { describe, expect, it } from 'vitest';
import { readSnapshot } from '../../../../src/lib/content/snapshot';

describe('the committed content snapshot', () => {
  it('passes every schema', () => {
    expect(() => readSnapshot('content')).not.toThrow();
  });
});
