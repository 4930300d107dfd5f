import { expect, test } from './fixtures';

test('the cinema programme lists showtimes by day, earliest first, each with age limit, hall and ticket', async ({ page }) => {
  await page.goto('/kinoprogram');
  const groups = page.locator('[data-programme-group]');
  const count = await groups.count();
  expect(count).toBeGreaterThan(7);

  const days = await groups.evaluateAll((elements) => elements.map((element) => (element as HTMLElement).dataset['day'] ?? ''));
  expect(days).toEqual([...days].sort());
  expect(new Set(days).size).toBe(days.length);
  expect(days[0]! >= '2026-11-23').toBe(true);
  await expect(groups.first().getByRole('heading', { level: 3 })).toHaveText(/^(I dag, måndag 23|I morgon, tysdag 24)\. november$/);

  for (let index = 0; index < count; index += 1) {
    const starts = await groups.nth(index).locator('[data-starts]').evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset['starts'] ?? ''));
    const times = starts.map((start) => Date.parse(start));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    for (const start of starts) expect(start.startsWith(days[index]!)).toBe(true);
  }

  const first = page.locator('.showing').first();
  await expect(first.locator('.age')).toHaveCount(1);
  await expect(first).toContainText(/Soltun scene|Wickssalen/);
  const ticket = first.getByRole('link', { name: /^Kjøp billett til / });
  await expect(ticket).toHaveAttribute('href', /^https:\/\/billett\.example\/kaia\//);
});

test('a sold-out show offers no ticket link and says so', async ({ page }) => {
  await page.goto('/kinoprogram');
  const soldOut = page.locator('.showing', { hasText: 'Utselt' }).first();
  await expect(soldOut).toBeVisible();
  await expect(soldOut.getByRole('link', { name: /Kjøp billett/ })).toHaveCount(0);
});

test('showtimes that have started since the build are hidden, and days are named from the visitor’s clock', async ({ page }) => {
  const later = new Date('2026-11-24T19:00:00+01:00');
  await page.clock.setFixedTime(later);
  await page.goto('/kinoprogram');
  const rows = page.locator('.showing[data-starts]');
  const states = await rows.evaluateAll((elements) =>
    elements.map((element) => ({ starts: Date.parse((element as HTMLElement).dataset['starts'] ?? ''), hidden: (element as HTMLElement).hidden })),
  );
  expect(states.some((state) => state.hidden)).toBe(true);
  for (const state of states) expect(state.hidden).toBe(state.starts <= later.getTime());
  const firstVisible = page.locator('[data-programme-group]:not([hidden])').first();
  await expect(firstVisible.getByRole('heading', { level: 3 })).toHaveText(/^(I dag, tysdag 24|I morgon, onsdag 25)\. november$/);
  await expect(page.locator('[data-programme-group][data-day="2026-11-23"]:not([hidden])')).toHaveCount(0);
});

test('film overview, coming films, culture programme, news and offers are listed', async ({ page }) => {
  await page.goto('/filmoversikt');
  expect(await page.locator('main .card').count()).toBeGreaterThanOrEqual(8);
  await page.goto('/kommende-filmer');
  expect(await page.locator('main .card').count()).toBeGreaterThanOrEqual(4);
  await expect(page.locator('main .card').first()).toContainText('Premiere');
  await page.goto('/kulturprogram');
  expect(await page.locator('main .showing').count()).toBeGreaterThanOrEqual(8);
  await page.goto('/aktuelt');
  const dates = await page.locator('main .card time').evaluateAll((elements) => elements.map((element) => element.getAttribute('datetime') ?? ''));
  expect(dates.length).toBeGreaterThan(10);
  expect(dates).toEqual([...dates].sort().reverse());
  await expect(page.locator('main')).not.toContainText('Personvernerklæring');
  await page.goto('/tilbod');
  expect(await page.locator('main .card').count()).toBeGreaterThan(5);
});

test('a film page shows its facts and its showtimes with ticket links', async ({ page }) => {
  await page.goto('/kinoprogram');
  await page.locator('.showing__title a').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.facts')).toContainText('Aldersgrense');
  await expect(page.locator('[data-movie-info]')).toHaveAttribute('data-edi', /^\d+$/);
  expect(await page.locator('.showing').count()).toBeGreaterThan(0);
});
