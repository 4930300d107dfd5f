/**
 * Pages that stay right between builds. The build is made on day D (the pinned test clock, a
 * Monday morning); a visitor opens the front page at 17.30 on the days after, with nothing
 * rebuilt. The day strip lists and names the visitor's own today (or the next day with showings,
 * when today has nothing left) for the two days after the build; on the third it still lists
 * that day's showings the build carried, saying it may be out of date; on a day it did not carry
 * it says only that, and links the programmes. Once the visitor's day is past what the build's
 * programme pages list (D+16), the strip and the programmes say the programme is out of date and
 * where to turn, never that nothing is on. Without JavaScript the build's list
 * stands. Expected values come from the content and Node's own nynorsk calendar names.
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { isoWeek, weekLabel } from '../../src/lib/programme/horizon';
import { FIXED_NOW } from './clock';
import { axeViolations, expect, test } from './fixtures';

interface ContentEvent {
  startTime: string;
  status: string;
  production: { pageReference?: string };
}
const events = JSON.parse(readFileSync('content/events.json', 'utf8')) as ContentEvent[];
/** Where staff say the ticket provider's programme for the house is (content/config.json). */
const PROVIDER_URL = (JSON.parse(readFileSync('content/config.json', 'utf8')) as { ticketProvider: { programmeUrl: string } }).ticketProvider.programmeUrl;
const films = new Set(
  (JSON.parse(readFileSync('content/productions.json', 'utf8')) as { object: string; pageReference?: string }[])
    .filter((production) => production.object === 'movie')
    .map((production) => production.pageReference),
);
const osloDay = (moment: Date | string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(moment));
const dayName = (day: string) =>
  new Intl.DateTimeFormat('nn-NO', { timeZone: 'Europe/Oslo', weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(`${day}T12:00:00Z`));
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const addDays = (day: string, count: number) => {
  const noon = new Date(`${day}T12:00:00Z`);
  noon.setUTCDate(noon.getUTCDate() + count);
  return noon.toISOString().slice(0, 10);
};
const BUILD_DAY = osloDay(FIXED_NOW);
/** 17.30 in Oslo on a November day (winter time). */
const evening = (day: string) => new Date(`${day}T17:30:00+01:00`);

/** What the strip should list at `moment`: the first day from today with a showing not yet started, and those showings. */
function expectedStrip(moment: Date) {
  const today = osloDay(moment);
  const left = events.filter((event) => Date.parse(event.startTime) > moment.getTime() && osloDay(event.startTime) >= today);
  const day = left.map((event) => osloDay(event.startTime)).sort()[0]!;
  const starts = left.filter((event) => osloDay(event.startTime) === day).map((event) => event.startTime);
  return { today, day, starts: starts.sort((a, b) => Date.parse(a) - Date.parse(b)) };
}

/** The visible text of the main content. */
const mainText = (page: Page) => page.locator('main').evaluate((main) => (main as HTMLElement).innerText);
/** What a note says on screen (its hidden wording left out), whitespace collapsed. */
const shownText = (note: Locator) => note.evaluate((element) => (element as HTMLElement).innerText.replace(/\s+/g, ' ').trim());

async function openFrontPage(page: Page, moment: Date) {
  await page.clock.setFixedTime(moment);
  await page.goto('/');
  const deny = page.getByRole('button', { name: 'Berre nødvendige' });
  if (await deny.isVisible()) await deny.click();
  return page.locator('[data-day-strip]');
}

/** Every day named with its date in the visible main content ('tysdag 24. november', 'ty. 24. nov.'), as YYYY-MM-DD. */
async function namedDays(page: Page): Promise<string[]> {
  const text = await page.locator('main').evaluate((main) => (main as HTMLElement).innerText);
  const months = ['jan', 'feb', 'mar', 'apr', 'mai', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'des'];
  const named = [...text.matchAll(/\b(?:måndag|tysdag|onsdag|torsdag|fredag|laurdag|søndag|må\.|ty\.|on\.|to\.|fr\.|la\.|sø\.) (\d{1,2})\. (\p{L}+)/giu)];
  return named.map(([, date, month]) => {
    const index = months.indexOf(month!.slice(0, 3).toLowerCase());
    const year = index < 10 ? 2027 : 2026; // the demo's programme runs from November into the new year
    return `${year}-${String(index + 1).padStart(2, '0')}-${date!.padStart(2, '0')}`;
  });
}

for (const after of [1, 2]) {
  test(`opened at 17.30 on the ${after === 1 ? 'day' : 'second day'} after the build, the front page lists and names the visitor’s today`, async ({ page }) => {
    const moment = evening(addDays(BUILD_DAY, after));
    const expected = expectedStrip(moment);
    const strip = await openFrontPage(page, moment);
    const heading = strip.getByRole('heading', { level: 2 });
    const note = strip.locator('[data-strip-note]');
    if (expected.day === expected.today) {
      await expect(heading).toHaveText('I dag');
      await expect(note).toHaveText(capitalise(dayName(expected.today)));
    } else {
      await expect(heading).toHaveText('Neste på programmet');
      await expect(note).toHaveText(`Det er ikkje meir på programmet i dag. Neste dag med noko på er ${dayName(expected.day)}.`);
    }
    await expect(strip.locator('[data-strip-out-of-date]')).toBeHidden();
    await expect(strip.locator('[data-strip-empty]')).toBeHidden();
    const shown = () => strip.locator('[data-starts]:visible').evaluateAll((slots) => slots.map((slot) => (slot as HTMLElement).dataset['starts'] ?? ''));
    await expect.poll(async () => (await shown()).sort((a, b) => Date.parse(a) - Date.parse(b))).toEqual(expected.starts);
    // Every visible time button of the strip is a ticket link for a showing that has not started.
    for (const link of await strip.locator('a[data-ticket-link]:visible').all()) {
      const starts = await link.locator('xpath=ancestor::li[@data-starts][1]').getAttribute('data-starts');
      expect(Date.parse(starts!)).toBeGreaterThan(moment.getTime());
    }
    // Each film card's 'Neste' is the film's first showtime that has not started.
    const cards = await page.locator('.card--poster').evaluateAll((elements) =>
      elements.map((card) => ({
        film: card.querySelector('h3 a')?.getAttribute('href')?.slice(1) ?? '',
        next: [...card.querySelectorAll<HTMLElement>('[data-starts]')]
          .filter((element) => element.checkVisibility())
          .map((element) => element.dataset['starts']),
        carried: card.querySelectorAll('[data-starts]').length,
      })),
    );
    const withNext = cards.filter((card) => card.carried > 0);
    expect(withNext.length).toBeGreaterThan(0);
    for (const card of withNext) {
      const first = events
        .filter((event) => event.production.pageReference === card.film && event.status !== 'cancelled' && Date.parse(event.startTime) > moment.getTime())
        .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime))[0];
      expect(card.next, card.film).toEqual(first ? [first.startTime] : []);
    }
    // No date word on the page names a day before the visitor's today.
    const days = await namedDays(page);
    expect(days.length).toBeGreaterThan(0);
    expect(days.filter((day) => day < expected.today)).toEqual([]);
    // 'I dag' and 'I morgon' stand only where they are true.
    const text = await page.locator('main').evaluate((main) => (main as HTMLElement).innerText);
    for (const [, word, named] of text.matchAll(/\b(I dag|I morgon), (\p{L}+ \d{1,2}\. \p{L}+)/gu)) {
      expect(named).toBe(dayName(word === 'I dag' ? expected.today : addDays(expected.today, 1)));
    }
  });
}

