/**
 * Programme filters on /kinoprogram and /kulturprogram: with JavaScript they combine in place
 * and live in the query string; without it every filter link opens a generated page. Both
 * announce the number of results, and every generated page passes axe.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from '@playwright/test';
import { FIXED_NOW } from './clock';
import { reflowProblems, WIDE, NARROW } from './a11y-checks';
import { axeViolations, expect, scanBudget, sitemapPaths, test } from './fixtures';

interface ContentEvent {
  object: 'movie' | 'culture';
  startTime: string;
  production: { pageReference?: string };
}
interface ContentProduction {
  object: 'movie' | 'culture';
  pageReference: string;
  features: { genres?: string[]; category?: string; ageLimit?: string };
}
const events = JSON.parse(readFileSync('content/events.json', 'utf8')) as ContentEvent[];
const productions = JSON.parse(readFileSync('content/productions.json', 'utf8')) as ContentProduction[];
const osloDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo', year: 'numeric', month: '2-digit', day: '2-digit' });
const AGES = ['A', '6', '9', '12', '15', '18'];
/** The last day the programme pages list (the 14-day horizon from the pinned clock); later days have day and week pages. */
const HORIZON_END = '2026-12-06';
const inHorizon = (event: ContentEvent) => osloDay.format(new Date(event.startTime)) <= HORIZON_END;

/** Upcoming showings of a programme passing a test, from the content itself. */
function expectedCount(object: 'movie' | 'culture', pass: (event: ContentEvent, production: ContentProduction) => boolean): number {
  return events.filter((event) => {
    const production = productions.find((candidate) => candidate.pageReference === event.production.pageReference);
    return event.object === object && production && Date.parse(event.startTime) > Date.parse(FIXED_NOW) && pass(event, production);
  }).length;
}
const countText = (n: number, object: 'movie' | 'culture') =>
  object === 'movie' ? (n === 0 ? 'Ingen visingar' : `${n} ${n === 1 ? 'vising' : 'visingar'}`) : n === 0 ? 'Ingen arrangement' : `${n} arrangement`;

function visibleRows(page: Page): Locator {
  return page.locator('.programme [data-starts]:visible');
}

/** The facts of each visible showing, from its film or event (the group around its time button). */
async function rowFacts(page: Page) {
  return visibleRows(page).evaluateAll((rows) =>
    rows.map((row) => {
      const group = row.closest<HTMLElement>('[data-showing-group]')!;
      return { day: group.dataset['day'], categories: group.dataset['categories']?.split(' ') ?? [], age: group.dataset['age'] };
    }),
  );
}

test('with JavaScript, cinema filters combine in place, live in the query string and announce the count', async ({ page }) => {
  await page.goto('/kinoprogram');
  const filters = page.getByRole('navigation', { name: 'Filtrer kinoprogrammet' });
  const status = filters.getByRole('status');
  await expect(status).toHaveAttribute('aria-live', 'polite');
  await expect(status).toHaveText(countText(expectedCount('movie', inHorizon), 'movie'));

  await filters.getByRole('group', { name: 'Sjanger' }).getByRole('link', { name: 'Drama', exact: true }).click();
  await expect(page).toHaveURL(/\/kinoprogram\?sjanger=drama$/);
  const drama = expectedCount('movie', (event, production) => inHorizon(event) && production.features.genres!.includes('drama'));
  await expect(status).toHaveText(countText(drama, 'movie'));
  await expect(visibleRows(page)).toHaveCount(drama);
  for (const facts of await rowFacts(page)) expect(facts.categories).toContain('drama');
  await expect(filters.getByRole('link', { name: 'Drama', exact: true })).toHaveAttribute('aria-current', 'true');

  await filters.getByRole('group', { name: 'Aldersgrense' }).getByRole('link', { name: 'Frå 9 år', exact: true }).click();
  await expect(page).toHaveURL(/\/kinoprogram\?sjanger=drama&alder=9$/);
  const mild = expectedCount(
    'movie',
    (event, production) =>
      inHorizon(event) && production.features.genres!.includes('drama') && AGES.indexOf(production.features.ageLimit!) <= AGES.indexOf('9'),
  );
  await expect(status).toHaveText(countText(mild, 'movie'));
  await expect(visibleRows(page)).toHaveCount(mild);

  await filters.getByRole('link', { name: 'Alle aldrar', exact: true }).click();
  await filters.getByRole('link', { name: 'I morgon', exact: true }).click();
  await expect(page).toHaveURL(/\/kinoprogram\?dag=2026-11-24&sjanger=drama$/);
  const tomorrow = expectedCount(
    'movie',
    (event, production) => production.features.genres!.includes('drama') && osloDay.format(new Date(event.startTime)) === '2026-11-24',
  );
  await expect(status).toHaveText(countText(tomorrow, 'movie'));
  for (const facts of await rowFacts(page)) expect(facts).toMatchObject({ day: '2026-11-24' });
  // Day groups without a visible showing are hidden with them.
  await expect(page.locator('[data-programme-group]:visible')).toHaveCount(tomorrow > 0 ? 1 : 0);

  await page.goBack();
  await expect(page).toHaveURL(/\/kinoprogram\?sjanger=drama$/);
  await expect(status).toHaveText(countText(drama, 'movie'));

  await filters.getByRole('link', { name: 'Vis heile programmet', exact: true }).click();
  await expect(page).toHaveURL(/\/kinoprogram$/);
  await expect(status).toHaveText(countText(expectedCount('movie', inHorizon), 'movie'));
});

