/**
 * Search engines and sharing, over the served build: the JSON-LD of EVERY production page
 * against Google's required and recommended event properties and against the content
 * (one event per upcoming performance, the true status); Organization and breadcrumbs;
 * Open Graph; the news feed, robots.txt and the sitemap.
 */
import { readFileSync } from 'node:fs';
import { FIXED_NOW } from './clock';
import { expect, test } from './fixtures';
import { breadcrumbProblems, eventProblems, isEvent, jsonLdOf, nodesOf } from '../support/json-ld';

interface ContentEvent {
  id: string;
  startTime: string;
  status: 'scheduled' | 'cancelled' | 'postponed' | 'rescheduled';
  availability: 'available' | 'few' | 'soldout';
  ticketUrl: string;
  venue: { name: string };
  production: { pageReference?: string; parentSlug?: string };
}
interface ContentProduction {
  object: 'movie' | 'culture';
  pageReference: string;
  parentSlug: string;
  title: string;
}

const events = JSON.parse(readFileSync('content/events.json', 'utf8')) as ContentEvent[];
const productions = JSON.parse(readFileSync('content/productions.json', 'utf8')) as ContentProduction[];
const now = Date.parse(FIXED_NOW);
const STATUS = {
  scheduled: 'https://schema.org/EventScheduled',
  cancelled: 'https://schema.org/EventCancelled',
  postponed: 'https://schema.org/EventPostponed',
  rescheduled: 'https://schema.org/EventRescheduled',
};
const AVAILABILITY = {
  available: 'https://schema.org/InStock',
  few: 'https://schema.org/LimitedAvailability',
  soldout: 'https://schema.org/SoldOut',
};

function upcomingOf(production: ContentProduction): ContentEvent[] {
  return events.filter(
    (event) =>
      (event.production.pageReference === production.pageReference || event.production.parentSlug === production.parentSlug) &&
      Date.parse(event.startTime) > now,
  );
}

