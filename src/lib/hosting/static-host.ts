/** _headers and _redirects for static hosts that read them (Netlify, Cloudflare Pages). */
import { ALWAYS_FRESH, CACHE_IMMUTABLE, CACHE_MEDIA, CACHE_REVALIDATE, PAGEFIND_HASHED_GLOBS, WASM_PAGE_PATH } from './policy';
import type { RedirectRule } from './redirects';

/**
 * Static hosts compress on the fly, so every response may vary by Accept-Encoding. The search
 * page's policy (WebAssembly allowed) replaces the site-wide one: Netlify applies the later rule
 * of a header; Cloudflare Pages would join the two, so its detach line (`! Name`) drops the
 * site-wide one there first.
 */
export function headersFile(headers: Record<string, string>, searchCsp?: string): string {
  const block = (path: string, extra: Record<string, string>, detach: string[] = []) =>
    [path, ...detach.map((name) => `  ! ${name}`), ...Object.entries(extra).map(([name, value]) => `  ${name}: ${value}`)].join('\n');
  return (
    [
      block('/*', { ...headers, Vary: 'Accept-Encoding' }),
      ...(searchCsp ? [block(WASM_PAGE_PATH, { 'Content-Security-Policy': searchCsp }, ['Content-Security-Policy'])] : []),
      block('/_astro/*', { 'Cache-Control': CACHE_IMMUTABLE }),
      block('/media/*', { 'Cache-Control': CACHE_MEDIA }),
      ...PAGEFIND_HASHED_GLOBS.map((path) => block(path, { 'Cache-Control': CACHE_IMMUTABLE })),
      ...ALWAYS_FRESH.map((path) => block(path, { 'Cache-Control': CACHE_REVALIDATE })),
    ].join('\n\n') + '\n'
  );
}

/**
 * The redirect list, then one rule for the page spelling the hosts do not send on by
 * themselves: '/page/index.html' → '/page' (Cloudflare Pages and Netlify already send
 * '/page/' and '/page.html' on to '/page', src/lib/pages/page-files.ts).
 */
export function redirectsFile(rules: RedirectRule[]): string {
  return [...rules.map(({ from, to }) => `${from} ${to} 301`), '/*/index.html /:splat 301'].join('\n') + '\n';
}
