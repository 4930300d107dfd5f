import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../../../../src/integrations/hosting';
import { readSnapshot } from '../../../../src/lib/content/snapshot';
import { pageView } from '../../../../src/lib/pages/page-view';
import { buildRouteTable } from '../../../../src/lib/pages/routes';
import { spokenLanguages, versionFacts } from '../../../../src/lib/seo/languages';
import {
  cultureEvent,
  isoDuration,
  jsonLdText,
  movieWork,
  pageStructuredData,
  performer,
  screeningEvent,
  siteFacts,
  type JsonLd,
} from '../../../../src/lib/seo/structured-data';
import type { CultureProduction, Movie } from '../../../../src/schemas';
import { breadcrumbProblems, eventProblems, isEvent, nodesOf } from '../../../support/json-ld';

const now = new Date('2026-11-23T10:00:00+01:00');
const content = readSnapshot('content');
const table = buildRouteTable(content);
const site = siteFacts(content, now);

function graphAt(path: string): JsonLd[] {
  const route = table.routes.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`no route ${path}`);
  return nodesOf(pageStructuredData(route, pageView(route, content), table, content, now));
}

const film = content.productions.find((production): production is Movie => production.pageReference === 'alt-vi-ikkje-sa-qy4zf')!;
const play = content.productions.find((production): production is CultureProduction => production.pageReference === 'huset-ved-sundet-23deo')!;

describe('JSON-LD text', () => {
  it('can never close its script element or open a comment', () => {
    const text = jsonLdText({ name: '</script><script>alert(1)</script> <!-- & \u2028' });
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(text).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script> <!-- & \u2028' });
  });

  it('is a data block the CSP does not need to hash (it never runs)', () => {
    const html = `<script type="application/ld+json">${jsonLdText({ a: 1 })}</script><script>run()</script>`;
    expect(inlineScriptHashes(html)).toHaveLength(1);
  });
});

describe('small conversions', () => {
  it('writes ISO 8601 durations', () => {
    expect(isoDuration(112)).toBe('PT1H52M');
    expect(isoDuration(120)).toBe('PT2H');
    expect(isoDuration(45)).toBe('PT45M');
  });

  it('reads the languages the content names, originals apart from dubs', () => {
    expect(spokenLanguages('dansk og norsk')).toEqual({ original: ['da', 'no'], dubbed: [] });
    expect(spokenLanguages('norsk (dubba) og engelsk')).toEqual({ original: ['en'], dubbed: ['no'] });
    expect(spokenLanguages('klingonsk')).toEqual({ original: [], dubbed: [] });
    expect(versionFacts('2D, originalversjon, norsk tekst')).toEqual({ videoFormat: '2D', subtitles: 'no', original: true });
    expect(versionFacts('2D, norsk tale')).toEqual({ videoFormat: '2D', spoken: 'no', original: false });
  });

  it('tells performing groups from people as far as the name allows', () => {
    expect(performer('Ragnhild Oterhals')['@type']).toBe('Person');
    expect(performer('Kompani Havrand')['@type']).toBe('PerformingGroup');
    expect(performer('Kaiaorkesteret')['@type']).toBe('PerformingGroup');
    expect(performer('Saltvatn')['@type']).toBe('PerformingGroup');
  });
});

describe('a film screening', () => {
  const subtitled = content.events.find((event) => event.production.pageReference === film.pageReference && event.version?.includes('originalversjon'))!;

  it('is a ScreeningEvent of the Movie with everything Google asks for', () => {
    const pageUrl = 'https://www.kulturhuset-kaia.example/alt-vi-ikkje-sa-qy4zf';
    const node = screeningEvent(subtitled, film, site, pageUrl);
    const movie = movieWork(film, site, pageUrl);
    expect(eventProblems(node, [movie])).toEqual([]);
    // Alone, the screening names the film but lacks what only the Movie node holds.
    expect(eventProblems(node)).toEqual([expect.stringContaining('workPresented.description missing')]);
    expect(movie).toMatchObject({
      '@type': 'Movie',
      '@id': `${pageUrl}#film`,
      name: 'Alt vi ikkje sa',
      duration: 'PT1H52M',
      contentRating: 'Aldersgrense 12 år',
      genre: ['drama'],
      director: [{ '@type': 'Person', name: 'Signe Holmgaard' }],
    });
    expect(node).toMatchObject({
      '@type': 'ScreeningEvent',
      name: 'Alt vi ikkje sa',
      startDate: subtitled.startTime,
      endDate: subtitled.endTime,
      eventStatus: 'https://schema.org/EventScheduled',
      location: {
        '@type': 'MovieTheater',
        name: `${subtitled.venue.name}, Kulturhuset Kaia`,
        address: { streetAddress: 'Kaivegen 1', postalCode: '6480', addressLocality: 'Aukra', addressCountry: 'NO' },
      },
      offers: { url: subtitled.ticketUrl, price: subtitled.price, priceCurrency: 'NOK', validFrom: '2026-11-23T09:00:00Z' },
      subtitleLanguage: 'no',
      videoFormat: '2D',
      workPresented: { '@type': 'Movie', '@id': `${pageUrl}#film`, name: 'Alt vi ikkje sa', duration: 'PT1H52M' },
    });
  });

  it('says when tickets are few or gone', () => {
    const few = screeningEvent({ ...subtitled, availability: 'few' }, film, site, 'https://x.example/f');
    const gone = screeningEvent({ ...subtitled, availability: 'soldout' }, film, site, 'https://x.example/f');
    expect((few['offers'] as JsonLd)['availability']).toBe('https://schema.org/LimitedAvailability');
    expect((gone['offers'] as JsonLd)['availability']).toBe('https://schema.org/SoldOut');
  });

  it('speaks the dub in a dubbed version', () => {
    const dubbed = screeningEvent({ ...subtitled, version: '2D, norsk tale' }, film, site, 'https://x.example/f');
    expect(dubbed['inLanguage']).toBe('no');
    expect(dubbed['subtitleLanguage']).toBeUndefined();
  });
});

