/**
 * How a server other than nginx answers a request for a build the way nginx does
 * (src/lib/hosting/nginx.ts), from the same rules: the build's `_redirects` (the redirect list)
 * and a page's other spellings ('/search.html', '/search/' → '/search') as 301s, hosting files
 * and dotfiles as the 404 page, and every answer with the headers the build's `_headers` gives
 * its path (src/lib/hosting/static-host.ts; a 404 those of the 404 page). The publish service's
 * static serving (publisher/sites/static-files.ts: the live site of `npm start` and the staff
 * preview) and `astro preview` (src/integrations/preview-routing.ts) both answer through it, so
 * no server the project runs can give a page other headers than production does: the search
 * page's policy, which alone allows WebAssembly, is sent at '/search' only, and every other
 * spelling of it is sent there.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, normalize, resolve, sep } from 'node:path';
import { canonicalPagePath, NOT_FOUND_FILE } from '../pages/page-files';
import { CACHE_REVALIDATE, contentSecurityPolicy, securityHeaders } from './policy';
import type { RedirectRule } from './redirects';
import { headersForPath, parseHeadersFile, type HeaderRule } from './static-host';

/** The hosting rules a build carries: its `_headers` (undefined when it has none) and its redirect list. */
export interface HostRules {
  readonly headers: readonly HeaderRule[] | undefined;
  readonly redirects: readonly RedirectRule[];
}

/** The exact-path lines of a `_redirects` file (as `redirectsFile` writes them); rules with `*` or `:` are left out. */
export function parseRedirectsFile(text: string): RedirectRule[] {
  return text
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([from, to]) => from && to && from.startsWith('/') && !/[*:]/.test(from))
    .map(([from, to]) => ({ from: from!, to: to! }));
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** The rules of the build at `root`. */
export function readHostRules(root: string): HostRules {
  const headers = readText(join(root, '_headers'));
  return { headers: headers === undefined ? undefined : parseHeadersFile(headers), redirects: parseRedirectsFile(readText(join(root, '_redirects')) ?? '') };
}

const lowerCase = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

/** The site's policy for a build without `_headers`: the same headers, no inline script, no other origin. */
const FALLBACK_HEADERS = lowerCase(
  securityHeaders(contentSecurityPolicy({ scriptHashes: [], connectOrigins: [], formOrigins: [], frameOrigins: [], imageOrigins: [] })),
);

/** The headers a path gets (names in lower case): nginx's default Cache-Control, then the build's rules for it. */
export function hostHeaders(rules: HostRules, path: string): Record<string, string> {
  return { 'cache-control': CACHE_REVALIDATE, ...(rules.headers ? headersForPath(rules.headers, path) : FALLBACK_HEADERS) };
}

/** The file a path names, never outside the build: /x, /x/ (x.html, the site's URL form) and /x/index.html alike. */
export function fileOf(root: string, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const base = resolve(root);
  const target = resolve(base, `.${normalize(`/${decoded}`)}`);
  if (target !== base && !target.startsWith(base + sep)) return undefined;
  for (const candidate of [target, `${target}.html`, join(target, 'index.html')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** Hosting files and dotfiles, which nginx answers with the 404 page (its `/_hosting/`, `/_headers`, `/_redirects` and `/\.` locations). */
export function isHidden(path: string): boolean {
  return path.startsWith('/_hosting/') || path === '/_headers' || path === '/_redirects' || path.includes('/.');
}

/** What a server answers: a 301 to `location`, or `file` (the 404 page's, or none, for a 404); `headers` in lower case. */
export type StaticAnswer =
  { status: 301; location: string; headers: Record<string, string> } | { status: 200 | 404; file: string | undefined; headers: Record<string, string> };

/**
 * The answer for a GET or HEAD of `pathname` (as sent, still percent-encoded) and `search` ('' or
 * '?…') from the build at `root` with its `rules`, in nginx's order: the redirect list (query
 * dropped, as nginx's `return` does), hosting files, a page's other spellings (query kept), the
 * file, the 404 page.
 */
export function staticAnswer(root: string, rules: HostRules, pathname: string, search = ''): StaticAnswer {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    path = pathname;
  }
  const redirect = rules.redirects.find((rule) => rule.from === path);
  if (redirect) return { status: 301, location: redirect.to, headers: hostHeaders(rules, path) };
  const notFound = (): StaticAnswer => ({ status: 404, file: fileOf(root, `/${NOT_FOUND_FILE}`), headers: hostHeaders(rules, `/${NOT_FOUND_FILE}`) });
  if (isHidden(path)) return notFound();
  // On the path as sent, so the Location stays percent-encoded.
  const canonical = canonicalPagePath(pathname, (file) => fileOf(root, `/${file}`) !== undefined);
  if (canonical !== null) return { status: 301, location: `${canonical}${search}`, headers: hostHeaders(rules, path) };
  const file = fileOf(root, pathname);
  return file ? { status: 200, file, headers: hostHeaders(rules, path) } : notFound();
}
