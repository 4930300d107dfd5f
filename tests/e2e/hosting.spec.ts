/**
 * How the build is served by nginx and on a CDN (the cdn project, Cloudflare's runtime): status
 * codes, redirects, caching, compression and security headers. Tests of what only nginx does
 * carry @nginx (playwright.config.ts runs them on nginx alone).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scriptEnv } from '../../scripts/script-env.mjs';
import { axeViolations, expect, test } from './fixtures';
import { rawGet, rawRequest } from './raw-http';

const redirects = JSON.parse(readFileSync('content/redirects.json', 'utf8')) as { from: string; to: string }[];
/**
 * Stored, but checked with the server before every use: nginx says no-cache, Cloudflare's
 * default for files without a rule of ours says the same as max-age=0, must-revalidate.
 */
const REVALIDATED = /^(no-cache|public, max-age=0, must-revalidate)$/;

test('the redirect list answers with real 301s, with and without trailing slash or .html', async ({ request }) => {
  for (const { from, to } of redirects) {
    for (const path of [from, `${from}/`, `${from}.html`]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(301);
      expect(response.headers()['location'], path).toBe(to);
    }
  }
});

test('pages answer at /path, their other spellings with a 301 to it, and unknown paths with the 404 page', async ({ request }) => {
  for (const path of ['/', '/kinoprogram', '/myra/nota']) {
    expect((await request.get(path, { maxRedirects: 0 })).status(), path).toBe(200);
  }
  for (const [path, to] of [
    ['/kinoprogram/', '/kinoprogram'],
    ['/kinoprogram.html', '/kinoprogram'],
    ['/kinoprogram/index.html?dag=1', '/kinoprogram?dag=1'],
    ['/index.html', '/'],
  ]) {
    const response = await request.get(path!, { maxRedirects: 0 });
    // 301 from nginx, 308 from Cloudflare's runtime for the spellings it sends on by itself.
    expect([301, 308], path).toContain(response.status());
    const location = new URL(response.headers()['location'] ?? '', 'http://site.invalid');
    expect(location.pathname + location.search, path).toBe(to);
  }
  for (const path of ['/finst-ikkje/', '/finst-ikkje.html', '/kinoprogram/alder/'])
    expect((await request.get(path, { maxRedirects: 0 })).status(), path).toBe(404);
  const missing = await request.get('/finst-ikkje');
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain('Kulturhuset Kaia | 404');
  for (const path of ['/_hosting/nginx.conf', '/_headers', '/_redirects', '/.git/config']) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
});

test('hashed assets are immutable, pages are revalidated', async ({ request, page }) => {
  const html = await request.get('/kinoprogram');
  expect(html.headers()['cache-control']).toMatch(REVALIDATED);
  await page.goto('/kinoprogram');
  // The stylesheet's file, which the page carries inline (and stored pages link).
  const stylesheet = await page.locator('style[data-href]').first().getAttribute('data-href');
  const asset = stylesheet ?? (await page.locator('script[src]').first().getAttribute('src'));
  expect(asset).toMatch(/^\/_astro\//);
  const response = await request.get(asset!);
  expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});

test('text is served precompressed with brotli or gzip as the client asks', async ({ request }) => {
  const br = await request.get('/kinoprogram', { headers: { 'Accept-Encoding': 'br' } });
  expect(br.headers()['content-encoding']).toBe('br');
  const gzip = await request.get('/kinoprogram', { headers: { 'Accept-Encoding': 'gzip' } });
  expect(gzip.headers()['content-encoding']).toBe('gzip');
});

test('every file with precompressed copies varies by Accept-Encoding, in every encoding', async ({ request, page }) => {
  await page.goto('/kinoprogram');
  const script = await page.locator('script[src^="/_astro/"]').first().getAttribute('src');
  const stylesheet = await page.locator('style[data-href^="/_astro/"]').first().getAttribute('data-href');
  const paths = ['/', '/kinoprogram', '/search', '/finst-ikkje', '/sw.js', '/pagefind/pagefind.js', '/sitemap.xml', script!, stylesheet!];
  for (const path of paths) {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const response = await request.get(path, { headers: { 'Accept-Encoding': encoding } });
      const headers = response.headers();
      expect(headers['vary'], `${path} (${encoding})`).toBe('Accept-Encoding');
      expect(headers['content-encoding'], `${path} (${encoding})`).toBe(encoding === 'identity' ? undefined : encoding);
    }
  }
  // The immutable assets above all: a shared cache keeps them for a year.
  const asset = await request.get(script!, { headers: { 'Accept-Encoding': 'br' } });
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});

