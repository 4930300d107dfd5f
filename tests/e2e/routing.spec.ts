import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';

const redirects = JSON.parse(readFileSync('content/redirects.json', 'utf8')) as { from: string; to: string }[];

// How the server routes; the service worker, which answers a page's file name from its precache
// once installed, is tested in offline.spec.ts.
test.use({ serviceWorkers: 'block' });

test('an unknown path shows the 404 page with status 404', async ({ page }) => {
  const response = await page.goto('/finst-ikkje-her');
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle('Kulturhuset Kaia | 404');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vi fann ikkje sida');
  await expect(page.getByRole('link', { name: /kinoprogram/i }).first()).toBeVisible();
});

test('a page answers at its one URL; a trailing slash, .html or /index.html is sent on to it', async ({ page, request }) => {
  for (const path of ['/', '/kinoprogram', '/myra/nota', '/article/babysvomming', '/search?q=basseng']) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
  }
  const spellings: [string, string][] = [
    ['/kinoprogram/', '/kinoprogram'],
    ['/kinoprogram.html', '/kinoprogram'],
    ['/myra/nota/', '/myra/nota'],
    ['/article/babysvomming.html', '/article/babysvomming'],
    ['/search/?q=basseng', '/search?q=basseng'],
    ['/index.html', '/'],
  ];
  for (const [spelling, url] of spellings) {
    const response = await request.get(spelling, { maxRedirects: 0 });
    // 301 from nginx and astro preview, 308 from Cloudflare's runtime: both permanent.
    expect([301, 308], spelling).toContain(response.status());
    const location = new URL(response.headers()['location'] ?? '', 'http://site.invalid');
    expect(location.pathname + location.search, spelling).toBe(url);
    await page.goto(spelling);
    expect(new URL(page.url()).pathname, spelling).toBe(url.split('?')[0]);
    await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', `https://www.kulturhuset-kaia.example${url.split('?')[0]}`);
  }
});

test('every redirect of the content lands on its target', async ({ page }) => {
  expect(redirects.length).toBeGreaterThan(0);
  for (const { from, to } of redirects) {
    await page.goto(from);
    await page.waitForURL((url) => url.pathname.replace(/\/$/, '') === to, { timeout: 5_000 });
    await expect(page.locator('h1')).toHaveCount(1);
  }
});

test('the alias shows its page with the canonical URL of that page', async ({ page }) => {
  const response = await page.goto('/kafe');
  expect(response?.status()).toBe(200);
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', 'https://www.kulturhuset-kaia.example/feskarn');
});

test('pages carry meta and Open Graph tags, the front page its domain verification', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Kulturhuset Kaia | Framside');
  await expect(page.locator('meta[name=description]')).toHaveAttribute('content', /.{20,}/);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^https:\/\/www\.kulturhuset-kaia\.example\/media\//);
  await expect(page.locator('meta[name="facebook-domain-verification"]')).toHaveCount(1);
  await page.goto('/article/babysvomming');
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /^Kulturhuset Kaia \| /);
  await expect(page.locator('meta[name="facebook-domain-verification"]')).toHaveCount(0);
});
