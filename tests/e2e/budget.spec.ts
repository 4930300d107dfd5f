import { gzipSync } from 'node:zlib';
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

test('the cinema programme page stays under 60 KB of HTML', async ({ request }) => {
  const response = await request.get('/kinoprogram', { headers: { 'Accept-Encoding': 'identity' } });
  const bytes = (await response.body()).length;
  console.log(`/kinoprogram: ${bytes} bytes of HTML`);
  expect(bytes).toBeLessThanOrEqual(60 * 1024);
});

test('every page type waits for one stylesheet before its first paint', async ({ page }) => {
  // Each render-blocking file costs a phone on a slow network a round trip before anything shows.
  for (const path of ['/', '/article/babysvomming', '/kinoprogram', '/kulturprogram', '/search', '/filmklubb/logg-inn', '/404.html']) {
    await page.goto(path);
    await expect(page.locator('link[rel=stylesheet]'), path).toHaveCount(1);
    await expect(page.locator('head style, head script[src]:not([type=module]):not([async]):not([defer])'), path).toHaveCount(0);
  }
});