test('every response carries the security headers and a strict script policy', async ({ request }) => {
  for (const path of ['/', '/finst-ikkje', '/kino']) {
    const headers = (await request.get(path, { maxRedirects: 0 })).headers();
    const csp = headers['content-security-policy'] ?? '';
    // Besides hashes, only the https origins of analytics, which load after consent.
    expect(csp, path).toMatch(/script-src 'self'( https:\/\/[\w.*-]+)*( 'sha256-[A-Za-z0-9+/=]+')*;/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy']).toContain('camera=()');
  }
});

test('the worker and the search entry are revalidated, hashed search index files kept for ever', async ({ request }) => {
  for (const path of ['/sw.js', '/pagefind/pagefind-entry.json', '/pagefind/pagefind.js', '/pagefind/wasm.nn.pagefind']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['cache-control'], path).toMatch(REVALIDATED);
  }
  const sw = await (await request.get('/sw.js')).text();
  for (const pattern of [/"url":"(pagefind\/fragment\/[^"]+)"/, /"url":"(pagefind\/index\/[^"]+)"/, /"url":"(pagefind\/pagefind\.[^"]+\.pf_meta)"/]) {
    const path = `/${sw.match(pattern)?.[1]}`;
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['cache-control'], path).toBe('public, max-age=31536000, immutable');
  }
});

test('only the search page may compile WebAssembly, and it keeps every other header', async ({ request }) => {
  const site = (await request.get('/')).headers();
  for (const path of ['/search', '/search?q=bassenget']) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    const headers = response.headers();
    expect(headers['content-security-policy'], path).toContain("script-src 'self' 'wasm-unsafe-eval' ");
    expect(headers['content-security-policy']?.replace(" 'wasm-unsafe-eval'", ''), path).toBe(site['content-security-policy']);
    for (const name of [
      'strict-transport-security',
      'x-content-type-options',
      'referrer-policy',
      'permissions-policy',
      'cross-origin-opener-policy',
      'cache-control',
    ]) {
      expect(headers[name], `${path}: ${name}`).toBe(site[name]);
    }
  }
  const others = ['/', '/kinoprogram', '/finst-ikkje', '/searchx', '/search/x', '/search/', '/search.html', '/pagefind/pagefind.js', '/sw.js'];
  for (const path of others) {
    const csp = (await request.get(path, { maxRedirects: 0 })).headers()['content-security-policy'];
    expect(csp, path).toContain("script-src 'self'");
    expect(csp, path).not.toContain('wasm-unsafe-eval');
  }
});

