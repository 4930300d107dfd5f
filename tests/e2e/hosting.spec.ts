/** How nginx serves the build: status codes, redirects, caching, compression and security headers. */
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';

const redirects: { from: string; to: string }[] = JSON.parse(readFileSync('content/redirects.json', 'utf8'));

test('the redirect list answers with real 301s, with and without trailing slash', async ({ request }) => {
  for (const { from, to } of redirects) {
    for (const path of [from, `${from}/`]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(301);
      expect(response.headers()['location'], path).toBe(to);
    }
  }
});

test('pages answer at /path, /path/ and /path/index.html, and unknown paths with the 404 page', async ({ request }) => {
  for (const path of ['/', '/kinoprogram', '/kinoprogram/', '/kinoprogram/index.html', '/myra/nota', '/index.html']) {
    expect((await request.get(path, { maxRedirects: 0 })).status(), path).toBe(200);
  }
  const missing = await request.get('/finst-ikkje');
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain('Kulturhuset Kaia | 404');
  for (const path of ['/_hosting/nginx.conf', '/_headers', '/_redirects', '/.git/config']) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
});

test('hashed assets are immutable, pages are revalidated', async ({ request, page }) => {
  const html = await request.get('/kinoprogram');
  expect(html.headers()['cache-control']).toBe('no-cache');
  await page.goto('/kinoprogram');
  const stylesheet = await page.locator('link[rel=stylesheet]').first().getAttribute('href');
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

test('every response carries the security headers and a strict script policy', async ({ request }) => {
  for (const path of ['/', '/finst-ikkje', '/kino']) {
    const headers = (await request.get(path, { maxRedirects: 0 })).headers();
    const csp = headers['content-security-policy'] ?? '';
    // Besides hashes, only the https origins of analytics, which load after consent.
    expect(csp, path).toMatch(/script-src 'self' 'wasm-unsafe-eval'( https:\/\/[\w.*-]+)*( 'sha256-[A-Za-z0-9+/=]+')*;/);
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
    expect(response.headers()['cache-control'], path).toBe('no-cache');
  }
  const sw = await (await request.get('/sw.js')).text();
  for (const pattern of [/"url":"(pagefind\/fragment\/[^"]+)"/, /"url":"(pagefind\/index\/[^"]+)"/, /"url":"(pagefind\/pagefind\.[^"]+\.pf_meta)"/]) {
    const path = `/${sw.match(pattern)?.[1]}`;
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['cache-control'], path).toBe('public, max-age=31536000, immutable');
  }
});