describe('a culture event', () => {
  it('takes its schema.org type from the category and its status from the data, with no offer when cancelled', () => {
    const cancelled = content.events.find((event) => event.status === 'cancelled')!;
    const node = cultureEvent(cancelled, play, site, 'https://x.example/p');
    expect(node['@type']).toBe('TheaterEvent');
    expect(node['eventStatus']).toBe('https://schema.org/EventCancelled');
    expect(node['offers']).toBeUndefined();
    expect(node['performer']).toEqual({ '@type': 'PerformingGroup', name: 'Teaterkompaniet Brottsjø' });
    expect(eventProblems(node)).toEqual([]);
  });

  it('marks free events as free', () => {
    const free = content.events.find((event) => event.object === 'culture' && event.price === null)!;
    const production = content.productions.find((candidate): candidate is CultureProduction => candidate.pageReference === free.production.pageReference)!;
    const node = cultureEvent(free, production, site, 'https://x.example/p');
    expect(node['isAccessibleForFree']).toBe(true);
    expect((node['offers'] as JsonLd)['price']).toBe(0);
  });
});

describe('pages of the demo content', () => {
  it('a film page has one valid event per upcoming showtime in its ticket list, and a breadcrumb', () => {
    const graph = graphAt('/alt-vi-ikkje-sa-qy4zf');
    const events = graph.filter(isEvent);
    const upcoming = content.events.filter((event) => event.production.pageReference === film.pageReference && Date.parse(event.startTime) > now.getTime());
    expect(events.map((event) => event['startDate']).sort()).toEqual(upcoming.map((event) => event.startTime).sort());
    expect(events.flatMap((event) => eventProblems(event, graph))).toEqual([]);
    // The film itself once, with the @id every screening points to.
    const movies = graph.filter((node) => node['@type'] === 'Movie');
    expect(movies).toHaveLength(1);
    expect(new Set(events.map((event) => (event['workPresented'] as JsonLd)['@id']))).toEqual(new Set([movies[0]!['@id']]));
    const crumbs = graph.find((node) => node['@type'] === 'BreadcrumbList')!;
    expect(breadcrumbProblems(crumbs)).toEqual([]);
    expect((crumbs['itemListElement'] as JsonLd[]).map((item) => item['name'])).toEqual(['Framside', 'Kinoprogram', 'Alt vi ikkje sa']);
  });

  it('the postponed show is EventPostponed, with no ticket offer', () => {
    const postponed = content.events.find((event) => event.status === 'postponed')!;
    const events = graphAt(`/${postponed.production.pageReference}`).filter(isEvent);
    const node = events.find((event) => event['startDate'] === postponed.startTime)!;
    expect(node['eventStatus']).toBe('https://schema.org/EventPostponed');
    expect(node['offers']).toBeUndefined();
  });

  it('the front page has the Organization, articles a breadcrumb, the programme pages no events', () => {
    const [organization] = graphAt('/');
    expect(organization).toMatchObject({
      '@type': 'Organization',
      name: 'Kulturhuset Kaia',
      url: 'https://www.kulturhuset-kaia.example/',
      logo: 'https://www.kulturhuset-kaia.example/logo.svg',
      email: 'post@kulturhuset-kaia.example',
      telephone: '+47 12 34 56 78',
      address: { '@type': 'PostalAddress', streetAddress: 'Kaivegen 1', postalCode: '6480', addressLocality: 'Aukra', addressCountry: 'NO' },
    });
    const article = graphAt('/article/babysvomming');
    expect(article.map((node) => node['@type'])).toEqual(['BreadcrumbList']);
    expect(graphAt('/kinoprogram')).toEqual([]);
  });
});

describe('Open Graph type', () => {
  it('is article for articles, video.movie for films, website otherwise', () => {
    const type = (path: string) =>
      pageView(
        table.routes.find((route) => route.path === path)!,
        content,
      ).meta.ogType;
    expect(type('/article/babysvomming')).toBe('article');
    expect(type('/alt-vi-ikkje-sa-qy4zf')).toBe('video.movie');
    expect(type('/huset-ved-sundet-23deo')).toBe('website');
    expect(type('/kinoprogram')).toBe('website');
  });
});
