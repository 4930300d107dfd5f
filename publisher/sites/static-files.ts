/**
 * Serving a built release as a static site: the live demo site (`npm start`; production serves
 * `current` with nginx) and the staff preview both use this one implementation. It answers as
 * nginx does, from the release's own rules (src/lib/hosting/static-answer.ts): the redirect list
 * and a page's other spellings ('/search.html' → '/search') as 301s, and every answer with the
 * headers the release's `_headers` gives its path (the build writes it from
 * src/lib/hosting/policy.ts, as it writes the nginx config): its Content-Security-Policy, which
 * allows WebAssembly on '/search' alone, `nosniff`, `frame-ancestors 'none'` and the rest. A
 * release without that file (an old one, or a stand-in build) gets the site's policy with no
 * inline scripts allowed. Like nginx, it sends the build's precompressed copy (`.br`, else
 * `.gz`, src/lib/hosting/precompress.ts) to a client that accepts it, and answers a request that
 * names the file's current ETag with 304.
 */
import { createReadStream, realpathSync, statSync, type Stats } from 'node:fs';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { extname } from 'node:path';
import { hostHeaders, readHostRules, staticAnswer, type HostRules } from '../../src/lib/hosting/static-answer';

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
export function releaseResponse(
  root: string,
  method: string,
  target: string,
  overrides: Record<string, string> = {},
  request: Pick<Headers, 'get'> = new Headers(),
): Response {
  if (method !== 'GET' && method !== 'HEAD') return new Response('method not allowed', { status: 405, headers: { allow: 'GET' } });
  const query = target.indexOf('?');
  const answer = staticAnswer(root, releaseRules(root), query < 0 ? target : target.slice(0, query), query < 0 ? '' : target.slice(query));
  const headers = { ...answer.headers, ...overrides };
  if (answer.status === 301) return new Response(null, { status: 301, headers: { ...headers, location: answer.location } });
  const { file } = answer;
  if (!file) return new Response('Fann ikkje sida.', { status: 404, headers: { ...headers, 'content-type': 'text/plain; charset=utf-8' } });
  const copies = PRECOMPRESSED.map(([encoding, suffix]) => ({ encoding, path: `${file}${suffix}`, stats: fileStats(`${file}${suffix}`) })).filter(
    (candidate) => candidate.stats !== undefined,
  );
  const copy = copies.find((candidate) => accepts(request.get('accept-encoding') ?? '', candidate.encoding));
  const served = copy ?? { encoding: undefined, path: file, stats: statSync(file) };
  const stats = served.stats as Stats;
  const etag = `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
  const sent = {
    ...headers,
    'content-type': contentTypes.get(extname(file)) ?? 'application/octet-stream',
    etag,
    'last-modified': stats.mtime.toUTCString(),
    ...(served.encoding ? { 'content-encoding': served.encoding } : {}),
    // A file with compressed copies is answered by what the browser takes, so caches keep one
    // answer per Accept-Encoding (nginx's gzip_vary).
    ...(copies.length > 0 ? { vary: 'Accept-Encoding' } : {}),
  };
  if (
    answer.status === 200 &&
    request
      .get('if-none-match')
      ?.split(',')
      .some((tag) => tag.trim() === etag)
  )
    return new Response(null, { status: 304, headers: sent });
  const body = method === 'HEAD' ? null : (Readable.toWeb(createReadStream(served.path)) as ReadableStream);
  return new Response(body, { status: answer.status, headers: { ...sent, 'content-length': String(stats.size) } });
}

/** The build's precompressed copies, best first (nginx's brotli_static and gzip_static). */
const PRECOMPRESSED: readonly (readonly [string, string])[] = [
  ['br', '.br'],
  ['gzip', '.gz'],
];

function fileStats(path: string): Stats | undefined {
  try {
    const stats = statSync(path);
    return stats.isFile() ? stats : undefined;
  } catch {
    return undefined;
  }
}

/** Whether an Accept-Encoding value takes `encoding` (named, and not with q=0). */
export function accepts(header: string, encoding: string): boolean {
  return header.split(',').some((part) => {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    return name.toLowerCase() === encoding && !parameters.some((parameter) => /^q=0(?:\.0*)?$/.test(parameter));
  });
}

/** A Hono app serving the release at `root` for every path. */
export function releaseApp(root: string, overrides: Record<string, string> = {}): Hono {
  return new Hono().all('*', (c) => releaseResponse(root, c.req.method, rawTarget(c.req.url), overrides, c.req.raw.headers));
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
