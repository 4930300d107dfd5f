import { describe, expect, it } from 'vitest';
import { buildIsNoIndex, buildNow, buildPreview, readBuildEnv } from '../../../../src/lib/config/build-env';
import { previewBannerView } from '../../../../src/lib/site/preview-banner';

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

describe('the preview banner settings', () => {
  it('are off for a live build, and on with both the draft time and the status page', () => {
    expect(buildPreview({})).toBeUndefined();
    expect(
      buildPreview({ SITE_PREVIEW_DRAFT_AT: '2026-11-24T14:05:00+01:00', SITE_PREVIEW_STATUS_URL: 'https://www.kulturhuset-kaia.example/staff/' }),
    ).toEqual({
      draftAt: new Date('2026-11-24T13:05:00Z'),
      statusUrl: 'https://www.kulturhuset-kaia.example/staff/',
    });
  });

  it('refuse one without the other, a time without offset, or an address that is not http(s), by name', () => {
    expect(() => buildPreview({ SITE_PREVIEW_DRAFT_AT: '2026-11-24T14:05:00+01:00' })).toThrow(/SITE_PREVIEW_STATUS_URL: a preview build needs both/);
    expect(() => buildPreview({ SITE_PREVIEW_STATUS_URL: 'https://example.no/staff/' })).toThrow(/SITE_PREVIEW_DRAFT_AT/);
    expect(() => buildPreview({ SITE_PREVIEW_DRAFT_AT: '2026-11-24T14:05:00', SITE_PREVIEW_STATUS_URL: 'https://example.no/staff/' })).toThrow(
      /SITE_PREVIEW_DRAFT_AT/,
    );
    expect(() => buildPreview({ SITE_PREVIEW_DRAFT_AT: '2026-11-24T14:05:00Z', SITE_PREVIEW_STATUS_URL: 'javascript:alert(1)' })).toThrow(
      /SITE_PREVIEW_STATUS_URL/,
    );
  });

  it('give the banner its words and the draft time in Oslo, summer and winter', () => {
    const winter = previewBannerView({ draftAt: new Date('2026-11-24T13:05:00Z'), statusUrl: 'https://example.no/staff/' });
    expect(winter).toEqual({
      heading: 'Førehandsvising – ikkje publisert',
      draftText: 'tysdag 24. november kl.\u00a014.05',
      draftAt: '2026-11-24T13:05:00.000Z',
      statusUrl: 'https://example.no/staff/',
      statusText: 'Til publiseringssida',
    });
    // 23.30 UTC on 29 March is 01.30 the next day in Oslo, summer time.
    expect(previewBannerView({ draftAt: new Date('2026-03-29T23:30:00Z'), statusUrl: 'https://example.no/staff/' }).draftText).toBe(
      'måndag 30. mars kl.\u00a001.30',
    );
  });
});

describe('the film-club partners’ picture hosts', () => {
  it('are read as origins from comma-separated addresses, once each', () => {
    const env = readBuildEnv({
      PUBLIC_FILMCLUB_IMAGES_118: ' https://bilete.partner.example/plakat/ , https://cdn.partner.example,https://bilete.partner.example/x',
    });
    expect(env.PUBLIC_FILMCLUB_IMAGES_118).toEqual(['https://bilete.partner.example', 'https://cdn.partner.example']);
    expect(readBuildEnv({}).PUBLIC_FILMCLUB_IMAGES_178).toBeUndefined();
  });

  it('refuse an address that is not http(s) or carries credentials, by name', () => {
    for (const value of ['bilete.partner.example', 'ftp://bilete.partner.example', 'https://ola:hemmeleg@bilete.partner.example'])
      expect(() => readBuildEnv({ PUBLIC_FILMCLUB_IMAGES_178: value }), value).toThrow(/PUBLIC_FILMCLUB_IMAGES_178/);
  });
});
