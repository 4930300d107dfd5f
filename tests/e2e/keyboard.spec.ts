/**
 * The site by keyboard alone. Focus is visible at every Tab stop of one page of each type
 * (WCAG 2.4.7) and never falls to <body> after an action (2.4.3); the visitor's main errands can
 * be done with Tab and Enter (2.1.1): find a film from the front page and reach its ticket link,
 * open the phone menu and go to a page, search and open a result. Pages and targets are found
 * from the content and by role, so the checks hold whatever the markup becomes.
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { focusReport, rememberUnfocusedLooks, tabThroughPage } from './a11y-checks';
import { FIXED_NOW } from './clock';
import { expect, test } from './fixtures';

interface ContentProduction {
  object: 'movie' | 'culture';
  pageReference: string;
  features: { trailerYoutubeId?: string };
}
interface ContentEvent {
  startTime: string;
  ticketUrl?: string;
  production: { pageReference?: string };
}
const productions = JSON.parse(readFileSync('content/productions.json', 'utf8')) as ContentProduction[];
const events = JSON.parse(readFileSync('content/events.json', 'utf8')) as ContentEvent[];
const upcoming = events.filter((event) => Date.parse(event.startTime) > Date.parse(FIXED_NOW));
const hasShows = (production: ContentProduction) => upcoming.some((event) => event.production.pageReference === production.pageReference);
const films = productions.filter((production) => production.object === 'movie' && hasShows(production));
const filmWithTrailer = films.find((production) => production.features.trailerYoutubeId)!;
const culture = productions.find((production) => production.object === 'culture' && hasShows(production))!;

/** Presses Tab until one of `targets` has focus; fails after `limit` presses. Returns the presses needed. */
async function tabTo(page: Page, targets: Locator, limit = 150): Promise<number> {
  // How things look without focus, once per page, so focusReport can tell a focus ring from a standing style.
  if (!(await page.evaluate(() => '__unfocusedLooks' in window))) await rememberUnfocusedLooks(page);
  for (let presses = 1; presses <= limit; presses += 1) {
    await page.keyboard.press('Tab');
    if (await targets.evaluateAll((elements) => elements.some((element) => element === document.activeElement))) return presses;
  }
  throw new Error(`no target reached in ${limit} Tab presses`);
}

async function expectVisibleFocus(page: Page) {
  const report = await focusReport(page);
  expect(report.onBody, 'focus fell to <body>').toBe(false);
  expect(report.problem, report.element).toBeUndefined();
}

const PAGES_BY_TYPE: [string, string][] = [
  ['front page', '/'],
  ['culture programme', '/kulturprogram'],
  ['film', `/${filmWithTrailer.pageReference}`],
  ['culture production', `/${culture.pageReference}`],
  ['article with a table', '/article/info-om-cookies'],
  ['search with results', '/search?q=basseng'],
  ['film-club sign-in', '/filmklubb/logg-inn'],
  ['plain page', '/om-huset'],
];

for (const [half, pages] of [PAGES_BY_TYPE.slice(0, 4), PAGES_BY_TYPE.slice(4)].entries()) {
  test(`focus is visible at every Tab stop, on one page of each type, part ${half + 1} of 2`, async ({ page }) => {
    test.setTimeout(30_000 + pages.length * 30_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    const problems: string[] = [];
    for (const [type, path] of pages) {
      await page.goto(path);
      await page.waitForFunction(() => !document.querySelector('astro-island[ssr]:not([client="visible"])'));
      if (path.startsWith('/search')) await expect(page.getByRole('region', { name: 'Treff' })).toBeVisible();
      const { stops, problems: found } = await tabThroughPage(page);
      expect(stops, `${type} ${path}: Tab stops`).toBeGreaterThan(10);
      for (const problem of found) problems.push(`${type} ${path}: ${problem}`);
    }
    expect(problems).toEqual([]);
  });
}

test('focus is visible at every Tab stop of a programme day and of the front page on a phone', async ({ page, request }) => {
  test.setTimeout(120_000);
  // The generated page of the first day the programme links to (with JavaScript the links become ?dag=).
  const day = /href="(\/kinoprogram\/dag\/[^"]+)"/.exec(await (await request.get('/kinoprogram')).text())?.[1];
  expect(day).toBeTruthy();
  const problems: string[] = [];
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(day!);
  // Disclosures in the content (the date picker) opened, so the Tab run reaches what they hold.
  await page.evaluate(() => document.querySelectorAll('main details').forEach((details) => ((details as HTMLDetailsElement).open = true)));
  for (const problem of (await tabThroughPage(page)).problems) problems.push(`${day}: ${problem}`);
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/');
  for (const problem of (await tabThroughPage(page)).problems) problems.push(`/ at 320 px: ${problem}`);
  expect(problems).toEqual([]);
});

test('by keyboard: from the front page to a film and on to its ticket link', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const filmLinks = page.locator(films.map((film) => `main a[href="/${film.pageReference}"]`).join(', '));
  await tabTo(page, filmLinks);
  await expectVisibleFocus(page);
  const href = await page.evaluate(() => (document.activeElement as HTMLAnchorElement).getAttribute('href'));
  const film = films.find((candidate) => `/${candidate.pageReference}` === href)!;
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${href}/?$`));
  const tickets = upcoming.filter((event) => event.production.pageReference === film.pageReference && event.ticketUrl).map((event) => event.ticketUrl!);
  expect(tickets.length).toBeGreaterThan(0);
  await tabTo(page, page.locator(tickets.map((url) => `main a[href="${url}"]`).join(', ')));
  await expectVisibleFocus(page);
});

test('by keyboard on a phone: open the menu, keep focus on its button, and go to a page', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Meny' });
  const nav = page.getByRole('navigation', { name: 'Hovudmeny' });
  await tabTo(page, toggle, 30);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(toggle).toBeFocused();
  // Closing and opening again leaves focus where it was.
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(nav.getByRole('link', { name: 'Kulturprogram' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Enter');
  await tabTo(page, nav.getByRole('link', { name: 'Kulturprogram' }), 40);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/kulturprogram\/?$/);
});

test('by keyboard: search from the header and open a result', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await tabTo(page, page.getByRole('search', { name: 'Søk på nettstaden' }).getByRole('searchbox'), 40);
  await expectVisibleFocus(page);
  await page.keyboard.type('basseng');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=basseng$/);
  const results = page.getByRole('region', { name: 'Treff' });
  await expect(results.getByRole('link').first()).toBeVisible();
  await tabTo(page, results.getByRole('link'), 60);
  await expectVisibleFocus(page);
  const href = await page.evaluate(() => (document.activeElement as HTMLAnchorElement).getAttribute('href'));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${href!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\/$/, '')}/?$`));
});

test('a programme filter chosen by keyboard keeps focus off <body>', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/kinoprogram');
  const filters = page.getByRole('navigation', { name: /Filtrer/ });
  const chip = filters.getByRole('link').nth(1);
  const name = (await chip.textContent())!.trim();
  await tabTo(page, chip, 120);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/kinoprogram[/?]/);
  await expect(filters.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'true');
  await expectVisibleFocus(page);
});