test('on the third day after the build, the front page lists that day’s showings the build carried, saying it may be out of date', async ({ page }) => {
  const moment = evening(addDays(BUILD_DAY, 3));
  const expected = expectedStrip(moment);
  // The demo's third day has showings left at 17.30; the build carries them as the day after those it vouches for.
  expect(expected.day).toBe(expected.today);
  const strip = await openFrontPage(page, moment);
  await expect(strip.getByRole('heading', { level: 2 })).toHaveText('I dag');
  await expect(strip.locator('[data-strip-note]')).toHaveText(capitalise(dayName(expected.today)));
  const shown = () => strip.locator('[data-starts]:visible').evaluateAll((slots) => slots.map((slot) => (slot as HTMLElement).dataset['starts'] ?? ''));
  await expect.poll(async () => (await shown()).sort((a, b) => Date.parse(a) - Date.parse(b))).toEqual(expected.starts);
  const outOfDate = strip.locator('[data-strip-out-of-date]');
  await expect(outOfDate).toBeVisible();
  await expect
    .poll(() => shownText(outOfDate))
    .toBe(`Programmet her vart sist oppdatert ${dayName(BUILD_DAY)} og kan vere utdatert. Sjå kinoprogrammet og kulturprogrammet for dei neste dagane.`);
  await expect(strip.locator('[data-strip-empty]')).toBeHidden();
  expect(await axeViolations(page)).toEqual([]);
});

