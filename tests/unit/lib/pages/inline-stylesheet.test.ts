import { describe, expect, it } from 'vitest';
import { inlineStylesheetHrefs, linkedStylesheetPage, storedPage, storedPageBytes, withInlineStylesheet } from '../../../../src/lib/pages/inline-stylesheet';
import { pageAssetFiles } from '../../../../src/lib/offline/worker-rules';

const CSS = 'body{margin:0}.a>.b{color:#123}\n';
const page = (head: string) =>
  `<!DOCTYPE html><html lang="nn"><head><meta charset="utf-8">${head}<title>Kaia</title></head><body><p>Tekst</p><script type="module" src="/_astro/Header.a1.js"></script></body></html>`;
const linked = page('<link rel="stylesheet" href="/_astro/style.k1.css">');
const read = (href: string) => (href === '/_astro/style.k1.css' ? CSS : undefined);

describe('withInlineStylesheet', () => {
  it('writes the build’s stylesheet into the page in place of its link, naming the file it came from', () => {
    const shipped = withInlineStylesheet(linked, read);
    expect(shipped).toBe(page('<style data-href="/_astro/style.k1.css">body{margin:0}.a>.b{color:#123}</style>'));
    expect(shipped).not.toContain('<link rel="stylesheet"');
    expect(inlineStylesheetHrefs(shipped)).toEqual(['/_astro/style.k1.css']);
  });

  it('leaves a stylesheet it cannot read, or whose text could end the element early, linked', () => {
    expect(withInlineStylesheet(linked, () => undefined)).toBe(linked);
    expect(withInlineStylesheet(linked, () => 'a::after{content:"</style>"}')).toBe(linked);
  });

  it('leaves a page over the limit linked, so the largest pages stay within their own size limit', () => {
    const bytes = new TextEncoder().encode(linked).length;
    expect(withInlineStylesheet(linked, read, bytes)).toContain('<style data-href=');
    expect(withInlineStylesheet(linked, read, bytes - 1)).toBe(linked);
    // Counted in bytes, not characters: «å» is two.
    const nynorsk = linked.replace('<p>Tekst</p>', '<p>å</p>');
    expect(withInlineStylesheet(nynorsk, read, nynorsk.length)).toBe(nynorsk);
  });

  it('leaves stylesheets from elsewhere and pages without one alone', () => {
    const foreign = page('<link rel="stylesheet" href="https://fonts.example/x.css">');
    expect(withInlineStylesheet(foreign, () => CSS)).toBe(foreign);
    const none = page('');
    expect(withInlineStylesheet(none, read)).toBe(none);
  });
});

describe('linkedStylesheetPage', () => {
  it('gives back the page exactly as it was built, the link in place of the text', () => {
    expect(linkedStylesheetPage(withInlineStylesheet(linked, read))).toBe(linked);
  });

  it('is smaller than the page sent over the network by the stylesheet’s text', () => {
    const shipped = withInlineStylesheet(linked, read);
    expect(shipped.length - linkedStylesheetPage(shipped).length).toBe(
      CSS.trim().length + '<style data-href="/_astro/style.k1.css"></style>'.length - linked.match(/<link[^>]*>/)![0].length,
    );
  });

  it('counts the bytes stored, not characters', () => {
    const nynorsk = linked.replace('<p>Tekst</p>', '<p>Kva skjer på huset?</p>');
    expect(storedPageBytes(withInlineStylesheet(nynorsk, read))).toBe(Buffer.byteLength(nynorsk));
  });

  it('leaves other style elements, and a page without an inline stylesheet, as they are', () => {
    const other = page('<style>.x{color:red}</style><link rel="stylesheet" href="/_astro/style.k1.css">');
    expect(linkedStylesheetPage(other)).toBe(other);
  });
});

describe('storedPage', () => {
  const withData = (json: string) => page(`<link rel="stylesheet" href="/_astro/style.k1.css"><script type="application/ld+json">${json}</script>`);

  it('leaves out the structured data, which only search engines read, and links the stylesheet', () => {
    const built = withData('{"@type":"Movie","name":"Naustet \\u003c3"}');
    const stored = storedPage(withInlineStylesheet(built, read));
    expect(stored).not.toContain('application/ld+json');
    expect(stored).not.toContain('Naustet');
    expect(stored).toBe(built.replace(/<script type="application\/ld\+json">[^<]*<\/script>/, ''));
    expect(storedPageBytes(withInlineStylesheet(built, read))).toBe(Buffer.byteLength(stored));
  });

  it('leaves out the preload of the picture at the top, which only a slow line needs, and keeps the font’s', () => {
    const preloads =
      '<link rel="preload" href="/_astro/figtree.woff2" as="font" crossorigin><link rel="preload" as="image" href="/media/a.webp?width=1200&#38;height=800" imagesrcset="/media/a.webp?width=720&#38;height=480 720w" imagesizes="92vw" fetchpriority="high">';
    const built = page(`${preloads}<link rel="stylesheet" href="/_astro/style.k1.css">`);
    const stored = storedPage(withInlineStylesheet(built, read));
    expect(stored).toBe(built.replace(/<link rel="preload" as="image"[^>]*>/, ''));
    expect(stored).toContain('as="font"');
    expect(storedPageBytes(withInlineStylesheet(built, read))).toBe(Buffer.byteLength(stored));
  });

  it('keeps every other script', () => {
    const scripts = page('<script type="module" src="/_astro/a.js"></script><script>window.x = 1</script>');
    expect(storedPage(scripts)).toBe(scripts);
  });
});

it('keeps the stylesheet among the files the precache stores with a page that carries it inline', () => {
  expect(pageAssetFiles(withInlineStylesheet(linked, read))).toEqual(expect.arrayContaining(['_astro/style.k1.css', '_astro/Header.a1.js']));
});
