/**
 * What a visitor sees before scrolling, measured on the built demo (issue 28's table), with the
 * consent question already answered unless a test is about it. The first ticket link (the front
 * page's day strip, both programmes, a film page, a culture page) is inside the first screen at
 * 320 × 568, 390 × 844 and 1280 × 800, with the consent question open and once answered; the phone header is
 * one short row; the search page shows its field; the consent question takes at most a third
 * of a phone screen; film cards fit two or more to a phone screen, their «Neste» a ticket link;
 * a film page tells about the film (facts, showtimes, trailer) before the film club's member reviews.
 */
import type { Locator, Page } from '@playwright/test';
import { answerConsent, cultureOnShow, filmWithTrailer as film } from './demo-content';
import { expect, test } from './fixtures';

const PHONE = { width: 390, height: 844 };
const SMALL_PHONE = { width: 320, height: 568 };
const DESKTOP = { width: 1280, height: 800 };
const size = (viewport: { width: number; height: number }) => `${viewport.width}×${viewport.height}`;

/** The bottom edge of an element in page coordinates (CSS px from the top of the document). */
async function bottomOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => element.getBoundingClientRect().bottom + window.scrollY);
}
async function topOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
}

/** Waits for the page to have laid out with its own font, so heights are final. */
async function settle(page: Page) {
  await page.evaluate(() => document.fonts.ready);
}

const FIRST_TICKET: [string, string][] = [
  ['front page', '/'],
  ['cinema programme', '/kinoprogram'],
  ['culture programme', '/kulturprogram'],
  ['film page', `/${film.pageReference}`],
  ['event page', `/${cultureOnShow.pageReference}`],
];

/**
 * The first ticket link of each page type ends inside the first screen, on a first visit with the
 * consent question still unanswered (at the top of the page on every size) and once it is answered.
 */
for (const [name, path] of FIRST_TICKET) {
  for (const viewport of [SMALL_PHONE, PHONE, DESKTOP]) {
    test(`${name}: the first ticket link is inside the first screen at ${size(viewport)}, consent unanswered or answered`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const over: string[] = [];
      // First unanswered (a first visit), then with the answer stored before the page loads.
      for (const answered of [false, true]) {
        if (answered) await answerConsent(page);
        await page.goto(path);
        await settle(page);
        await expect(page.locator('dialog[data-consent]')).toBeVisible({ visible: !answered });
        // The front page's first ticket link is tonight's (the day strip); another page's is its first showing.
        const scope = path === '/' ? page.locator('main .today') : page.locator('main');
        const link = scope.locator('a[data-ticket-link]').first();
        await expect(link).toBeVisible();
        const bottom = await bottomOf(link);
        if (bottom > viewport.height)
          over.push(`${answered ? 'answered' : 'unanswered'}: ends ${Math.round(bottom)} px down, ${Math.round(bottom - viewport.height)} px over`);
        else console.log(`${name} ${size(viewport)} ${answered ? 'answered' : 'unanswered'}: ${Math.round(bottom)} px`);
      }
      expect(over).toEqual([]);
    });
  }
}

for (const viewport of [SMALL_PHONE, PHONE]) {
  test(`the search page opens with its search field inside the first screen at ${size(viewport)}`, async ({ page }) => {
    await answerConsent(page);
    await page.setViewportSize(viewport);
    await page.goto('/search');
    await settle(page);
    // A compact heading, not the decorative cover, then the field.
    await expect(page.locator('main .page-head h1')).toHaveText('Søk');
    await expect(page.locator('main .cover')).toHaveCount(0);
    const field = page.locator('main').getByRole('searchbox');
    await expect(field).toBeVisible();
    const bottom = await bottomOf(field);
    expect(bottom, `search field ends ${Math.round(bottom)} px down`).toBeLessThanOrEqual(viewport.height);
  });
}

test('the phone header is one row of at most 110 px, with search, menu and the film club within reach', async ({ page }) => {
  await answerConsent(page);
  await page.setViewportSize(PHONE);
  await page.goto('/');
  await settle(page);
  const header = page.locator('header.site-header');
  const height = await header.evaluate((element) => element.getBoundingClientRect().height);
  expect(height, `header is ${height} px high`).toBeLessThanOrEqual(110);
  // The search button opens the search field; the menu holds «Kinoprogram» at its first level.
  const search = page.getByRole('button', { name: /^Søk/ });
  await expect(search).toBeVisible();
  await search.click();
  const field = page.getByRole('searchbox', { name: 'Søk på nettstaden' });
  await expect(field).toBeVisible();
  await expect(field).toBeFocused();
  await page.getByRole('button', { name: 'Meny' }).click();
  const menu = page.getByRole('navigation', { name: 'Hovudmeny' });
  await expect(menu.locator(':scope > ul > li > a', { hasText: /^Kinoprogram$/ })).toBeVisible();
  await expect(menu.getByRole('link', { name: /Logg inn/ })).toBeVisible();
});