/** Requests nginx refuses before the site's rules run, and what it must answer. */
const refused: { name: string; request: string; status: number; keepOpen?: boolean }[] = [
  { name: 'a malformed header', request: 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header: x\r\nConnection: close\r\n\r\n', status: 404 },
  { name: 'no Host header', request: 'GET / HTTP/1.1\r\nConnection: close\r\n\r\n', status: 404 },
  { name: 'an oversized header', request: `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\nConnection: close\r\n\r\n`, status: 400 },
  { name: 'a POST to a page', request: 'POST /kinoprogram HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 3\r\nConnection: close\r\n\r\nabc', status: 405 },
  { name: 'TRACE', request: 'TRACE / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n', status: 405 },
  {
    name: 'an oversized body',
    request: 'POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 50000000\r\nConnection: close\r\n\r\nabc',
    status: 413,
    // Still sending, as an upload is: a client that has already hung up gets nginx's own page.
    keepOpen: true,
  },
  { name: 'HTTP/2.0 in the request line', request: 'GET / HTTP/2.0\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n', status: 505 },
  { name: 'HTTP/3.0 in the request line', request: 'GET /kinoprogram HTTP/3.0\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n', status: 505 },
  { name: 'an overlong path', request: `GET /${'a'.repeat(10_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`, status: 404 },
];

test('@nginx requests nginx refuses itself get the site page, the security headers and no-store', async ({ baseURL, request }) => {
  const port = Number(new URL(baseURL!).port);
  const site = (await request.get('/')).headers();
  for (const { name, request: text, status, keepOpen } of refused) {
    const response = await rawRequest(port, text, name, keepOpen);
    expect(response.status, name).toBe(status);
    expect(response.headers['cache-control'], name).toBe('no-store');
    expect(response.headers['content-type'], name).toBe('text/html; charset=utf-8');
    expect(response.body, name).toContain('<title>Kulturhuset Kaia | 404</title>');
    for (const header of ['content-security-policy', 'strict-transport-security', 'x-content-type-options', 'referrer-policy']) {
      expect(response.headers[header], `${name}: ${header}`).toBe(site[header]);
    }
  }
  // An ordinary unknown path is still the 404 page, revalidated like every page.
  const missing = await rawGet(port, '/finst-ikkje');
  expect(missing.status).toBe(404);
  expect(missing.headers['cache-control']).toBe('no-cache');
  // The error page's own location is not for visitors.
  expect((await rawGet(port, '/_hosting/error')).status).toBe(404);
});

/** A port nothing listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

test('@nginx nginx logs no warning for requests it refuses', async () => {
  // A server of its own, so its error log holds only these requests.
  const directory = mkdtempSync(join(tmpdir(), 'kaia-nginx-log-'));
  const log = join(directory, 'error.log');
  const port = await freePort();
  const server = spawn(
    'node',
    ['scripts/serve-nginx.mjs', '--root', scriptEnv().e2e.dist, '--port', String(port), '--max-seconds', '120', '--error-log', log],
    { stdio: 'ignore' },
  );
  const exited = new Promise((resolve) => server.on('exit', resolve));
  try {
    await expect.poll(async () => (await rawGet(port, '/').catch(() => ({ status: 0 }))).status, { timeout: 30_000 }).toBe(200);
    for (const { name, request: text, status, keepOpen } of refused) expect((await rawRequest(port, text, name, keepOpen)).status, name).toBe(status);
    expect((await rawGet(port, '/finst-ikkje')).status).toBe(404);
  } finally {
    server.kill('SIGTERM');
    await exited;
  }
  const lines = readFileSync(log, 'utf8').split('\n').filter(Boolean);
  rmSync(directory, { recursive: true, force: true });
  // The oversized body is logged as an error (client intended to send too large body); nothing warns.
  expect(lines.filter((line) => /\[(warn|crit|alert|emerg)\]/.test(line))).toEqual([]);
  expect(lines.some((line) => line.includes('too large body'))).toBe(true);
});

test('every embed the import keeps renders under the CSP with no violation', async ({ page, context }) => {
  // Recorded in the page from its first moment: frame, image and script violations alike.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI}`));
  });
  const violations = () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
  // The players themselves are not fetched from the internet in tests: stubs answer for them.
  for (const origin of ['https://www.youtube-nocookie.com', 'https://player.vimeo.com']) {
    await page.route(`${origin}/**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>spelar</title><p>Spelaren er lasta</p>' }),
    );
  }
  // The article of the demo content with a YouTube and a Vimeo player and an image of its own in its text.
  await page.goto('/article/nytt-musikkstudio-falken');
  const image = page.locator('.prose figure img');
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  const players = [
    { title: 'Omvising i musikkstudioet i Falken', src: 'https://www.youtube-nocookie.com/embed/kaiaStudio1?autoplay=1&rel=0' },
    { title: 'Kaiakameratane spelar inn i Falken', src: 'https://player.vimeo.com/video/76979871?dnt=1&autoplay=1' },
  ];
  for (const { title, src } of players) {
    await page.getByRole('link', { name: `Spel av videoen «${title}»` }).click();
    const player = page.locator(`iframe[title="${title}"]`);
    await expect(player).toHaveAttribute('src', src);
    await expect(player).toBeFocused();
    // Loaded, not replaced by the browser's blocked-frame page.
    await expect(page.frameLocator(`iframe[title="${title}"]`).locator('p')).toHaveText('Spelaren er lasta');
  }
  expect(await violations()).toEqual([]);
  expect(await axeViolations(page)).toEqual([]);

  // The same listener does catch what the policy blocks: a frame from anywhere else, on a page
  // of its own (the cspGuard fixture fails a test whose page logs a violation).
  const control = await context.newPage();
  await control.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI}`));
  });
  await control.goto('/article/nytt-musikkstudio-falken');
  await control.evaluate(() => {
    const frame = document.createElement('iframe');
    frame.src = 'https://elsewhere.example/';
    document.body.append(frame);
  });
  await expect
    .poll(() => control.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations))
    .toEqual(['frame-src https://elsewhere.example']);
  await control.close();
});