test('on the fourth day after the build, which it did not carry, the front page says plainly it may be out of date and links the programmes', async ({
  page,
}) => {
  const moment = evening(addDays(BUILD_DAY, 4));
  const strip = await openFrontPage(page, moment);
  const outOfDate = strip.locator('[data-strip-out-of-date]');
  await expect(outOfDate).toBeVisible();
  // The programme pages still list the visitor's day: the strip only may be out of date, and leads there.
  await expect
    .poll(() => shownText(outOfDate))
    .toBe(`Programmet her vart sist oppdatert ${dayName(BUILD_DAY)} og kan vere utdatert. Sjå kinoprogrammet og kulturprogrammet for dei neste dagane.`);
  await expect(outOfDate.getByRole('link', { name: 'kinoprogrammet' })).toHaveAttribute('href', '/kinoprogram');
  await expect(outOfDate.getByRole('link', { name: 'kulturprogrammet' })).toHaveAttribute('href', '/kulturprogram');
  await expect(strip.getByRole('heading', { level: 2 })).toHaveText('I dag');
  await expect(strip.locator('[data-strip-note]')).toBeHidden();
  await expect(strip.locator('[data-strip-day]:visible')).toHaveCount(0);
  await expect(strip.locator('[data-strip-empty]')).toBeHidden();
  expect(await axeViolations(page)).toEqual([]);
});

/** What a page says once the build holds nothing for the visitor's day: out of date, and where to turn, never that nothing is on. */
const OUT_OF_DATE = `Programmet her vart sist oppdatert ${dayName(BUILD_DAY)} og er utdatert.`;
const WHERE_TO_TURN = 'Det oppdaterte programmet finn du hos billettleverandøren vår, eller prøv igjen her litt seinare.';
const NOTHING_ON = /Ingen visingar|Ingen arrangement|Ingen framsyningar|Det er ikkje meir på programmet|Det er ingen fleire/;

test('sixteen days after the build, the front page says its programme is out of date and where to turn, not that nothing is on', async ({ page }) => {
  const moment = evening(addDays(BUILD_DAY, 16));
  const strip = await openFrontPage(page, moment);
  const outOfDate = strip.locator('[data-strip-out-of-date]');
  await expect(outOfDate).toBeVisible();
  await expect.poll(() => shownText(outOfDate)).toBe(`${OUT_OF_DATE} ${WHERE_TO_TURN}`);
  await expect(outOfDate.getByRole('link', { name: 'billettleverandøren vår' })).toHaveAttribute('href', PROVIDER_URL);
  await expect(strip.getByRole('heading', { level: 2 })).toHaveText('I dag');
  await expect(strip.locator('[data-strip-day]:visible')).toHaveCount(0);
  await expect(strip.locator('[data-strip-empty]')).toBeHidden();
  const text = await mainText(page);
  expect(text).not.toMatch(NOTHING_ON);
  expect(text).not.toContain('kan vere utdatert');
  expect(await axeViolations(page)).toEqual([]);
});

