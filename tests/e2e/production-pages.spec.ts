/**
 * Production pages in the browser: their JSON-LD, 'Legg i kalender' and the programme feeds,
 * and a trailer that loads nothing from the video host until asked.
 */
import { readFileSync } from 'node:fs';
import type { Locator } from '@playwright/test';
import ICAL from 'ical.js';
import { expect, test } from './fixtures';
import { eventProblems, isEvent, nodesOf } from '../support/json-ld';
import { FIXED_NOW } from './clock';
import { formatDayName, formatTime, osloDay } from '../../src/lib/format/time';
import { capitalise } from '../../src/lib/format/text';

interface ContentEvent {
  id: string;
  object: 'movie' | 'culture';
  startTime: string;
  status: string;
  availability?: string;
  production: { pageReference?: string };
}
interface ContentProduction {
  object: 'movie' | 'culture';
  pageReference: string;
  title: string;
  features: { trailerYoutubeId?: string };
}
const events = JSON.parse(readFileSync('content/events.json', 'utf8')) as ContentEvent[];
const productions = JSON.parse(readFileSync('content/productions.json', 'utf8')) as ContentProduction[];
const upcoming = events.filter((event) => Date.parse(event.startTime) > Date.parse(FIXED_NOW));
const film = productions.find((production) => production.pageReference === 'alt-vi-ikkje-sa-qy4zf')!;
const play = productions.find(
  (production) => production.object === 'culture' && upcoming.some((event) => event.production.pageReference === production.pageReference),
)!;
const osloClock = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Oslo', dateStyle: 'short', timeStyle: 'short' });

function parseCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  return { calendar, events: calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent)) };
}

for (const production of [film, play]) {
  test(`the ${production.object} page ${production.pageReference} carries valid JSON-LD, one event per showtime listed`, async ({ page }) => {
    await page.goto(`/${production.pageReference}`);
    const scripts = page.locator('head script[type="application/ld+json"]');
    await expect(scripts).toHaveCount(1);
    const nodes = nodesOf(JSON.parse((await scripts.textContent()) ?? ''));
    const marked = nodes.filter(isEvent);
    expect(marked.flatMap((node) => eventProblems(node, nodes))).toEqual([]);
    const listed = await page.locator('.programme [data-starts]').evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset['starts']));
    expect(marked.map((node) => node['startDate'])).toEqual(listed);
    expect(marked[0]?.['@type']).toEqual(production.object === 'movie' ? 'ScreeningEvent' : expect.stringMatching(/^[A-Z]\w*Event$/));
  });
}

test('“Legg i kalender” names its show and downloads an .ics of that showing alone, with the right Oslo time', async ({ page }) => {
  await page.goto(`/${film.pageReference}`);
  const row = page.locator('.programme [data-starts]').first();
  const starts = (await row.getAttribute('data-starts'))!;
  const link = row.getByRole('link', { name: /^Legg i kalender: / });
  await expect(link).toHaveAccessibleName(new RegExp(`^Legg i kalender: ${film.title}, .+ kl\\. \\d{2}\\.\\d{2}$`));
  await expect(link).toContainText('Legg i kalender');
  // Without JavaScript the link gives the production's file (see below); this page saves one showing.
  await expect(link).toHaveAttribute('href', `/kalender/${film.pageReference}.ics`);
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^[\w-]+\.ics$/);
  const text = readFileSync(await download.path(), 'utf8');
  const { events: parsed } = parseCalendar(text);
  expect(parsed).toHaveLength(1);
  expect(parsed[0]!.startDate.toJSDate().getTime()).toBe(Date.parse(starts));
  expect(osloClock.format(parsed[0]!.startDate.toJSDate())).toBe(osloClock.format(new Date(starts)));
  expect(parsed[0]!.summary).toBe(film.title);
  expect(parsed[0]!.location).toContain('Kulturhuset Kaia, Kaivegen 1, 6480 Aukra');
  expect(parsed[0]!.component.getFirstPropertyValue('url')).toBe(`https://www.kulturhuset-kaia.example/${film.pageReference}`);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('“Legg i kalender” downloads the production’s .ics, every upcoming showing with its Oslo time', async ({ page }) => {
    await page.goto(`/${film.pageReference}`);
    const listed = await page.locator('.programme [data-starts]').evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset['starts']!));
    const link = page
      .locator('.programme [data-starts]')
      .first()
      .getByRole('link', { name: /^Legg i kalender: / });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const { events: parsed } = parseCalendar(readFileSync(await download.path(), 'utf8'));
    const expected = upcoming.filter((event) => event.production.pageReference === film.pageReference);
    expect(parsed.map((event) => event.startDate.toJSDate().getTime())).toEqual(expected.map((event) => Date.parse(event.startTime)).sort((a, b) => a - b));
    expect(parsed.map((event) => event.startDate.toJSDate().getTime())).toEqual(listed.map((starts) => Date.parse(starts)));
    expect(new Set(parsed.map((event) => event.summary))).toEqual(new Set([film.title]));
  });
});

