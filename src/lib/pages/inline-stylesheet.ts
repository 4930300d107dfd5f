/**
 * The site's stylesheet travels inside each page, and a stored page links it instead.
 *
 * A phone on a slow network otherwise waits for the page, then asks for the stylesheet and waits
 * a second round trip before it can paint anything. So after the build, `withInlineStylesheet`
 * puts the stylesheet's text into every page that links it, as
 * `<style data-href="/_astro/style.….css">…</style>`: the page paints as soon as it has arrived.
 * The file stays in the build, named by its hash, for the copies the service worker keeps: it
 * stores each page as `linkedStylesheetPage` gives it, with the `<link>` back in place of the
 * text, and the stylesheet once, so the offline store (its budget is 2 MB) does not hold the same
 * stylesheet a hundred times, and a page opened from it paints at once all the same. The stored
 * copy also leaves out the page's structured data (`storedPage`): JSON-LD is for search engines,
 * which read pages over the network and never from a visitor's store, and on a film page with
 * twenty showings it is nearly half the markup.
 */

/** What a page links its stylesheet with, as Astro writes it. */
const STYLESHEET_LINK = /<link rel="stylesheet" href="(\/_astro\/[\w.-]+\.css)">/g;

/** What the build puts in its place, and `linkedStylesheetPage` turns back. */
const INLINE_STYLESHEET = /<style data-href="(\/_astro\/[\w.-]+\.css)">[^<]*<\/style>/g;

/**
 * The largest page (its own markup, in bytes) that carries the stylesheet. A larger page takes
 * several round trips to arrive itself, so the stylesheet's request overlaps them; carried, it
 * would bring the large site's week and programme pages (around 200 KB) to their 250 KB limit.
 * Every page of the demo site is well under it (/kinoprogram, the largest, is held under 60 KB).
 */
export const INLINE_STYLESHEET_PAGE_LIMIT = 100 * 1024;

/**
 * The page with each of the build's own stylesheets it links written into it. A stylesheet
 * `read` cannot give, or whose text could end the element early (`<`), stays linked, and so do
 * all of a page over `limit` bytes.
 */
export function withInlineStylesheet(html: string, read: (href: string) => string | undefined, limit = INLINE_STYLESHEET_PAGE_LIMIT): string {
  if (new TextEncoder().encode(html).length > limit) return html;
  return html.replace(STYLESHEET_LINK, (link, href: string) => {
    const css = read(href);
    if (css === undefined || css.includes('<')) return link;
    return `<style data-href="${href}">${css.trim()}</style>`;
  });
}

/** The page as the service worker stores it: each inline stylesheet linked again. */
export function linkedStylesheetPage(html: string): string {
  return html.replace(INLINE_STYLESHEET, (_style, href: string) => `<link rel="stylesheet" href="${href}">`);
}

/**
 * A page's structured data, as src/components/StructuredData.astro writes it. Its JSON never holds
 * a `<` (src/lib/seo/structured-data.ts writes it as \u003c), so the element ends at the first one.
 */
const STRUCTURED_DATA = /<script type="application\/ld\+json">[^<]*<\/script>/g;

/**
 * The head's preload of the picture at the top (src/lib/pages/lead-image.ts): it wins time on a
 * slow line, and a page opened from the store has no line to wait for.
 */
const LEAD_IMAGE_PRELOAD = /<link rel="preload" as="image"[^>]*>/g;

/** The page as the service worker stores it: each inline stylesheet linked again, no structured data, no picture preload. */
export function storedPage(html: string): string {
  return linkedStylesheetPage(html).replace(STRUCTURED_DATA, '').replace(LEAD_IMAGE_PRELOAD, '');
}

/** The bytes the service worker stores for a page (`storedPage`). */
export function storedPageBytes(html: string): number {
  return new TextEncoder().encode(storedPage(html)).length;
}

/** The stylesheets a page carries inline, by their files' addresses. */
export function inlineStylesheetHrefs(html: string): string[] {
  return [...html.matchAll(INLINE_STYLESHEET)].map((match) => match[1] as string);
}