test('with JavaScript, the date picker picks a day by keyboard and a filtered URL opens filtered', async ({ page }) => {
  await page.goto('/kinoprogram');
  const filters = page.getByRole('navigation', { name: 'Filtrer kinoprogrammet' });
  await filters.getByText('Vel dato').focus();
  await page.keyboard.press('Enter');
  const day = filters.getByRole('link', { name: 'torsdag 3. desember', exact: true });
  await day.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\?dag=2026-12-03$/);
  const chosen = filters.getByRole('link', { name: 'Torsdag 3. desember', exact: true });
  await expect(chosen).toBeVisible();
  await expect(chosen).toHaveAttribute('aria-current', 'true');
  await expect(chosen).toBeFocused();
  const count = expectedCount('movie', (event) => osloDay.format(new Date(event.startTime)) === '2026-12-03');
  await expect(filters.getByRole('status')).toHaveText(countText(count, 'movie'));
  await expect(visibleRows(page)).toHaveCount(count);

  await page.goto('/kinoprogram?dag=2026-11-24&alder=a');
  const familyTomorrow = expectedCount(
    'movie',
    (event, production) => production.features.ageLimit === 'A' && osloDay.format(new Date(event.startTime)) === '2026-11-24',
  );
  await expect(page.getByRole('navigation', { name: 'Filtrer kinoprogrammet' }).getByRole('status')).toHaveText(countText(familyTomorrow, 'movie'));
  await expect(visibleRows(page)).toHaveCount(familyTomorrow);
});

test('with JavaScript, the culture programme filters by category', async ({ page }) => {
  await page.goto('/kulturprogram');
  const filters = page.getByRole('navigation', { name: 'Filtrer kulturprogrammet' });
  await filters.getByRole('group', { name: 'Kategori' }).getByRole('link', { name: 'Konsert', exact: true }).click();
  await expect(page).toHaveURL(/\/kulturprogram\?kategori=konsert$/);
  const concerts = expectedCount('culture', (event, production) => inHorizon(event) && production.features.category === 'konsert');
  expect(concerts).toBeGreaterThan(0);
  await expect(filters.getByRole('status')).toHaveText(countText(concerts, 'culture'));
  for (const facts of await rowFacts(page)) expect(facts.categories).toEqual(['konsert']);
});

async function noScriptPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL ?? '' });
  return context.newPage();
}

test('without JavaScript, filter links open generated pages that list only what matches', async ({ browser, baseURL }) => {
  const page = await noScriptPage(browser, baseURL);
  await page.goto('/kinoprogram');
  const filters = page.getByRole('navigation', { name: 'Filtrer kinoprogrammet' });
  await filters.getByRole('link', { name: 'Drama', exact: true }).click();
  await expect(page).toHaveURL(/\/kinoprogram\/sjanger\/drama\/?$/);
  await expect(page).toHaveTitle('Kulturhuset Kaia | Kinoprogram – Drama');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  const drama = expectedCount('movie', (event, production) => inHorizon(event) && production.features.genres!.includes('drama'));
  await expect(page.locator('.programme [data-starts]')).toHaveCount(drama);
  await expect(page.getByRole('navigation', { name: 'Filtrer kinoprogrammet' }).getByRole('status')).toHaveText(countText(drama, 'movie'));
  await expect(page.getByRole('link', { name: 'Drama', exact: true })).toHaveAttribute('aria-current', 'true');

  await page.getByRole('navigation', { name: 'Filtrer kinoprogrammet' }).getByRole('link', { name: 'I morgon', exact: true }).click();
  await expect(page).toHaveURL(/\/kinoprogram\/dag\/2026-11-24\/?$/);
  const tomorrow = expectedCount('movie', (event) => osloDay.format(new Date(event.startTime)) === '2026-11-24');
  await expect(page.locator('.programme [data-starts]')).toHaveCount(tomorrow);

  // The date picker is a <details> of links: it opens without script.
  await page.getByText('Vel dato').click();
  await page.getByRole('link', { name: 'torsdag 3. desember', exact: true }).click();
  await expect(page).toHaveURL(/\/kinoprogram\/dag\/2026-12-03\/?$/);
  await expect(page.getByRole('link', { name: 'Torsdag 3. desember', exact: true })).toHaveAttribute('aria-current', 'true');

  // A day with nothing on says so.
  await page.getByRole('link', { name: 'I dag', exact: true }).click();
  await expect(page).toHaveURL(/\/kinoprogram\/dag\/2026-11-23\/?$/);
  const today = expectedCount('movie', (event) => osloDay.format(new Date(event.startTime)) === '2026-11-23');
  await expect(page.locator('.programme [data-starts]')).toHaveCount(today);
  if (today === 0) await expect(page.getByText('Ingen framsyningar passar valet ditt.')).toBeVisible();

  await page.goto('/kulturprogram');
  await page.getByRole('link', { name: 'Konsert', exact: true }).click();
  await expect(page).toHaveURL(/\/kulturprogram\/kategori\/konsert\/?$/);
  await expect(page.locator('.programme [data-starts]')).toHaveCount(
    expectedCount('culture', (event, production) => inHorizon(event) && production.features.category === 'konsert'),
  );
  await page.context().close();
});

