/**
 * The site's URL form, in one place. Every page has one URL, without a trailing slash
 * ('/kinoprogram'; the front page '/'), and the build writes it as one file named after it
 * (Astro's build.format 'file': 'kinoprogram.html', 'index.html'). Cloudflare Pages, Netlify,
 * nginx (src/lib/hosting/nginx.ts) and astro preview all serve 'kinoprogram.html' at
 * '/kinoprogram' with no redirect, so the links, canonical URLs, sitemap and service worker
 * name the same URL the server answers with 200 on every host. '/kinoprogram/' and
 * '/kinoprogram.html' are sent on to '/kinoprogram' (301 from nginx, 308 from Cloudflare).
 */

/** The page servers show for unknown paths (Astro writes src/pages/404.astro there in every format). */
export const NOT_FOUND_FILE = '404.html';

/** Astro's build.format (astro.config.mjs). */
export const BUILD_FORMAT = 'file';

/** The built file of a page path, relative to dist/: '/' → 'index.html', '/a/b' and '/a/b/' → 'a/b.html'. */
export function pageFile(path: string): string {
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  return trimmed ? `${trimmed}.html` : 'index.html';
}

/** The URL of a built page file relative to dist/: 'a/b.html' → '/a/b', 'index.html' → '/'. */
export function builtPageUrl(file: string): string {
  const path = file
    .split('\\')
    .join('/')
    .replace(/(^|\/)index\.html$/, '$1')
    .replace(/\.html$/, '');
  return `/${path}`.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1');
}

/** The path of the page being built, from Astro.url.pathname ('/a/b.html' under the 'file' format) → '/a/b'. */
export function builtPagePath(pathname: string): string {
  return builtPageUrl(pathname.replace(/^\/+/, ''));
}

/**
 * Where another spelling of a page's URL is sent (permanently): '/kino/', '/kino.html' and
 * '/kino/index.html' → '/kino' when '/kino' is a page (`isPage` of its file relative to dist/),
 * '/index.html' → '/'. Null for the page's own URL and for anything else, the 404 page's file
 * among them (servers show it for unknown paths, it has no URL of its own). nginx has the same
 * rule in its config (src/lib/hosting/nginx.ts); astro preview gets it from this function.
 */
export function canonicalPagePath(pathname: string, isPage: (file: string) => boolean): string | null {
  if (pathname === '/index.html') return '/';
  if (pathname === `/${NOT_FOUND_FILE}`) return null;
  const path = /^(\/.+?)(?:\/|\/index\.html|\.html)$/.exec(pathname)?.[1];
  return path !== undefined && isPage(pageFile(path)) ? path : null;
}
