import { describe, expect, it } from 'vitest';
import { builtPagePath, builtPageUrl, canonicalPagePath, pageFile } from '../../../../src/lib/pages/page-files';

describe("the site's URL form: one file per page, served at its URL without a slash", () => {
  it('names the file of a page path', () => {
    expect(pageFile('/')).toBe('index.html');
    expect(pageFile('/kinoprogram')).toBe('kinoprogram.html');
    expect(pageFile('/a/b/')).toBe('a/b.html');
    expect(pageFile('/offline')).toBe('offline.html');
  });

  it('names the URL of a built file, the one the links use', () => {
    expect(builtPageUrl('index.html')).toBe('/');
    expect(builtPageUrl('article/morgonsym.html')).toBe('/article/morgonsym');
    expect(builtPageUrl('saltvatn-i-konsert-gg45j.html')).toBe('/saltvatn-i-konsert-gg45j');
    expect(builtPageUrl('kinoprogram\\alder\\15.html')).toBe('/kinoprogram/alder/15');
  });

  it('turns the pathname Astro gives a page while building into its path', () => {
    expect(builtPagePath('/kinoprogram.html')).toBe('/kinoprogram');
    expect(builtPagePath('/index.html')).toBe('/');
    expect(builtPagePath('/myra/nota.html')).toBe('/myra/nota');
    expect(builtPagePath('/')).toBe('/');
  });

  it('is its own inverse for every page path', () => {
    for (const path of ['/', '/kinoprogram', '/kinoprogram/alder/15', '/article/morgonsym']) expect(builtPageUrl(pageFile(path))).toBe(path);
  });
});

describe('the other spellings of a page URL', () => {
  const pages = new Set(['index.html', 'kinoprogram.html', 'kinoprogram/alder/15.html']);
  const isPage = (file: string) => pages.has(file);

  it('go on to the page URL', () => {
    for (const spelling of ['/kinoprogram/', '/kinoprogram.html', '/kinoprogram/index.html'])
      expect(canonicalPagePath(spelling, isPage), spelling).toBe('/kinoprogram');
    expect(canonicalPagePath('/kinoprogram/alder/15/', isPage)).toBe('/kinoprogram/alder/15');
    expect(canonicalPagePath('/index.html', isPage)).toBe('/');
  });

  it('leave the page URL itself, unknown paths and other files alone', () => {
    for (const path of ['/', '/kinoprogram', '/finst-ikkje/', '/finst-ikkje.html', '/404.html', '/sw.js', '/kinoprogram/alder/'])
      expect(canonicalPagePath(path, isPage), path).toBeNull();
  });
});
