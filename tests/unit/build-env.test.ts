import { describe, expect, it } from 'vitest';
import { buildIsNoIndex, buildNow } from '../../src/lib/config/build-env';

describe('the build’s settings', () => {
  it('build an indexable site unless SITE_NOINDEX is 1, and refuse anything else', () => {
    expect(buildIsNoIndex({})).toBe(false);
    expect(buildIsNoIndex({ SITE_NOINDEX: '0' })).toBe(false);
    expect(buildIsNoIndex({ SITE_NOINDEX: '1' })).toBe(true);
    expect(() => buildIsNoIndex({ SITE_NOINDEX: 'yes' })).toThrow(/SITE_NOINDEX/);
  });

  it('take now from SITE_NOW when it is set, with its offset', () => {
    expect(buildNow({ SITE_NOW: '2026-11-23T10:00:00+01:00' }).toISOString()).toBe('2026-11-23T09:00:00.000Z');
    expect(() => buildNow({ SITE_NOW: '23.11.2026' })).toThrow(/SITE_NOW/);
  });
});