/** The programme page at `moment`, and a check that it says once that it is out of date and where to turn, and nothing about nothing being on. */
async function openOutOfDateProgramme(page: Page, path: string, moment: Date) {
  await page.clock.setFixedTime(moment);
  await page.goto(path);
  const programme = page.locator('section.programme').first();
  const check = async () => {
    const outOfDate = programme.locator('[data-programme-out-of-date]');
    await expect(outOfDate).toBeVisible();
    await expect.poll(() => shownText(outOfDate)).toBe(`${OUT_OF_DATE} ${WHERE_TO_TURN}`);
    // The current programme is a link away, at the ticket provider.
    await expect(outOfDate.getByRole('link', { name: 'billettleverandøren vår' })).toHaveAttribute('href', PROVIDER_URL);
    await expect(programme.locator('[data-programme-empty]')).toBeHidden();
    await expect(programme.locator('[data-starts]:visible')).toHaveCount(0);
    // The result line beside the filters says neither that nothing is on nor the note again.
    await expect(programme.locator('[data-filter-count]')).not.toHaveText(NOTHING_ON);
    const text = await mainText(page);
    expect(text).not.toMatch(NOTHING_ON);
    expect(text.split('utdatert').length - 1, text).toBe(1);
    // Nothing under the list says how far the list above goes, a day long past, or leads to a week that has ended.
    expect(text).not.toContain('går til og med');
    for (const link of await programme.locator('[data-week-links] a:visible').all()) {
      const name = (await link.textContent()) ?? '';
      const week = /veke\/(\d{4}-\d{2})$/.exec((await link.getAttribute('href')) ?? '')?.[1] ?? '';
      expect(week >= isoWeek(osloDay(moment)), name).toBe(true);
      expect(name).toBe(`${week === isoWeek(osloDay(moment)) ? 'Denne veka' : 'Seinare'}: ${weekLabel(week)}`);
    }
  };
  return { programme, check };
}

test('sixteen days after the build, /kinoprogram says once that it is out of date and where to turn, not «Ingen visingar», on the whole programme and on today', async ({
  page,
}) => {
  const today = addDays(BUILD_DAY, 16);
  // The build holds no film on that day: there is no day page for it.
  expect(events.filter((event) => osloDay(event.startTime) === today && event.production.pageReference && films.has(event.production.pageReference))).toEqual(
    [],
  );
  const { programme, check } = await openOutOfDateProgramme(page, '/kinoprogram', evening(today));
  await check();
  expect(await axeViolations(page)).toEqual([]);
  // Today, chosen with the filters: the build has no page of its own for that day, so the programme filters in place and says the same.
  await programme.locator('a[data-filter="dag"][data-relative-day="0"]').click();
  await expect(page).toHaveURL(`/kinoprogram?dag=${today}`);
  await check();
  // A shared link to that day: the same.
  await page.goto(`/kinoprogram?dag=${today}`);
  await expect(page).toHaveURL(`/kinoprogram?dag=${today}`);
  await check();
});

test('sixteen days after the build, /kulturprogram says once that it is out of date and where to turn, not «Ingen arrangement»; today’s own page lists what the build holds for it', async ({
  page,
}) => {
  const today = addDays(BUILD_DAY, 16);
  const moment = evening(today);
  const { programme, check } = await openOutOfDateProgramme(page, '/kulturprogram', moment);
  await check();
  expect(await axeViolations(page)).toEqual([]);
  // The build holds an event that evening: 'I dag' opens that day's page, which lists it, and nothing says the programme is out of date.
  const left = events.filter((event) => osloDay(event.startTime) === today && Date.parse(event.startTime) > moment.getTime()).map((event) => event.startTime);
  expect(left.length).toBeGreaterThan(0);
  await programme.locator('a[data-filter="dag"][data-relative-day="0"]').click();
  await expect(page).toHaveURL(`/kulturprogram/dag/${today}`);
  const dayPage = page.locator('section.programme').first();
  await expect(dayPage.locator('[data-starts]:visible')).toHaveCount(left.length);
  await expect(dayPage.locator('[data-filter-count]')).toHaveText(`${left.length} arrangement`);
  await expect(dayPage.locator('[data-programme-out-of-date]')).toBeHidden();
  await expect(dayPage.locator('[data-programme-empty]')).toBeHidden();
});

test('a front page left open rolls over by itself at Oslo midnight', async ({ page }) => {
  const lastDay = addDays(BUILD_DAY, 2);
  const strip = await openFrontPage(page, new Date(`${lastDay}T23:58:00+01:00`));
  await expect(strip.locator('[data-strip-day]:visible')).toHaveCount(1);
  await page.clock.setFixedTime(new Date(`${addDays(lastDay, 1)}T00:00:30+01:00`));
  await page.clock.runFor(61_000);
  await expect(strip.locator('[data-strip-out-of-date]')).toBeVisible();
  // The new day is past what the build vouches for, but it carried that day: listed under the note.
  await expect(strip.locator('[data-strip-day]:visible')).toHaveCount(1);
  await expect(strip.locator(`[data-strip-day="${addDays(lastDay, 1)}"]`)).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the build’s own strip stands: the build’s day, named as today, with its showings', async ({ page }) => {
    await page.goto('/');
    const strip = page.locator('[data-day-strip]');
    const expected = expectedStrip(new Date(FIXED_NOW));
    await expect(strip.getByRole('heading', { level: 2 })).toHaveText('I dag');
    await expect(strip.locator('[data-strip-note]')).toHaveText(capitalise(dayName(BUILD_DAY)));
    const shown = await strip.locator('[data-starts]:visible').evaluateAll((slots) => slots.map((slot) => (slot as HTMLElement).dataset['starts'] ?? ''));
    expect(shown).toEqual(expected.starts);
    await expect(strip.locator('[data-strip-out-of-date]')).toBeHidden();
  });
});

