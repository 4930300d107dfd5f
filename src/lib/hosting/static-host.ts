/** _headers and _redirects for static hosts that read them (Netlify, Cloudflare Pages). */
import { ALWAYS_FRESH, CACHE_IMMUTABLE, CACHE_MEDIA, CACHE_REVALIDATE, PAGEFIND_HASHED_GLOBS } from './policy';
import type { RedirectRule } from './redirects';

export function headersFile(headers: Record<string, string>): string {
  const block = (path: string, extra: Record<string, string>) =>
    [path, ...Object.entries(extra).map(([name, value]) => `  ${name}: ${value}`)].join('\n');
  return (
    [
      block('/*', headers),
      block('/_astro/*', { 'Cache-Control': CACHE_IMMUTABLE }),
      block('/media/*', { 'Cache-Control': CACHE_MEDIA }),
      ...PAGEFIND_HASHED_GLOBS.map((path) => block(path, { 'Cache-Control': CACHE_IMMUTABLE })),
      ...ALWAYS_FRESH.map((path) => block(path, { 'Cache-Control': CACHE_REVALIDATE })),
    ].join('\n\n') + '\n'
  );
}

export function redirectsFile(rules: RedirectRule[]): string {
  return rules.map(({ from, to }) => `${from} ${to} 301`).join('\n') + '\n';
}