test('calendar files are served as text/calendar; a cancelled event has STATUS:CANCELLED and no add link', async ({ page, request }) => {
  const cancelled = upcoming.find((event) => event.status === 'cancelled')!;
  const response = await request.get(`/kalender/${cancelled.production.pageReference}.ics`);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^text\/calendar/);
  const text = await response.text();
  expect(text).toMatch(/^STATUS:CANCELLED\r$/m);
  const inFile = parseCalendar(text).events.find((event) => event.uid === `${cancelled.id}@www.kulturhuset-kaia.example`);
  expect(inFile?.component.getFirstPropertyValue('status')).toBe('CANCELLED');
  // One file per production, not one per showing.
  expect((await request.get(`/kalender/${cancelled.id}.ics`)).status()).toBe(404);

  await page.goto(`/${cancelled.production.pageReference}`);
  const row = page.locator(`.programme [data-starts="${cancelled.startTime}"]`);
  await expect(row).toContainText('Avlyst');
  await expect(row.getByRole('link', { name: /Legg i kalender/ })).toHaveCount(0);
});

for (const [path, kind, object] of [
  ['/kinoprogram', 'kino', 'movie'],
  ['/kulturprogram', 'kultur', 'culture'],
] as const) {
  test(`${path} offers its calendar to subscribe to, holding every upcoming ${object} event`, async ({ page, request }) => {
    await page.goto(path);
    const subscribe = page.getByRole('link', { name: 'Abonner på kalenderen' });
    await expect(subscribe).toHaveAttribute('href', `webcal://www.kulturhuset-kaia.example/kalender/${kind}.ics`);
    const file = page.locator('[data-calendar-feed-file]');
    await expect(file).toHaveAttribute('href', `/kalender/${kind}.ics`);
    const response = await request.get(`/kalender/${kind}.ics`);
    expect(response.headers()['content-type']).toMatch(/^text\/calendar/);
    const { calendar, events: parsed } = parseCalendar(await response.text());
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toMatch(/^Kulturhuset Kaia: /);
    const expected = upcoming.filter((event) => event.object === object);
    expect(parsed.map((event) => event.startDate.toJSDate().getTime()).sort()).toEqual(expected.map((event) => Date.parse(event.startTime)).sort());
  });
}

test('the trailer loads nothing from the video host until asked, then plays in a titled youtube-nocookie frame', async ({ page }) => {
  const withTrailer = productions.find((production) => production.features.trailerYoutubeId)!;
  const videoRequests: string[] = [];
  page.on('request', (request) => {
    if (/youtube|ytimg|googlevideo/.test(new URL(request.url()).hostname)) videoRequests.push(request.url());
  });
  // The player itself is not fetched from the internet in tests: a stub answers for it.
  await page.route('https://www.youtube-nocookie.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>spelar</title>' }));

  await page.goto(`/${withTrailer.pageReference}`);
  const play = page.getByRole('link', { name: `Spel av traileren til ${withTrailer.title}` });
  await play.scrollIntoViewIfNeeded();
  await page.waitForLoadState('networkidle');
  expect(videoRequests).toEqual([]);
  await expect(page.locator('iframe')).toHaveCount(0);

  await play.click();
  const player = page.locator(`iframe[title="Trailer: ${withTrailer.title}"]`);
  await expect(player).toBeVisible();
  await expect(player).toHaveAttribute('src', `https://www.youtube-nocookie.com/embed/${withTrailer.features.trailerYoutubeId}?autoplay=1&rel=0`);
  await expect.poll(() => videoRequests.some((url) => url.startsWith('https://www.youtube-nocookie.com/embed/'))).toBe(true);
});

test('an event page leads with its next bookable showing, not an earlier sold-out one', async ({ page }) => {
  const scheduled = upcoming
    .filter((event) => event.object === 'culture' && event.status === 'scheduled')
    .sort((a, b) => a.startTime.localeCompare(b.startTime));
  // An event whose first showing is sold out while a later one still sells (demo content has one).
  const lead = productions
    .filter((production) => production.object === 'culture')
    .map((production) => ({ production, shows: scheduled.filter((event) => event.production.pageReference === production.pageReference) }))
    .find(({ shows }) => shows[0]?.availability === 'soldout' && shows.some((event) => event.availability !== 'soldout'));
  expect(lead).toBeDefined();
  const soldOut = lead!.shows[0]!;
  const bookable = lead!.shows.find((event) => event.availability !== 'soldout')!;
  await page.goto(`/${lead!.production.pageReference}`);
  const facts = page.locator('.hero__facts');
  await expect(facts).toContainText(capitalise(`${formatDayName(osloDay(bookable.startTime))} kl. ${formatTime(bookable.startTime)}`));
  await expect(facts).not.toContainText(formatDayName(osloDay(soldOut.startTime)));
});

/**
 * Each «kl. 19.30» in `box` that a line break splits, with the box narrowed step by step from
 * 320 px: a range over the words has one line box while they stay together.
 */
async function splitTimes(box: Locator): Promise<string[]> {
  return box.evaluate((element) => {
    const root = element as HTMLElement;
    const split: string[] = [];
    for (let width = 320; width >= 100; width -= 5) {
      root.style.width = `${width}px`;
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        for (const match of node.data.matchAll(/kl\.\s\d\d\.\d\d/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
          if (lines.size > 1) split.push(`${width} px: ${JSON.stringify(node.data)}`);
        }
      }
    }
    root.style.width = '';
    return split;
  });
}

test('«kl.» and the time stay on one line however narrow the line: the event hero and a search result’s ticket link', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 568 });
  await page.goto('/saltvatn-i-konsert-gg45j');
  const facts = page.locator('.hero__facts');
  await expect(facts).toContainText(/kl\.\s\d\d\.\d\d/);
  expect(await splitTimes(facts)).toEqual([]);

  await page.goto('/search?q=Saltvatn');
  const ticket = page.locator('.search-result__ticket').first();
  await expect(ticket).toContainText(/kl\.\s\d\d\.\d\d/);
  expect(await splitTimes(ticket)).toEqual([]);
});
