import { describe, expect, it } from 'vitest';
import { redirectPageHtml } from '../../../../src/lib/pages/redirect-page';
import { contentLanguage } from '../../../../src/lib/seo/languages';

describe('redirect pages', () => {
  const html = redirectPageHtml({ to: '/kinoprogram', canonicalUrl: 'https://www.kulturhuset-kaia.example/kinoprogram', lang: 'nn' });

  it('refresh with the space the HTML standard requires, in the site language', () => {
    expect(html).toContain('<meta http-equiv="refresh" content="0; url=/kinoprogram">');
    expect(html).toMatch(/^<!doctype html>\n<html lang="nn">/);
    expect(html).toContain('<link rel="canonical" href="https://www.kulturhuset-kaia.example/kinoprogram">');
    expect(html).toContain('<a href="/kinoprogram">');
    expect(html).toContain('<meta name="robots" content="noindex">');
  });

  it('escapes what it writes into markup', () => {
    expect(redirectPageHtml({ to: '/a"b<c', canonicalUrl: 'https://x.example/a', lang: 'nn' })).toContain('url=/a&quot;b&lt;c"');
  });
});

describe('contentLanguage', () => {
  it("reads the platform's Norwegian locale as the nynorsk the text is written in", () => {
    expect(contentLanguage('nb')).toBe('nn');
    expect(contentLanguage('en')).toBe('en');
  });
});
