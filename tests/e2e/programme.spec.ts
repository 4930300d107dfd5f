/**
 * The programme as visitors use it: /kinoprogram by day and film with time buttons that are the
 * ticket links, the culture programme as cards, the 14-day horizon and the week pages beyond,
 * filters folded on a phone, film pages that sell above the fold, and the front page's 'I dag'.
 * Expected values come from the content itself and the pinned test clock.
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { FIXED_NOW } from './clock';
import { axeViolations, expect, scanBudget, test } from './fixtures';

interface ContentEvent {
  id: string;
  object: 'movie' | 'culture';
  startTime: string;
  status: string;
  availability: string;
  ticketUrl: string;
  production: { pageReference?: string };
  venue: { name: string };
}
interface ContentProduction {
  id: string;
  object: 'movie' | 'culture';
  pageReference: string;
  title: string;
  features: { genres?: string[]; category?: string; ageLimit?: string };
}
const events = JSON.parse(readFileSync('content/events.json', 'utf8')) as ContentEvent[];
const productions = JSON.parse(readFileSync('content/productions.json', 'utf8')) as ContentProduction[];
const osloDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo', year: 'numeric', month: '2-digit', day: '2-digit' });
const dayOf = (event: ContentEvent) => osloDay.format(new Date(event.startTime));
const upcoming = events.filter((event) => Date.parse(event.startTime) > Date.parse(FIXED_NOW));
const HORIZON_END = '2026-12-06';
const TODAY = '2026-11-23';
const productionOf = (event: ContentEvent) => productions.find((production) => production.pageReference === event.production.pageReference)!;

/** Says no to statistics when asked, so the layout is the one a returning visitor sees. */
async function answerConsent(page: Page) {
  const deny = page.getByRole('button', { name: 'Berre nødvendige' });
  if (await deny.isVisible()) {
    await deny.click();
    await expect(deny).toBeHidden();
  }
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'element has a box').not.toBeNull();
  return found!;
}

test('the cinema programme lists each day’s films once, with that day’s showtimes as time buttons', async ({ page }) => {
  await page.goto('/kinoprogram');
  const groups = page.locator('.programme [data-programme-group]');
  const days = await groups.evaluateAll((elements) => elements.map((element) => (element as HTMLElement).dataset['day'] ?? ''));
  const expectedDays = [...new Set(upcoming.filter((event) => event.object === 'movie' && dayOf(event) <= HORIZON_END).map(dayOf))].sort();
  expect(days).toEqual(expectedDays);
  await expect(groups.first().getByRole('heading', { level: 3 })).toHaveText('I morgon, tysdag 24. november');

  for (const [index, day] of days.entries()) {
    const films = await groups
      .nth(index)
      .locator('[data-showing-group]')
      .evaluateAll((items) =>
        items.map((item) => ({
          href: item.querySelector('h4 a')?.getAttribute('href') ?? '',
          starts: [...item.querySelectorAll<HTMLElement>('[data-starts]')].map((slot) => slot.dataset['starts'] ?? ''),
        })),
      );
    // Each film once a day, holding exactly its showtimes that day, earliest first.
    expect(new Set(films.map((film) => film.href)).size).toBe(films.length);
    for (const film of films) {
      const expected = upcoming
        .filter((event) => `/${event.production.pageReference}` === film.href && dayOf(event) === day)
        .map((event) => event.startTime)
        .sort((a, b) => Date.parse(a) - Date.parse(b));
      expect(film.starts).toEqual(expected);
    }
  }

  // A film shown twice a day: one entry, two time buttons; the hall is named where they differ.
  const twice = groups.filter({ has: page.locator('h3', { hasText: '24. november' }) }).locator('[data-showing-group]', { hasText: 'Alt vi ikkje sa' });
  await expect(twice).toHaveCount(1);
  await expect(twice.locator('.slot')).toHaveCount(2);
  await expect(twice.locator('img')).toHaveAttribute('loading', 'lazy');
  await expect(twice.locator('img')).toHaveAttribute('width', '80');
  await expect(twice.locator('img')).toHaveAttribute('height', '120');
  await expect(twice.getByRole('link', { name: /kl\. 11\.00 Wickssalen, babykino$/ })).toBeVisible();
  await expect(twice.getByRole('link', { name: /kl\. 18\.00 Soltun scene$/ })).toBeVisible();
  await expect(twice.locator('.age')).toHaveCount(1);
});

