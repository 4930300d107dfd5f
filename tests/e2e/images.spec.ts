/**
 * Images at the size the screen needs: covers, posters and thumbnails carry srcset/sizes built
 * on the platform's image query, and the demo's local /media/ answers that query with the
 * build's smaller copies, under nginx and astro preview alike. Also the typeface and the
 * header search on a phone.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { scriptEnv } from '../../scripts/script-env.mjs';
import { expect, test } from './fixtures';

const DIST = scriptEnv().e2e.dist;
const COVER = '/media/covers/kinoprogram.webp';
const INFO_COVER = '/media/covers/bassenget.webp';
const size = (path: string) => statSync(join(DIST, path)).size;

test('local media answer ?width= with the build’s copy, and anything else with the original', async ({ request }) => {
  const original = size(COVER);
  for (const width of [320, 640, 720, 960, 1280]) {
    const response = await request.get(`${COVER}?width=${width}&height=${(width * 9) / 16}`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/webp');
    const body = await response.body();
    expect(body.length, `width ${width}`).toBe(size(COVER.replace('.webp', `.w${width}.webp`)));
    expect(body.length).toBeLessThan(original);
  }
  for (const query of ['', '?width=1920&height=1080', '?width=500', '?width=../../index.html', '?width=640/../x']) {
    const response = await request.get(`${COVER}${query}`);
    expect(response.status(), query).toBe(200);
    expect((await response.body()).length, query).toBe(original);
  }
});

test('a phone downloads the small copy of the cover, eagerly and first; lists load theirs lazily', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const media: { url: string; bytes: number }[] = [];
  page.on('response', async (response) => {
    if (!new URL(response.url()).pathname.startsWith('/media/')) return;
    // A revalidated copy (304) has no body here; the browser shows the one it has. Nor has one
    // still arriving when the test navigates on (its body is gone with the page): counted as 0.
    const bytes =
      response.status() === 200
        ? await response.body().then(
            (body) => body.length,
            () => 0,
          )
        : 0;
    media.push({ url: response.url(), bytes });
  });
  // Listing pages open with their programme, not a cover (placement.ts); an information page keeps its cover.
  await page.goto('/bassenget');
  const cover = page.locator('img.cover__image');
  await expect(cover).toHaveAttribute('fetchpriority', 'high');
  expect(await cover.getAttribute('loading')).not.toBe('lazy');
  await expect(cover).toHaveAttribute('sizes', /92vw/);
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const currentSrc = await cover.evaluate((img: HTMLImageElement) => img.currentSrc);
  // About 360 CSS px at the test's device pixel ratio of 1: the 720 copy, the cover's smallest, not the 1920 original.
  expect(new URL(currentSrc).searchParams.get('width')).toBe('720');
  await expect.poll(() => media.find((entry) => entry.url === currentSrc)?.bytes).toBe(size(INFO_COVER.replace('.webp', '.w720.webp')));
  expect(media.some((entry) => entry.url.includes('width=1920'))).toBe(false);

  await page.goto('/kinoprogram');
  // The programme's 4 rem posters come as the 320 copy, never the 600 × 900 original.
  const posterDownloads = () => media.filter((entry) => entry.url.includes('-poster.'));
  await page.locator('.programme-item__poster').first().scrollIntoViewIfNeeded();
  await expect.poll(() => posterDownloads().length).toBeGreaterThan(0);
  for (const entry of posterDownloads()) expect(entry.url).toContain('?width=320&height=480');

  // A film page's poster beside its title (7 rem on a phone) comes from its srcset: the 320 copy.
  media.length = 0;
  await page.locator('.programme-item__title a').first().click();
  const heroPoster = page.locator('img.hero__poster');
  await expect.poll(() => heroPoster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  expect(new URL(await heroPoster.evaluate((img: HTMLImageElement) => img.currentSrc)).searchParams.get('width')).toBe('320');

  await page.goto('/aktuelt');
  const thumbnails = page.locator('.card img');
  expect(await thumbnails.count()).toBeGreaterThan(2);
  for (const img of await thumbnails.all()) {
    await expect(img).toHaveAttribute('loading', 'lazy');
    await expect(img).toHaveAttribute('srcset', /\?width=320&height=\d+ 320w/);
    await expect(img).toHaveAttribute('width', /\d+/);
    await expect(img).toHaveAttribute('height', /\d+/);
  }

  // The culture programme's cards: the 640 copy, never the 1920 original.
  media.length = 0;
  await page.goto('/kulturprogram');
  const cardImage = page.locator('img.programme-item__image').first();
  await expect(cardImage).toHaveAttribute('src', /\?width=640&height=360$/);
  await cardImage.scrollIntoViewIfNeeded();
  await expect.poll(() => cardImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  expect(Number(new URL(await cardImage.evaluate((img: HTMLImageElement) => img.currentSrc)).searchParams.get('width'))).toBeLessThanOrEqual(640);
  expect(media.some((entry) => entry.url.includes('width=1920') || !entry.url.includes('?'))).toBe(false);
});

test('a phone at 1.75 dppx (Lighthouse’s) takes the 720 copy of the cover, not the 960, asked for once from the head', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL: baseURL ?? '', viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, serviceWorkers: 'block' });
  const page = await context.newPage();
  const widths: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === INFO_COVER) widths.push(url.searchParams.get('width') ?? 'original');
  });
  await page.goto('/bassenget');
  const cover = page.locator('img.cover__image');
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  // 92vw of 412 px at 1.75 dppx is 663 device px: the 720 copy is sharp, the 960 one nearly twice the bytes.
  expect(new URL(await cover.evaluate((img: HTMLImageElement) => img.currentSrc)).searchParams.get('width')).toBe('720');
  // The head preloads it with the <img>'s own candidates, ahead of the stylesheet, so a slow line asks
  // for it with the page's first bytes; the same choice, so it comes once.
  expect(widths).toEqual(['720']);
  const preload = page.locator('head link[rel="preload"][as="image"]');
  await expect(preload).toHaveAttribute('imagesrcset', (await cover.getAttribute('srcset')) ?? 'missing');
  await expect(preload).toHaveAttribute('imagesizes', (await cover.getAttribute('sizes')) ?? 'missing');
  await expect(preload).toHaveAttribute('fetchpriority', 'high');
  const [preloadAt, stylesheetAt] = await page.evaluate(() => {
    const children = [...document.head.children];
    return [
      children.findIndex((child) => child.matches('link[rel="preload"][as="image"]')),
      children.findIndex((child) => child.matches('style, link[rel="stylesheet"]')),
    ];
  });
  expect(preloadAt).toBeGreaterThan(-1);
  expect(preloadAt).toBeLessThan(stylesheetAt);
  expect(size(INFO_COVER.replace('.webp', '.w720.webp'))).toBeLessThan(size(INFO_COVER.replace('.webp', '.w960.webp')));
  await context.close();
});

test('the typeface is preloaded from the site and used, within the CSP', async ({ page }) => {
  const fonts: string[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('.woff2')) fonts.push(`${response.status()} ${response.headers()['content-type']}`);
  });
  await page.goto('/');
  const preload = page.locator('link[rel="preload"][as="font"]');
  await expect(preload).toHaveCount(1);
  await expect(preload).toHaveAttribute('href', /^\/_astro\/figtree-latin-wght-normal\.[\w-]+\.woff2$/);
  expect(await page.evaluate(async () => (await document.fonts.ready, document.fonts.check('700 16px "Figtree Variable"', 'æøå')))).toBe(true);
  expect(await page.locator('h1').evaluate((h1) => getComputedStyle(h1).fontFamily)).toMatch(/^"Figtree Variable"/);
  expect(fonts).toContain('200 font/woff2');
});

for (const width of [320, 390]) {
  test(`the header search is usable on a ${width} px phone`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/om-huset');
    // One header row on a phone: the search button opens the field below it, focused.
    const toggle = page.locator('.search-toggle');
    await expect(toggle).toHaveAccessibleName('Søk');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const field = page.getByRole('searchbox', { name: 'Søk på nettstaden' });
    await expect(field).toBeVisible();
    await expect(field).toBeFocused();
    const box = await field.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(width - 120);
    // The header itself fits (the page's own reflow at 320 px is tests/e2e's reflow check).
    expect(await page.locator('.site-header__bar').evaluate((bar) => bar.scrollWidth <= bar.clientWidth)).toBe(true);
    await field.fill('basseng');
    await field.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=basseng$/);
    await expect(page.locator('.search-result').first()).toBeVisible();
  });
}