test('every production page marks up each upcoming performance with Google’s event properties and its true status', async ({ request }) => {
  test.setTimeout(120_000);
  const problems: string[] = [];
  const statusesSeen = new Set<string>();
  for (const production of productions) {
    const path = `/${production.pageReference}`;
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    const blocks = [...html.matchAll(/<script\b[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/gi)].map((match) => match[1] ?? '');
    if (blocks.length !== 1) problems.push(`${path}: ${blocks.length} JSON-LD blocks`);
    if (blocks.some((text) => /[<>]/.test(text))) problems.push(`${path}: raw < or > in JSON-LD`);
    const nodes = jsonLdOf(html).flatMap(nodesOf);
    const marked = nodes.filter(isEvent);
    const expected = upcomingOf(production);
    if (marked.length !== expected.length) problems.push(`${path}: ${marked.length} events marked up, ${expected.length} upcoming`);
    for (const event of expected) {
      const matches = marked.filter(
        (node) => node['startDate'] === event.startTime && String((node['location'] as Record<string, unknown>)?.['name']).startsWith(event.venue.name),
      );
      if (matches.length !== 1) {
        problems.push(`${path}: ${matches.length} events for ${event.id} at ${event.startTime}`);
        continue;
      }
      const node = matches[0]!;
      statusesSeen.add(event.status);
      problems.push(...eventProblems(node, nodes).map((problem) => `${path}: ${problem}`));
      if (node['eventStatus'] !== STATUS[event.status])
        problems.push(`${path}: ${event.id} has eventStatus ${String(node['eventStatus'])}, data says ${event.status}`);
      if (node['name'] !== production.title) problems.push(`${path}: ${event.id} is named ${String(node['name'])}`);
      const type = node['@type'];
      if (production.object === 'movie' ? type !== 'ScreeningEvent' : type === 'ScreeningEvent') problems.push(`${path}: ${event.id} is a ${String(type)}`);
      const offers = node['offers'] as Record<string, unknown> | undefined;
      const sellable = event.status !== 'cancelled' && event.status !== 'postponed';
      if (sellable !== (offers !== undefined)) problems.push(`${path}: ${event.id} (${event.status}) ${offers ? 'offers' : 'has no'} tickets`);
      if (offers && (offers['url'] !== event.ticketUrl || offers['availability'] !== AVAILABILITY[event.availability])) {
        problems.push(`${path}: ${event.id} offer does not match the data`);
      }
    }
    const breadcrumbs = nodes.filter((node) => node['@type'] === 'BreadcrumbList');
    if (breadcrumbs.length !== 1) problems.push(`${path}: ${breadcrumbs.length} breadcrumb lists`);
    else problems.push(...breadcrumbProblems(breadcrumbs[0]!).map((problem) => `${path}: ${problem}`));
  }
  expect(problems).toEqual([]);
  // The demo content has one cancelled and one postponed event; both were checked.
  expect([...statusesSeen].sort()).toEqual(['cancelled', 'postponed', 'scheduled']);
});

test('the front page carries the Organization, articles a breadcrumb, programme pages no events', async ({ request }) => {
  const front = jsonLdOf(await (await request.get('/')).text()).flatMap(nodesOf);
  expect(front).toEqual([
    expect.objectContaining({
      '@type': 'Organization',
      name: 'Kulturhuset Kaia',
      url: expect.stringMatching(/^https:\/\//),
      logo: expect.stringMatching(/^https:\/\/.+\/logo\.svg$/),
      email: expect.stringContaining('@'),
      telephone: expect.any(String),
      address: expect.objectContaining({
        '@type': 'PostalAddress',
        streetAddress: 'Kaivegen 1',
        postalCode: '6480',
        addressLocality: 'Aukra',
        addressCountry: 'NO',
      }),
    }),
  ]);
  const article = jsonLdOf(await (await request.get('/article/babysvomming')).text()).flatMap(nodesOf);
  expect(article.map((node) => node['@type'])).toEqual(['BreadcrumbList']);
  expect(breadcrumbProblems(article[0]!)).toEqual([]);
  expect(jsonLdOf(await (await request.get('/kinoprogram')).text())).toEqual([]);
});

test('Open Graph: the type fits the page and the image URL is absolute', async ({ page }) => {
  const film = productions.find((production) => production.object === 'movie')!;
  const play = productions.find((production) => production.object === 'culture')!;
  for (const [path, type] of [
    ['/', 'website'],
    ['/kinoprogram', 'website'],
    ['/article/babysvomming', 'article'],
    [`/${film.pageReference}`, 'video.movie'],
    [`/${play.pageReference}`, 'website'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator('meta[property="og:type"]'), path).toHaveAttribute('content', type);
    await expect(page.locator('meta[property="og:image"]'), path).toHaveAttribute('content', /^https:\/\/[^/]+\/\S+$/);
    await expect(page.locator('meta[property="og:title"]'), path).toHaveAttribute('content', /^Kulturhuset Kaia \| /);
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]'), path).toHaveAttribute('href', '/aktuelt/rss.xml');
  }
});

test('the news feed lists the news of /aktuelt, newest first, and /aktuelt links it', async ({ page, request }) => {
  const response = await request.get('/aktuelt/rss.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/xml/);
  const xml = await response.text();
  expect(xml).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\s*<rss version="2\.0"/);
  const links = [...xml.matchAll(/<item>[\s\S]*?<link>([^<]+)<\/link>/g)].map((match) => new URL(match[1]!).pathname);
  const dates = [...xml.matchAll(/<pubDate>([^<]+)<\/pubDate>/g)].map((match) => Date.parse(match[1]!));
  expect(dates).toEqual([...dates].sort((a, b) => b - a));

  await page.goto('/aktuelt');
  const listed = await page
    .locator('main .card__title a')
    .evaluateAll((anchors) => anchors.map((anchor) => new URL((anchor as HTMLAnchorElement).href).pathname));
  expect(links).toEqual(listed);
  expect(links).not.toContain('/article/personvernerklaering');
  const feedLink = page.getByRole('link', { name: 'Følg nyheitene med RSS' });
  await expect(feedLink).toHaveAttribute('href', '/aktuelt/rss.xml');
});

test('robots.txt points at the sitemap and the feed; filter pages stay out of the sitemap', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/^Sitemap: https:\/\/\S+\/sitemap\.xml$/m);
  expect(robots).toMatch(/^Sitemap: https:\/\/\S+\/aktuelt\/rss\.xml$/m);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain('/kinoprogram</loc>');
  expect(sitemap).not.toMatch(/\/(kinoprogram|kulturprogram)\/(dag|sjanger|kategori|alder)\//);
});