test('on a 1280 px screen the main menu is one line', async ({ page }) => {
  await answerConsent(page);
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await settle(page);
  const tops = await page
    .locator('#hovudmeny > ul > li')
    .evaluateAll((items) => [
      ...new Set(items.filter((item) => (item as HTMLElement).offsetParent).map((item) => Math.round(item.getBoundingClientRect().top))),
    ]);
  expect(tops).toHaveLength(1);
});

for (const viewport of [SMALL_PHONE, PHONE]) {
  test(`the consent question takes at most a third of a ${size(viewport)} screen`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await settle(page);
    const dialog = page.locator('dialog[data-consent]');
    await expect(dialog).toBeVisible();
    const height = await dialog.evaluate((element) => element.getBoundingClientRect().height);
    expect(height, `consent is ${height} px high`).toBeLessThanOrEqual(viewport.height / 3);
  });
}

for (const viewport of [SMALL_PHONE, PHONE]) {
  test(`film and event cards fit two or more to a ${size(viewport)} screen`, async ({ page }) => {
    await answerConsent(page);
    await page.setViewportSize(viewport);
    const tooFew: string[] = [];
    for (const [path, selector] of [
      ['/', 'main .card-list--posters > li'],
      ['/', 'main .today__item'],
      ['/', 'main .programme-item--event'],
      ['/filmoversikt', 'main .card-list--posters > li'],
      ['/kinoprogram', 'main .programme-item--film'],
      ['/kulturprogram', 'main .programme-item--event'],
    ] as const) {
      await page.goto(path);
      await settle(page);
      const cards = page.locator(selector);
      expect(await cards.count(), `${path} ${selector}`).toBeGreaterThan(1);
      // How many cards lie whole within one screen that starts at the first card's top.
      const whole = await cards.evaluateAll((elements, height) => {
        const boxes = elements.map((element) => element.getBoundingClientRect());
        const start = boxes[0]!.top;
        return boxes.filter((box) => box.top >= start - 1 && box.bottom <= start + height + 1).length;
      }, viewport.height);
      if (whole < 2) tooFew.push(`${path} ${selector}: ${whole} card(s) in one screen`);
    }
    expect(tooFew).toEqual([]);
  });
}

test('a film card’s «Neste» is a ticket link named like every other showtime', async ({ page }) => {
  await answerConsent(page);
  await page.setViewportSize(PHONE);
  await page.goto('/filmoversikt');
  const cards = page.locator('main .card--poster').filter({ has: page.locator('.card__next') });
  expect(await cards.count()).toBeGreaterThan(1);
  let links = 0;
  for (const card of await cards.all()) {
    const title = (await card.locator('.card__title').innerText()).trim();
    // The one next showing the card shows: on sale, a ticket link «Kjøp billett til <film>, ty. 24. nov. kl. 18.00».
    const next = card.locator('.card__next li.slot:visible');
    await expect(next).toHaveCount(1);
    const link = next.locator('a[data-ticket-link]');
    if ((await link.count()) === 0) continue; // postponed, sold out: plain text saying why
    links += 1;
    await expect(link).toHaveAttribute('href', /^https?:\/\//);
    const name = `Kjøp billett til ${title}, `.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await expect(link).toHaveAccessibleName(new RegExp(`^${name}\\p{L}{2}\\. \\d{1,2}\\. \\p{L}+\\.? kl\\. \\d{2}\\.\\d{2}`, 'u'));
  }
  expect(links).toBeGreaterThan(1);
});

test('a film page on a phone tells about the film before the member reviews', async ({ page }) => {
  await answerConsent(page);
  await page.setViewportSize(PHONE);
  await page.goto(`/${film.pageReference}`);
  const review = page.locator('.fc-review').first();
  await expect(review).toBeVisible();
  const reviewTop = await topOf(review);
  for (const [what, locator] of [
    ['the facts', page.locator('dl.facts')],
    ['the next showtimes', page.locator('.hero__times')],
    ['the full showtime list', page.locator('#framsyningar')],
    ['the trailer', page.locator('section.trailer')],
  ] as const) {
    const top = await topOf(locator);
    expect(top, `${what} (${Math.round(top)} px) before the first review (${Math.round(reviewTop)} px)`).toBeLessThan(reviewTop);
  }
});

test('the culture programme shows each event once, its performances as ticket buttons on one card', async ({ page }) => {
  await answerConsent(page);
  await page.goto('/kulturprogram');
  const titles = await page.locator('main .programme-item--event .programme-item__title').allInnerTexts();
  expect(titles.length).toBeGreaterThan(1);
  expect(new Set(titles).size).toBe(titles.length);
  // Events with several performances in the listing: one card, a button per date, each saying its day.
  const cards = page.locator('main .programme-item--event').filter({ has: page.locator('.slot + .slot') });
  expect(await cards.count(), 'the demo lists an event with several performances').toBeGreaterThan(0);
  for (const slot of await cards.locator('.slot').all()) await expect(slot.locator('.slot__day')).toBeVisible();
});