test('a programme page read after its horizon says it is out of date, and one read later within it that it may be, instead of saying nothing is on', async ({
  page,
}) => {
  const until = await (async () => {
    await page.goto('/kinoprogram');
    return (await page.locator('section.programme').first().getAttribute('data-until'))!;
  })();
  await page.clock.setFixedTime(evening(addDays(until, 1)));
  await page.goto('/kinoprogram');
  const programme = page.locator('section.programme').first();
  const outOfDate = programme.locator('[data-programme-out-of-date]');
  await expect(outOfDate).toBeVisible();
  await expect.poll(() => shownText(outOfDate)).toBe(`${OUT_OF_DATE} ${WHERE_TO_TURN}`);
  await expect(programme.locator('[data-programme-empty]')).toBeHidden();
  await expect(programme.locator('[data-starts]:visible')).toHaveCount(0);
  // The week after the horizon still leads to what the build carried for it, named as the visitor's own week; nothing says how far the empty list above goes.
  const later = programme.locator('[data-week-links] a[rel="next"]');
  const laterWeek = /veke\/(\d{4}-\d{2})$/.exec((await later.getAttribute('href')) ?? '')?.[1] ?? '';
  expect(laterWeek).toBe(isoWeek(addDays(until, 1)));
  await expect(later).toHaveText(`Denne veka: ${weekLabel(laterWeek)}`);
  await expect(programme.locator('[data-lists-until-note]')).toBeHidden();

  // The next day's own page, read the day after it: all of it has started, but the programme still lists that day, so it only may be out of date and leads to the programme.
  const tuesday = addDays(BUILD_DAY, 1);
  await page.clock.setFixedTime(evening(addDays(tuesday, 1)));
  await page.goto(`/kinoprogram/dag/${tuesday}`);
  expect(await programme.locator('[data-starts]').count()).toBeGreaterThan(0);
  await expect(outOfDate).toBeVisible();
  await expect
    .poll(() => shownText(outOfDate))
    .toBe(`Programmet her vart sist oppdatert ${dayName(BUILD_DAY)} og kan vere utdatert. Sjå kinoprogrammet for dei neste dagane.`);
  await expect(outOfDate.getByRole('link', { name: 'kinoprogrammet' })).toHaveAttribute('href', '/kinoprogram');

  // The front page's next events on stage, all started two months on: out of date.
  await page.clock.setFixedTime(evening(addDays(BUILD_DAY, 60)));
  await page.goto('/');
  const stage = page.locator('section.programme', { has: page.getByRole('heading', { name: 'Neste på scena' }) });
  await expect(stage.locator('[data-programme-out-of-date]')).toBeVisible();
  await expect.poll(() => shownText(stage.locator('[data-programme-out-of-date]'))).toBe(`${OUT_OF_DATE} ${WHERE_TO_TURN}`);
  await expect(stage.locator('[data-programme-empty]')).toBeHidden();
});

test('a filter that matches nothing still says so while the programme is current', async ({ page }) => {
  await page.goto('/kinoprogram/sjanger/drama');
  const programme = page.locator('section.programme').first();
  await expect(programme.locator('[data-programme-out-of-date]')).toBeHidden();
  await page.goto('/kinoprogram?dag=2026-11-25');
  await expect(programme.locator('[data-programme-empty]')).toBeVisible();
  await expect(programme.locator('[data-programme-empty]')).toContainText('Ingen framsyningar passar valet ditt.');
  await expect(programme.locator('[data-programme-out-of-date]')).toBeHidden();
});
