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

/** One block of a _headers file: a path (exact, or a prefix ending in `*`), headers it sets and removes. */
export interface HeaderRule {
  readonly path: string;
  readonly set: Readonly<Record<string, string>>;
  readonly detach: readonly string[];
}

/** Reads a _headers file (as `headersFile` writes it); header names in lower case. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: { path: string; set: Record<string, string>; detach: string[] }[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ path: line.trim(), set: {}, detach: [] });
      continue;
    }
    const rule = rules.at(-1);
    if (!rule) continue;
    const detached = /^\s*!\s*(\S+)\s*$/.exec(line)?.[1];
    if (detached) {
      rule.detach.push(detached.toLowerCase());
      continue;
    }
    const colon = line.indexOf(':');
    if (colon > 0) rule.set[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return rules;
}

/** The headers the rules give `path`: every matching block in order, a later one replacing (or detaching) an earlier one's. */
export function headersForPath(rules: readonly HeaderRule[], path: string): Record<string, string> {
  const headers = new Map<string, string>();
  for (const rule of rules) {
    const matches = rule.path.endsWith('*') ? path.startsWith(rule.path.slice(0, -1)) : path === rule.path;
    if (!matches) continue;
    for (const name of rule.detach) headers.delete(name);
    for (const [name, value] of Object.entries(rule.set)) headers.set(name, value);
  }
  return Object.fromEntries(headers);
}
