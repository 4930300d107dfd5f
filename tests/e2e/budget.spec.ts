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
