/**
 * Serving a built release as a static site: the live demo site (`npm start`; production serves
 * `current` with nginx) and the staff preview both use this one implementation. It answers as
 * nginx does, from the release's own rules (src/lib/hosting/static-answer.ts): the redirect list
 * and a page's other spellings ('/search.html' → '/search') as 301s, and every answer with the
 * headers the release's `_headers` gives its path (the build writes it from
 * src/lib/hosting/policy.ts, as it writes the nginx config): its Content-Security-Policy, which
 * allows WebAssembly on '/search' alone, `nosniff`, `frame-ancestors 'none'` and the rest. A
 * release without that file (an old one, or a stand-in build) gets the site's policy with no
 * inline scripts allowed.
 */
import { createReadStream, realpathSync, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { extname } from 'node:path';
import { hostHeaders, readHostRules, staticAnswer, type HostRules } from '../src/lib/hosting/static-answer';

const contentTypes = new Map<string, string>([
  ['.html', 'text/html; charset=utf-8'],
  ['.css', 'text/css; charset=utf-8'],
  ['.js', 'text/javascript; charset=utf-8'],
  ['.mjs', 'text/javascript; charset=utf-8'],
  ['.json', 'application/json'],
  ['.webmanifest', 'application/manifest+json'],
  ['.svg', 'image/svg+xml'],
  ['.png', 'image/png'],
  ['.jpg', 'image/jpeg'],
  ['.jpeg', 'image/jpeg'],
  ['.webp', 'image/webp'],
  ['.avif', 'image/avif'],
  ['.woff2', 'font/woff2'],
  ['.ico', 'image/x-icon'],
  ['.xml', 'application/xml'],
  ['.txt', 'text/plain; charset=utf-8'],
  ['.wasm', 'application/wasm'],
  ['.pf_meta', 'application/octet-stream'],
]);

/**
 * Rules by release folder (the link `root` resolved): a release never changes once built, so
 * its `_headers` and `_redirects` are read and parsed once, not on every request; a switch of the
 * link resolves to another folder. Only the last few releases are kept.
 */
const rulesByRelease = new Map<string, HostRules>();
const RELEASES_REMEMBERED = 4;
const NO_RELEASE: HostRules = { headers: undefined, redirects: [] };

/** The release's own hosting rules. */
function releaseRules(root: string): HostRules {
  let release: string;
  try {
    release = realpathSync(root);
  } catch {
    return NO_RELEASE;
  }
  const known = rulesByRelease.get(release);
  if (known) return known;
  const rules = readHostRules(release);
  rulesByRelease.set(release, rules);
  if (rulesByRelease.size > RELEASES_REMEMBERED) rulesByRelease.delete(rulesByRelease.keys().next().value as string);
  return rules;
}

/** The headers the site sends for `pathname`. */
export function siteHeaders(root: string, pathname: string): Record<string, string> {
  return hostHeaders(releaseRules(root), pathname);
}

/**
 * The answer for `target` (the path as sent, with its query if any) of the release at `root` (a
 * release link), as nginx gives it (src/lib/hosting/static-answer.ts): a 301 for the redirect
 * list and a page's other spellings, the file (/x as x.html or x/index.html), else its 404
 * page. `overrides` replace the site's headers (a preview is never cached nor indexed).
 */
export function releaseResponse(root: string, method: string, target: string, overrides: Record<string, string> = {}): Response {
  if (method !== 'GET' && method !== 'HEAD') return new Response('method not allowed', { status: 405, headers: { allow: 'GET' } });
  const query = target.indexOf('?');
  const answer = staticAnswer(root, releaseRules(root), query < 0 ? target : target.slice(0, query), query < 0 ? '' : target.slice(query));
  const headers = { ...answer.headers, ...overrides };
  if (answer.status === 301) return new Response(null, { status: 301, headers: { ...headers, location: answer.location } });
  const { file } = answer;
  if (!file) return new Response('Fann ikkje sida.', { status: 404, headers: { ...headers, 'content-type': 'text/plain; charset=utf-8' } });
  const body = method === 'HEAD' ? null : (Readable.toWeb(createReadStream(file)) as ReadableStream);
  return new Response(body, {
    status: answer.status,
    headers: { ...headers, 'content-type': contentTypes.get(extname(file)) ?? 'application/octet-stream', 'content-length': String(statSync(file).size) },
  });
}

/** A Hono app serving the release at `root` for every path. */
export function releaseApp(root: string, overrides: Record<string, string> = {}): Hono {
  return new Hono().all('*', (c) => releaseResponse(root, c.req.method, rawTarget(c.req.url), overrides));
}

/** The path as sent, still percent-encoded (Hono's `c.req.path` is decoded; fileOf decodes once itself). */
export function rawPath(url: string): string {
  return new URL(url).pathname;
}

/** The path as sent and its query: what releaseResponse answers. */
export function rawTarget(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}
