/**
 * Writes PNGs of the pages a visitor sees most into reports/screenshots/ (git-ignored), to be
 * looked at: full pages at 1280 and 390 px wide, and the first screen (what is seen before
 * scrolling) of one page of each type at 320 × 568, 390 × 844 and 1280 × 800 into
 * reports/screenshots/first-screen/. Asserts nothing beyond the pages loading. Consent is
 * answered first (but for one first visit of the front page), so it does not repeat.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { CONSENT_KEY, serialiseConsent } from '../../src/lib/analytics/consent';
import { readSnapshot } from '../../src/lib/content/snapshot';
import { demoMember } from '../../tests/e2e/filmclub-helpers';
import { FIXED_NOW } from '../../tests/e2e/clock';

const OUT = 'reports/screenshots';
const content = readSnapshot('content');
const film = content.productions.find(
  (production) => production.objectClass === 'movie' && content.events.some((event) => event.production.pageReference === production.pageReference),
);
const culture = content.productions.find((production) => production.object === 'culture');
const pages: [string, string][] = [
  ['framside', '/'],
  ['kinoprogram', '/kinoprogram'],
  ['film', `/${film?.pageReference ?? ''}`],
  ['kultur', `/${culture?.pageReference ?? ''}`],
  ['artikkel', '/article/sommarkaf'],
  ['sok', '/search?q=basseng'],
];
const widths = [1280, 390];
/** One page of each type, for the first-screen shots. */
const pageTypes: [string, string][] = [
  ...pages,
  ['kulturprogram', '/kulturprogram'],
  ['filmoversikt', '/filmoversikt'],
  ['kommende-filmer', '/kommende-filmer'],
  ['aktuelt', '/aktuelt'],
  ['infoside', '/om-huset'],
  ['mi-side-utan-innlogging', '/filmklubb/logg-inn'],
];
const screens = [
  { width: 320, height: 568 },
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

async function shoot(page: Page, name: string, width: number) {
  // Lazy images load only near the viewport, and a fast pass may skip some: ask for them all now.
  await page.evaluate(() => {
    for (const img of document.images) img.loading = 'eager';
  });
  // complete alone can be true for an image that has not started yet: wait until each is decoded
  // (or has failed, as a partner's missing poster may, for its fallback to show).
  await page.evaluate(() => Promise.allSettled([...document.images].map((img) => img.decode())));
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${OUT}/${name}-${width}.png`, fullPage: true });
}

test.beforeAll(() => mkdirSync(`${OUT}/first-screen`, { recursive: true }));

for (const screen of screens) {
  test(`first screens at ${screen.width} × ${screen.height}`, async ({ page }) => {
    // The build's clock, so tonight's showings are still to come.
    await page.clock.setFixedTime(new Date(FIXED_NOW));
    await page.setViewportSize(screen);
    await page.goto('/');
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: `${OUT}/first-screen/forste-besok-${screen.width}.png` });
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [CONSENT_KEY, serialiseConsent('denied', new Date(FIXED_NOW))] as const);
    for (const [name, path] of pageTypes) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      if (name === 'sok') await expect(page.locator('.search-result').first()).toBeVisible();
      await page.evaluate(() => Promise.allSettled([...document.images].filter((img) => img.loading !== 'lazy').map((img) => img.decode())));
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: `${OUT}/first-screen/${name}-${screen.width}.png` });
    }
  });
}

for (const width of widths) {
  test(`pages at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 844 });
    await page.goto('/');
    await shoot(page, 'framside-forste-besok', width);
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [CONSENT_KEY, serialiseConsent('denied', new Date())] as const);
    for (const [name, path] of pages) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      if (name === 'sok') await expect(page.locator('.search-result').first()).toBeVisible();
      await shoot(page, name, width);
    }
    await page.goto('/filmklubb/logg-inn');
    await page.getByLabel('E-postadresse').fill(demoMember.email);
    await page.getByLabel('Passord', { exact: true }).fill(demoMember.password);
    await page.getByRole('button', { name: 'Logg inn' }).click();
    await expect(page).toHaveURL(/\/filmklubb\/mi-side$/);
    // Tickets and watch list arrive after the page: shoot once both are there, so shoot() makes
    // their (lazy) posters load too instead of leaving their empty boxes in the picture.
    await expect(page.locator('.fc-ticket').first()).toBeVisible();
    await expect(page.locator('.fc-watchitem').first()).toBeVisible();
    await shoot(page, 'mi-side', width);
  });
}