test('each time button is the ticket link for its showing, carrying the analytics item as before', async ({ page }) => {
  await page.goto('/kinoprogram');
  const links = page.locator('.programme [data-showing-group] a[data-ticket-link]');
  expect(await links.count()).toBeGreaterThan(10);
  const listed = await links.evaluateAll((anchors) =>
    anchors.map((anchor) => ({
      href: anchor.getAttribute('href'),
      starts: anchor.closest<HTMLElement>('[data-starts]')?.dataset['starts'],
      id: anchor.getAttribute('data-item-id'),
      name: anchor.getAttribute('data-item-name'),
      category: anchor.getAttribute('data-item-category'),
      list: anchor.closest('[data-item-list]')?.getAttribute('data-item-list'),
    })),
  );
  for (const link of listed) {
    const event = upcoming.find((candidate) => candidate.startTime === link.starts && candidate.ticketUrl === link.href);
    expect(event, `${link.href} at ${link.starts}`).toBeDefined();
    const production = productionOf(event!);
    expect(link).toMatchObject({ id: production.id, name: production.title, category: production.features.genres![0], list: 'Kinoprogram' });
  }
  const first = links.first();
  await expect(first).toHaveAccessibleName(/^Kjøp billett til .+, \S+ \d+\. \S+ kl\. \d\d\.\d\d/);
});

test('a sold-out showtime is no link and says so; few tickets are said on the button', async ({ page }) => {
  await page.goto('/kinoprogram');
  const soldOut = upcoming.find((event) => event.object === 'movie' && event.availability === 'soldout' && dayOf(event) <= HORIZON_END)!;
  const slot = page.locator(`.programme [data-starts="${soldOut.startTime}"]`).filter({ hasText: /(?<!Nesten )Utselt/ });
  await expect(slot).toHaveCount(1);
  await expect(slot.getByRole('link')).toHaveCount(0);
  // The same film's other showtime that day still sells.
  const sameDay = upcoming.find(
    (event) => event !== soldOut && event.production.pageReference === soldOut.production.pageReference && dayOf(event) === dayOf(soldOut),
  );
  if (sameDay) await expect(page.locator(`.programme [data-starts="${sameDay.startTime}"] a[data-ticket-link]`)).toHaveAttribute('href', sameDay.ticketUrl);
  const few = upcoming.find(
    (event) => event.object === 'movie' && event.availability === 'few' && event.status === 'scheduled' && dayOf(event) <= HORIZON_END,
  )!;
  await expect(page.locator(`.programme [data-starts="${few.startTime}"] a[href="${few.ticketUrl}"]`)).toContainText('Nesten utselt');
});

test('showtimes that have started since the build are hidden, with films and days left empty, and days are named from the visitor’s clock', async ({
  page,
}) => {
  const later = new Date('2026-11-24T19:00:00+01:00');
  await page.clock.setFixedTime(later);
  await page.goto('/kinoprogram');
  const slots = page.locator('.programme .slot[data-starts]');
  await expect.poll(() => slots.evaluateAll((elements) => elements.some((element) => (element as HTMLElement).hidden))).toBe(true);
  const states = await slots.evaluateAll((elements) =>
    elements.map((element) => ({ starts: Date.parse((element as HTMLElement).dataset['starts'] ?? ''), visible: (element as HTMLElement).checkVisibility() })),
  );
  for (const state of states) expect(state.visible).toBe(state.starts > later.getTime());
  // A started showtime is never offered as a link.
  for (const link of await page.locator('.programme a[data-ticket-link]:visible').all()) {
    expect(Date.parse((await link.locator('xpath=ancestor::li[@data-starts][1]').getAttribute('data-starts'))!)).toBeGreaterThan(later.getTime());
  }
  const firstVisible = page.locator('[data-programme-group]:not([hidden])').first();
  await expect(firstVisible.getByRole('heading', { level: 3 })).toHaveText('I dag, tysdag 24. november');
  // 'Alt vi ikkje sa' played at 11.00 and plays at 18.00 (started too): the film is gone from the day.
  await expect(firstVisible.locator('[data-showing-group]', { hasText: 'Alt vi ikkje sa' })).toBeHidden();
});

