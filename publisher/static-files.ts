/**
 * Serving a built release as a static site: the live demo site (`npm start`; production serves
 * `current` with nginx) and the staff preview both use this one implementation. Every answer
 * carries the site's own headers, read from the release's `_headers` file (the build writes it
 * from src/lib/hosting/policy.ts, as it writes the nginx config): its Content-Security-Policy,
 * `nosniff`, `frame-ancestors 'none'` and the rest. A release without that file (an old one, or
 * a stand-in build) gets the site's policy with no inline scripts allowed.
 */
import { createReadStream, existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { contentSecurityPolicy, securityHeaders } from '../src/lib/hosting/policy';
import { headersForPath, parseHeadersFile, type HeaderRule } from '../src/lib/hosting/static-host';

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

const lowerCase = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

/** The site's policy when a release brings no _headers: same headers, no inline script, no other origin. */
const FALLBACK_HEADERS = lowerCase(
  securityHeaders(contentSecurityPolicy({ scriptHashes: [], connectOrigins: [], formOrigins: [], frameOrigins: [], imageOrigins: [] })),
);

/**
 * Header rules by release folder (the link `root` resolved): a release never changes once
 * built, so its `_headers` is read and parsed once, not on every request; a switch of the link
 * resolves to another folder. Only the last few releases are kept.
 */
const rulesByRelease = new Map<string, HeaderRule[] | undefined>();
const RELEASES_REMEMBERED = 4;

/** The release's own header rules, or undefined when it has none. */
function headerRules(root: string): HeaderRule[] | undefined {
  let release: string;
  try {
    release = realpathSync(root);
  } catch {
    return undefined;
  }
  if (rulesByRelease.has(release)) return rulesByRelease.get(release);
  let rules: HeaderRule[] | undefined;
  try {
    rules = parseHeadersFile(readFileSync(join(release, '_headers'), 'utf8'));
  } catch {
    rules = undefined;
  }
  rulesByRelease.set(release, rules);
  if (rulesByRelease.size > RELEASES_REMEMBERED) rulesByRelease.delete(rulesByRelease.keys().next().value as string);
  return rules;
}

/** The headers the site sends for `pathname`. */
export function siteHeaders(root: string, pathname: string): Record<string, string> {
  const rules = headerRules(root);
  return rules ? headersForPath(rules, pathname) : { ...FALLBACK_HEADERS };
}

/**
 * The answer for `pathname` of the release at `root` (a release link): files, /x as x.html or
 * x/index.html, else its 404 page. `overrides` replace the site's headers (a preview is never
 * cached nor indexed).
 */
export function releaseResponse(root: string, method: string, pathname: string, overrides: Record<string, string> = {}): Response {
  if (method !== 'GET' && method !== 'HEAD') return new Response('method not allowed', { status: 405, headers: { allow: 'GET' } });
  const headers = { 'cache-control': 'no-cache', ...siteHeaders(root, pathname), ...overrides };
  const found = fileOf(root, pathname);
  const file = found ?? fileOf(root, '/404.html');
  if (!file) return new Response('Fann ikkje sida.', { status: 404, headers: { ...headers, 'content-type': 'text/plain; charset=utf-8' } });
  const body = method === 'HEAD' ? null : (Readable.toWeb(createReadStream(file)) as ReadableStream);
  return new Response(body, {
    status: found ? 200 : 404,
    headers: { ...headers, 'content-type': contentTypes.get(extname(file)) ?? 'application/octet-stream', 'content-length': String(statSync(file).size) },
  });
}

/** A Hono app serving the release at `root` for every path. */
export function releaseApp(root: string, overrides: Record<string, string> = {}): Hono {
  return new Hono().all('*', (c) => releaseResponse(root, c.req.method, rawPath(c.req.url), overrides));
}

/** The path as sent, still percent-encoded (Hono's `c.req.path` is decoded; fileOf decodes once itself). */
export function rawPath(url: string): string {
  return new URL(url).pathname;
}

/** The file a path names, never outside the release: /x, /x/ (x.html, the site's URL form) and /x/index.html alike. */
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
