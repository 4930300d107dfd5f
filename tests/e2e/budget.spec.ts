import { gzipSync } from 'node:zlib';
import { linkedStylesheetPage } from '../../src/lib/pages/inline-stylesheet';
import { expect, test } from './fixtures';

test('an article page loads under 10 KB of JavaScript (gzip), and no framework', async ({ page }) => {
  const scripts: { url: string; body: Buffer }[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') scripts.push({ url: response.url(), body: await response.body() });
  });
  await page.goto('/article/babysvomming');
  await page.waitForLoadState('networkidle');
  const inline = await page.locator('script:not([src])').evaluateAll((elements) => elements.map((element) => element.textContent ?? '').join('\n'));
  const total = scripts.reduce((sum, script) => sum + gzipSync(script.body).length, 0) + gzipSync(inline).length;
  expect(total).toBeLessThan(10 * 1024);
  expect(scripts.map((script) => script.url).filter((url) => /react|client\.[\w-]+\.js/.test(url))).toEqual([]);
});

test('the cinema programme page stays under 60 KB of HTML, besides the stylesheet every page carries', async ({ request }) => {
  const response = await request.get('/kinoprogram', { headers: { 'Accept-Encoding': 'identity' } });
  const html = (await response.body()).toString('utf8');
  // The page's own markup, as the offline store keeps it (the stylesheet linked, not inline).
  const markup = Buffer.byteLength(linkedStylesheetPage(html));
  const stylesheet = Buffer.byteLength(html) - markup;
  console.log(`/kinoprogram: ${markup} bytes of HTML and ${stylesheet} bytes of inline stylesheet`);
  expect(markup).toBeLessThanOrEqual(60 * 1024);
  // The site's one stylesheet, the same in every page: 35 KB when it went inline.
  expect(stylesheet).toBeGreaterThan(0);
  expect(stylesheet).toBeLessThanOrEqual(40 * 1024);
});

test.describe('first paint as the server sends it', () => {
  // The pages as the network sends them: once the service worker takes over (it may, between two
  // of these loads), it answers from its store, which keeps the pages linking the stylesheet once.
  test.use({ serviceWorkers: 'block' });

  test('every page type paints without waiting for another file: its stylesheet is inline, no script blocks', async ({ page }) => {
    // Each render-blocking file costs a phone on a slow network a round trip before anything shows.
    for (const path of ['/', '/article/babysvomming', '/kinoprogram', '/kulturprogram', '/search', '/filmklubb/logg-inn', '/404.html']) {
      await page.goto(path);
      await expect(page.locator('link[rel=stylesheet]'), path).toHaveCount(0);
      await expect(page.locator('head style[data-href^="/_astro/"]'), path).toHaveCount(1);
      await expect(page.locator('head script[src]:not([type=module]):not([async]):not([defer])'), path).toHaveCount(0);
    }
  });
});