test('the programme stops at the 14-day horizon; “Seinare” leads to week pages that go on week by week', async ({ page }) => {
  await page.goto('/kinoprogram');
  const days = await page
    .locator('.programme [data-programme-group]')
    .evaluateAll((elements) => elements.map((element) => (element as HTMLElement).dataset['day'] ?? ''));
  expect(days.at(-1)! <= HORIZON_END).toBe(true);
  await expect(page.getByText('Programmet over går til og med søndag 6. desember.')).toBeVisible();
  const later = page.getByRole('navigation', { name: 'Fleire veker' }).getByRole('link', { name: /^Seinare: Veke 50, 7\.–13\. desember$/ });
  await later.click();
  await expect(page).toHaveURL(/\/kinoprogram\/veke\/2026-50\/?$/);
  await expect(page).toHaveTitle('Kulturhuset Kaia | Kinoprogram – Veke 50, 7.–13. desember');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.getByText('Viser veke 50, 7.–13. desember.')).toBeVisible();
  const weekDays = await page
    .locator('.programme [data-programme-group]')
    .evaluateAll((elements) => elements.map((element) => (element as HTMLElement).dataset['day'] ?? ''));
  const expected = [
    ...new Set(upcoming.filter((event) => event.object === 'movie' && dayOf(event) >= '2026-12-07' && dayOf(event) <= '2026-12-13').map(dayOf)),
  ].sort();
  expect(weekDays).toEqual(expected);
  await expect(page.locator('.programme [data-starts]')).toHaveCount(
    upcoming.filter((event) => event.object === 'movie' && expected.includes(dayOf(event))).length,
  );
  const weeks = page.getByRole('navigation', { name: 'Fleire veker' });
  await expect(weeks.getByRole('link', { name: /^Tidlegare: Veke 49/ })).toHaveAttribute('href', '/kinoprogram/veke/2026-49');
  await weeks.getByRole('link', { name: /^Seinare: Veke 51/ }).click();
  await expect(page).toHaveURL(/\/kinoprogram\/veke\/2026-51\/?$/);

  // Beyond the horizon the date picker leads to the day's own page, with JavaScript too.
  await page.goto('/kinoprogram');
  await page.getByText('Vel dato').click();
  await page.getByRole('link', { name: 'torsdag 17. desember', exact: true }).click();
  await expect(page).toHaveURL(/\/kinoprogram\/dag\/2026-12-17\/?$/);
  await expect(page.locator('.programme [data-starts]')).toHaveCount(
    upcoming.filter((event) => event.object === 'movie' && dayOf(event) === '2026-12-17').length,
  );
  // And a shared link with such a day goes there too.
  await page.goto('/kinoprogram?dag=2026-12-17');
  await expect(page).toHaveURL(/\/kinoprogram\/dag\/2026-12-17\/?$/);
});