const SLICES = 3;
for (let slice = 0; slice < SLICES; slice += 1) {
  test(`every generated filter page reflows at 320 px, has the title pattern and one h1, and is noindex; axe scans the first and last of each kind; part ${slice + 1} of ${SLICES}`, async ({
    page,
    request,
  }) => {
    const paths = new Set<string>();
    for (const base of ['/kinoprogram', '/kulturprogram']) {
      const html = await (await request.get(base)).text();
      for (const match of html.matchAll(/href="(\/(?:kinoprogram|kulturprogram)\/[^"]+)"/g)) paths.add(match[1]!);
    }
    const all = [...paths].sort();
    expect(all.length).toBeGreaterThan(40);
    const inSitemap = new Set(await sitemapPaths(request));
    const mine = all.filter((_, index) => index % SLICES === slice);
    // The pages of one kind (/kinoprogram/dag/…, /kulturprogram/veke/…) are one template with
    // other showings; axe scans the first and the last of each kind (the bare programme pages
    // are in the sitemap sweep), the cheap checks run on every page.
    const kindOf = (path: string) => path.split('/').slice(0, 3).join('/');
    const scanned = new Set<string>();
    for (const kind of new Set(all.map(kindOf))) {
      const ofKind = all.filter((path) => kindOf(path) === kind);
      scanned.add(ofKind[0]!).add(ofKind[ofKind.length - 1]!);
    }
    test.setTimeout(scanBudget(mine.filter((path) => scanned.has(path)).length) + scanBudget(Math.ceil(mine.length / 4)));
    const problems: string[] = [];
    for (const path of mine) {
      // A page axe scans is opened wide, then narrowed; the others are opened at 320 px at once
      // (two fewer layouts of a long page).
      await page.setViewportSize(scanned.has(path) ? WIDE : NARROW);
      const response = await page.goto(path);
      if (response?.status() !== 200) problems.push(`${path}: status ${response?.status()}`);
      const title = await page.title();
      if (!/^Kulturhuset Kaia \| (Kinoprogram|Kulturprogram) – \S.*$/.test(title)) problems.push(`${path}: title '${title}'`);
      if ((await page.locator('h1').count()) !== 1) problems.push(`${path}: not one h1`);
      if ((await page.locator('meta[name="robots"]').getAttribute('content'))?.includes('noindex') !== true) problems.push(`${path}: not noindex`);
      if (inSitemap.has(path)) problems.push(`${path}: in the sitemap`);
      if (scanned.has(path))
        for (const violation of await axeViolations(page))
          problems.push(`${path}: axe ${violation.rule} (${violation.help}) at ${violation.targets.join(', ')}`);
      // Reflow at 320 px (WCAG 1.4.10) on the same visit.
      await page.setViewportSize(NARROW);
      for (const problem of await reflowProblems(page)) problems.push(`${path}: at 320 px ${problem}`);
    }
    expect(problems).toEqual([]);
  });
}

test('with JavaScript, “I dag” follows the visitor’s clock when the build is older', async ({ page }) => {
  const later = new Date('2026-11-26T09:00:00+01:00');
  await page.clock.setFixedTime(later);
  await page.goto('/kinoprogram');
  const filters = page.getByRole('navigation', { name: 'Filtrer kinoprogrammet' });
  await filters.getByRole('link', { name: 'I dag', exact: true }).click();
  await expect(page).toHaveURL(/\/kinoprogram\?dag=2026-11-26$/);
  const today = events.filter(
    (event) => event.object === 'movie' && osloDay.format(new Date(event.startTime)) === '2026-11-26' && Date.parse(event.startTime) > later.getTime(),
  ).length;
  expect(today).toBeGreaterThan(0);
  await expect(filters.getByRole('status')).toHaveText(countText(today, 'movie'));
  for (const facts of await rowFacts(page)) expect(facts.day).toBe('2026-11-26');
});