test('the date picker moves by arrow keys and picks a day with Enter', async ({ page }) => {
  await page.goto('/kinoprogram');
  const filters = page.getByRole('navigation', { name: 'Filtrer kinoprogrammet' });
  await filters.getByText('Vel dato').focus();
  await page.keyboard.press('Enter');
  // One day of the grid is in the tab order: the first with showings.
  await page.keyboard.press('Tab');
  await expect(filters.getByRole('link', { name: 'tysdag 24. november', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(filters.getByRole('link', { name: 'torsdag 26. november', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(filters.getByRole('link', { name: 'torsdag 3. desember', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(filters.getByRole('link', { name: 'tysdag 1. desember', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(filters.getByRole('link', { name: 'tysdag 24. november', exact: true })).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowDown');
  await expect(filters.getByRole('link', { name: 'tysdag 1. desember', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/kinoprogram\?dag=2026-12-01$/);
  await expect(filters.getByRole('link', { name: 'Tysdag 1. desember', exact: true })).toBeFocused();
  await expect(page.locator('.programme [data-starts]:visible')).toHaveCount(
    upcoming.filter((event) => event.object === 'movie' && dayOf(event) === '2026-12-01').length,
  );
});

test('at 320 px the open date picker’s months fit inside the filter card', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/kinoprogram');
  const filters = page.getByRole('navigation', { name: 'Filtrer kinoprogrammet' });
  await filters.locator('summary', { hasText: /^Filter/ }).click();
  await filters.getByText('Vel dato').click();
  const card = await box(filters);
  const months = filters.locator('.date-picker__month');
  expect(await months.count()).toBeGreaterThan(0);
  for (const month of await months.all()) {
    const { x, width } = await box(month);
    expect(x).toBeGreaterThanOrEqual(card.x);
    expect(x + width).toBeLessThanOrEqual(card.x + card.width);
  }
  // Every day of the grid keeps a target of at least 24 × 24 px.
  const day = await box(months.first().getByRole('link').first());
  expect(Math.min(day.width, day.height)).toBeGreaterThanOrEqual(24);
});

test('on a phone the filters fold into one control that counts the active ones, and the list starts on the first screen', async ({ browser, baseURL }) => {
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ baseURL: baseURL ?? '', viewport: { width: 390, height: 844 }, javaScriptEnabled });
    const page = await context.newPage();
    await page.clock.setFixedTime(new Date(FIXED_NOW));
    await page.goto('/kinoprogram');
    if (javaScriptEnabled) await answerConsent(page);
    const filters = page.getByRole('navigation', { name: 'Filtrer kinoprogrammet' });
    const fold = filters.locator('summary', { hasText: /^Filter/ });
    await expect(fold).toHaveText('Filter');
    await expect(filters.getByRole('group', { name: 'Sjanger' })).toBeHidden();
    if (javaScriptEnabled) {
      // Without JavaScript the site's menu stands open above the page (site-header.ts folds it), so only then is the first screen measured.
      const firstDay = page.locator('.programme [data-programme-group]').first().getByRole('heading', { level: 3 });
      const { y, height } = await box(firstDay);
      expect(y + height).toBeLessThanOrEqual(844);
    }
    await fold.click();
    await filters.getByRole('group', { name: 'Sjanger' }).getByRole('link', { name: 'Drama', exact: true }).click();
    await expect(page).toHaveURL(javaScriptEnabled ? /\/kinoprogram\?sjanger=drama$/ : /\/kinoprogram\/sjanger\/drama\/?$/);
    await expect(filters.locator('summary', { hasText: /^Filter/ })).toHaveText('Filter (1)');
    if (javaScriptEnabled) {
      await expect(filters.getByRole('group', { name: 'Sjanger' })).toBeVisible();
      await filters.getByRole('link', { name: 'I morgon', exact: true }).click();
      await expect(filters.locator('summary', { hasText: /^Filter/ })).toHaveText('Filter (2)');
    }
    await context.close();
  }
  // On a wide screen the filters are open, with no fold to open.
  const wide = await browser.newContext({ baseURL: baseURL ?? '', viewport: { width: 1280, height: 800 } });
  const page = await wide.newPage();
  await page.goto('/kinoprogram');
  const filters = page.getByRole('navigation', { name: 'Filtrer kinoprogrammet' });
  await expect(filters.getByRole('group', { name: 'Sjanger' })).toBeVisible();
  await expect(filters.locator('summary', { hasText: /^Filter/ })).toBeHidden();
  await wide.close();
});

test('the culture programme lists events as cards, one per event: image, category, date, venue, price and tickets', async ({ page }) => {
  await page.goto('/kulturprogram');
  const cards = page.locator('.programme [data-showing-group]');
  const expected = upcoming
    .filter((event) => event.object === 'culture' && dayOf(event) <= HORIZON_END)
    .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
  // The performances of one event share its card.
  await expect(cards).toHaveCount(new Set(expected.map((event) => event.production.pageReference)).size);
  await expect(cards.locator('[data-starts]')).toHaveCount(expected.length);
  const first = expected[0]!;
  const card = cards.first();
  await expect(card.getByRole('heading', { level: 3 })).toHaveText(productionOf(first).title);
  await expect(card.locator('img')).toHaveAttribute('loading', 'lazy');
  // The day: in the facts for one performance, on each button for several.
  await expect(card).toContainText(/Måndag 23\. november|må\. 23\. nov\./);
  await expect(card).toContainText(first.venue.name);
  await expect(card.locator('[data-starts]').first()).toHaveAttribute('data-starts', first.startTime);
  await expect(card.getByRole('link', { name: /^Kjøp billett til / }).first()).toHaveAttribute('href', first.ticketUrl);
});

for (const [width, height] of [
  [1280, 800],
  [390, 844],
] as const) {
  test(`a film page sells above the fold at ${width}×${height}: poster, title, age limit, facts and the next showtime’s ticket`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    const film = productions.find((production) => production.pageReference === 'alt-vi-ikkje-sa-qy4zf')!;
    await page.goto(`/${film.pageReference}`);
    await answerConsent(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    const fold = width === 1280 ? height : height * 1.5;
    const hero = page.locator('.hero');
    const next = upcoming
      .filter((event) => event.production.pageReference === film.pageReference && event.status !== 'cancelled')
      .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime))[0]!;
    const parts: [string, Locator][] = [
      ['poster', hero.locator('img.hero__poster')],
      ['title', hero.getByRole('heading', { level: 1, name: film.title })],
      ['age limit', hero.locator('.age')],
      ['next showtime', hero.locator(`[data-starts="${next.startTime}"] a[data-ticket-link]`)],
    ];
    if (width === 1280) {
      parts.push(['companion rule', hero.getByText('Frå 9 år i følgje med vaksen')]);
      parts.push(['length', hero.getByText('112 min')]);
      parts.push(['genre', hero.getByText('Drama', { exact: true })]);
    }
    for (const [name, locator] of parts) {
      await expect(locator, name).toBeVisible();
      const { x, y, width: w, height: h } = await box(locator);
      expect(y + Math.min(h, 60), `${name} starts within the first ${fold}px`).toBeLessThanOrEqual(fold);
      expect(x >= 0 && x + w <= width, `${name} within the width`).toBe(true);
    }
    await expect(hero.locator(`[data-starts="${next.startTime}"] a[data-ticket-link]`)).toHaveAttribute('href', next.ticketUrl);
    // The description, facts and the full list follow the hero.
    const facts = page.locator('.facts');
    await expect(facts.locator('dt').first()).toHaveText('Aldersgrense');
    await expect(facts.locator('dd').first()).toHaveText('12 år (frå 9 år i følgje med vaksen)');
    expect((await box(facts)).y).toBeGreaterThan((await box(hero.locator('h1'))).y);
    await page.getByRole('link', { name: 'Alle visingar og kalender' }).click();
    await expect(page.locator('#framsyningar')).toBeInViewport();
  });
}

test('the culture programme keeps sold-out events, but never before a bookable one of the same day', async ({ page }) => {
  await page.goto('/kulturprogram');
  const cards = page.locator('[data-programme] li[data-showing-group]');
  expect(await cards.count()).toBeGreaterThan(1);
  const order = await cards.evaluateAll((items) =>
    items.map((item) => ({ day: item.getAttribute('data-day'), bookable: item.querySelector('a[data-ticket-link]') !== null })),
  );
  expect(order.some((card) => !card.bookable)).toBe(true);
  const misplaced = order.filter((card, index) => !card.bookable && order.slice(index + 1).some((later) => later.day === card.day && later.bookable));
  expect(misplaced).toEqual([]);
});

test('the front page opens with what is on today against the pinned clock, then films, culture and news', async ({ page }) => {
  await page.goto('/');
  await answerConsent(page);
  const strip = page.getByRole('region', { name: 'I dag' });
  await expect(strip).toContainText('Måndag 23. november');
  const today = upcoming.filter((event) => dayOf(event) === TODAY).sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
  expect(today.length).toBeGreaterThan(0);
  const starts = await strip.locator('[data-starts]:visible').evaluateAll((slots) => slots.map((slot) => (slot as HTMLElement).dataset['starts']));
  expect(starts).toEqual(today.map((event) => event.startTime));
  for (const event of today) {
    const item = strip.locator('[data-showing-group]', { has: page.locator(`[data-starts="${event.startTime}"]`) });
    await expect(item.getByRole('heading', { level: 3 })).toHaveText(productionOf(event).title);
    await expect(item.locator('a[data-ticket-link]')).toHaveAttribute('href', event.ticketUrl);
  }
  // It comes first in the content, before the films, the culture programme and the news.
  const order = await page
    .locator('main h2')
    .evaluateAll((headings) => headings.filter((heading) => heading.checkVisibility()).map((heading) => heading.textContent?.trim() ?? ''));
  expect(order.indexOf('I dag')).toBe(0);
  expect(order.indexOf('På kino no')).toBeGreaterThan(0);
  expect(order.indexOf('Neste på scena')).toBeGreaterThan(order.indexOf('På kino no'));
  expect(order.indexOf('Aktuelt')).toBeGreaterThan(order.indexOf('Neste på scena'));

  // Late in the evening the live script hides what has started, says nothing more is on today
  // and lists the next day with showings (between-builds.spec.ts follows the days after).
  await page.clock.setFixedTime(new Date('2026-11-23T19:30:00+01:00'));
  await page.reload();
  const evening = page.locator('[data-day-strip]');
  await expect(evening.getByRole('heading', { level: 2 })).toHaveText('Neste på programmet');
  await expect(evening.locator('[data-strip-note]')).toHaveText('Det er ikkje meir på programmet i dag. Neste dag med noko på er tysdag 24. november.');
  const tuesday = upcoming.filter((event) => dayOf(event) === '2026-11-24').map((event) => event.startTime);
  const shown = await evening.locator('[data-starts]:visible').evaluateAll((slots) => slots.map((slot) => (slot as HTMLElement).dataset['starts'] ?? ''));
  expect(shown.sort()).toEqual(tuesday.sort());
});

test('a film is labelled by its genres alike in the front page’s strip and in the cinema programme, never just «Film»', async ({ page }) => {
  // The build's day lists no film in the strip; the next morning, with the visitor's clock, it does.
  const tuesday = '2026-11-24';
  await page.clock.setFixedTime(new Date(`${tuesday}T10:00:00+01:00`));
  await page.goto('/');
  await answerConsent(page);
  const films = page.locator(`[data-day-strip] [data-strip-day="${tuesday}"] > li.today__item`);
  await expect(films.first()).toBeVisible();
  const labels: { path: string; label: string }[] = [];
  for (const item of await films.all()) {
    const path = (await item.locator('.today__title a').getAttribute('href')) ?? '';
    const production = productions.find((candidate) => `/${candidate.pageReference}` === path);
    if (production?.object !== 'movie') continue;
    const label = production.features.genres!.join(', ').replace(/^./, (first) => first.toUpperCase());
    const facts = await item.locator('.today__facts').innerText();
    expect(facts, path).toContain(label);
    expect(facts, path).not.toMatch(/\bFilm\b/);
    labels.push({ path, label });
  }
  expect(labels.length).toBeGreaterThan(0);
  await page.goto('/kinoprogram');
  for (const { path, label } of labels) {
    await expect(
      page.locator(`[data-day="${tuesday}"] .programme-item`, { has: page.locator(`a[href="${path}"]`) }).locator('.programme-item__facts'),
    ).toContainText(label);
  }
});

test('film overview, coming films, culture programme, news and offers are listed', async ({ page }) => {
  await page.goto('/filmoversikt');
  expect(await page.locator('main .card').count()).toBeGreaterThanOrEqual(8);
  await page.goto('/kommende-filmer');
  expect(await page.locator('main .card').count()).toBeGreaterThanOrEqual(4);
  await expect(page.locator('main .card').first()).toContainText('Premiere');
  await page.goto('/kulturprogram');
  // Performances, on one card per event.
  expect(await page.locator('main .programme [data-starts]').count()).toBeGreaterThanOrEqual(8);
  await page.goto('/aktuelt');
  const dates = await page.locator('main .card time').evaluateAll((elements) => elements.map((element) => element.getAttribute('datetime') ?? ''));
  expect(dates.length).toBeGreaterThan(10);
  expect(dates).toEqual([...dates].sort().reverse());
  await expect(page.locator('main')).not.toContainText('Personvernerklæring');
  await page.goto('/tilbod');
  expect(await page.locator('main .card').count()).toBeGreaterThan(5);
});

test('a film reached from the programme shows its facts, the film club and its showtimes with ticket links', async ({ page }) => {
  await page.goto('/kinoprogram');
  await page.locator('.programme [data-showing-group] h4 a').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.facts')).toContainText('Aldersgrense');
  await expect(page.locator('[data-movie-info]')).toHaveAttribute('data-edi', /^\d+$/);
  expect(await page.locator('#framsyningar [data-starts] a[data-ticket-link]').count()).toBeGreaterThan(0);
});

test('the news cards fill their row instead of leaving an empty column', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const news = page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'Aktuelt' }) });
  const cards = news.locator('.card');
  await expect(cards).toHaveCount(3);
  const list = await box(news.locator('.card-list'));
  const last = await box(cards.last());
  expect(list.x + list.width - (last.x + last.width)).toBeLessThan(2);
});

// The sitemap sweep (every-page.spec.ts) and the filter-page sweep scan these at 1280 px; the
// phone layout (folded filters, poster beside the title, cards in one column) is scanned here.
test('the programme, week, film, culture, news and article pages pass axe on a 390 px phone', async ({ page }) => {
  const paths = [
    '/',
    '/kinoprogram',
    '/kulturprogram',
    '/kinoprogram/veke/2026-50',
    '/kulturprogram/veke/2026-50',
    '/alt-vi-ikkje-sa-qy4zf',
    '/huset-ved-sundet-23deo',
    '/aktuelt',
    '/article/sommarkaf',
  ];
  test.setTimeout(scanBudget(paths.length));
  await page.setViewportSize({ width: 390, height: 844 });
  const problems: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    for (const violation of await axeViolations(page)) problems.push(`${path}: ${violation.rule} (${violation.help}) at ${violation.targets.join(', ')}`);
  }
  expect(problems).toEqual([]);
});
