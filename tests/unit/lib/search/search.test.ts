import { describe, expect, it } from 'vitest';
import { PAGEFIND_OPTIONS, createSearchEngine, showResults } from '../../../../src/lib/search/engine';
import { SEARCH_WORDS_WEIGHT } from '../../../../src/lib/search/types';
import {
  ABOUT_WEIGHT,
  indexWords,
  indexableHtml,
  ordinaryPageRecord,
  searchWordsText,
  type PageAbout,
  pageSearchRecord,
  searchAboutAttributes,
  searchAttributes,
  searchRecordFor,
  withoutIndexData,
} from '../../../../src/lib/search/index-markers';
import type { Production } from '../../../../src/schemas';
import { readSearchState, searchOptions, searchStateUrl, searchTerm } from '../../../../src/lib/search/query';
import { excerptParts, resultCountText, sitePath, ticketItemAttributes, toResultView } from '../../../../src/lib/search/results';
import { article, culture, event, movie } from '../../fixtures/content';

const now = new Date('2026-11-23T10:00:00+01:00');

describe('which pages the index holds', () => {
  it('marks articles with their publication day and lead', () => {
    const record = searchRecordFor(article('bading', { createdAt: Date.parse('2025-04-07T08:00:00Z'), content: '<p>Vi opnar <b>bassenget</b>.</p>' }), [], now);
    expect(record).toEqual({ type: 'artikkel', date: '2025-04-07', when: '7. april 2025', lead: 'Vi opnar bassenget .' });
  });

  it('marks culture productions with their next performance, age limit and the showings with tickets on sale', () => {
    const concert = { ...culture('saltvatn', 'gg45j'), features: { category: 'konsert', hall: 'Soltun scene', price: '200 kr', ageLimit: '15' } } as Production;
    const link = { pageReference: concert.pageReference };
    const events = [
      event('past', '2026-11-01T19:00:00+01:00', link, { object: 'culture' }),
      event('later', '2026-12-05T19:30:00+01:00', link, { object: 'culture' }),
      event('next', '2026-12-04T19:30:00+01:00', link, { object: 'culture' }),
      event('full', '2026-12-04T15:00:00+01:00', link, { object: 'culture', availability: 'soldout' }),
      event('cancelled', '2026-11-30T19:30:00+01:00', link, { object: 'culture', status: 'cancelled' }),
      event('other', '2026-11-24T19:30:00+01:00', { pageReference: 'anna-abcde' }, { object: 'culture' }),
    ];
    expect(searchRecordFor(concert, events, now)).toEqual({
      type: 'kulturarrangement',
      date: '2026-12-04',
      when: 'Neste gong 4. desember 2026',
      lead: 's',
      age: 'Aldersgrense 15 år',
      showings: [
        { start: '2026-12-04T19:30:00+01:00', ticketUrl: 'https://billett.example/kaia/event/next' },
        { start: '2026-12-05T19:30:00+01:00', ticketUrl: 'https://billett.example/kaia/event/later' },
      ],
      product: concert.id,
      category: 'konsert',
    });
  });

  it('falls back to the last performance, or to no date at all', () => {
    const concert = culture('saltvatn', 'gg45j');
    const past = [event('past', '2026-11-01T19:00:00+01:00', { parentSlug: 'saltvatn' }, { object: 'culture' })];
    expect(searchRecordFor(concert, past, now)).toMatchObject({ date: '2026-11-01', when: 'Sist 1. november 2026', showings: [] });
    expect(searchRecordFor(concert, [], now)).toMatchObject({ type: 'kulturarrangement', when: 'Ingen datoar i programmet no' });
  });

  it('marks films with their age limit, a small poster and at most six showings', () => {
    const poster = { type: 'poster' as const, url: '/media/posters/naustet.webp', width: 800, height: 1200, alt: 'Plakat' };
    const film = movie('naustet', 'abcde', {
      assets: [poster],
      features: { ageLimit: '18', runtimeMinutes: 90, genres: ['skrekk'], language: 'norsk', subtitles: null, edis: ['123456'], premiere: '2026-11-01' },
    });
    const showings = Array.from({ length: 9 }, (_, day) => event(`e${day}`, `2026-11-${24 + day}T19:00:00+01:00`, { pageReference: film.pageReference }));
    const record = searchRecordFor(film, showings, now);
    expect(record).toMatchObject({
      type: 'film',
      age: 'Aldersgrense 18 år',
      poster: '/media/posters/naustet.webp?width=160&height=240',
      lead: 's',
      product: film.id,
      category: 'skrekk',
    });
    expect(record?.showings?.map((showing) => showing.start.slice(0, 10))).toEqual([
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(record).not.toHaveProperty('date');
    expect(searchRecordFor(undefined, [], now)).toBeNull();
  });

  it('indexes ordinary information pages and the pages that list others, but not the search, the front page, the 404 page or filter views', () => {
    const base = { record: undefined, events: [], now };
    const page = (path: string, components: string[], extra: { filtered?: boolean; about?: PageAbout } = {}) =>
      pageSearchRecord({ ...base, canonicalUrl: `https://kaia.example${path}`, pathname: path, components, ...extra });
    expect(page('/bassenget', ['cover', 'content'])).toEqual({ type: 'side' });
    expect(page('/kontakt', ['cover', 'content', 'newsletter'])).toEqual({ type: 'side' });
    expect(page('/kinoprogram', ['cover', 'content', 'cinema-programme'])).toEqual({ type: 'side', coverOnly: true });
    expect(page('/kulturprogram', ['cover', 'content', 'culture-programme'])).toEqual({ type: 'side', coverOnly: true });
    expect(page('/filmoversikt', ['cover', 'content', 'film-list'])).toEqual({ type: 'side', coverOnly: true });
    expect(page('/aktuelt', ['cover', 'content', 'article-list'])).toEqual({ type: 'side', coverOnly: true });
    expect(page('/search', ['cover', 'content', 'search-field'])).toBeNull();
    expect(page('/', ['cover', 'content'])).toBeNull();
    expect(page('/404.html', ['cover', 'content'])).toBeNull();
    expect(page('/tom', ['newsletter'])).toBeNull();
    // A filter view of a programme: its canonical URL is its own, but its programme is indexed once.
    expect(page('/kinoprogram/dag/2026-11-24', ['cover', 'cinema-programme'], { filtered: true })).toBeNull();
    // Only the cover of a listing page is marked, never its introduction or the list.
    const listing = { type: 'side', coverOnly: true } as const;
    expect(searchAttributes(listing, 'cover')).toMatchObject({ 'data-pagefind-body': '' });
    for (const component of ['content', 'cinema-programme', 'article-list']) expect(searchAttributes(listing, component)).toEqual({});
    expect(searchAttributes({ type: 'side' }, 'content')).toEqual({ 'data-pagefind-body': '' });
  });

  it('carries the search words the editors set as weighted meta of the cover, once each', () => {
    const record = ordinaryPageRecord('/utleige', ['cover', 'content'], { description: 'Lei salar.', searchWords: [' lokale ', 'Lokale', 'leige', ''] });
    expect(record).toEqual({ type: 'side', about: 'Lei salar.', words: 'lokale · leige' });
    const attributes = searchAttributes(record, 'cover');
    expect(attributes['data-pagefind-meta']).toBe('type[data-search-type], words[data-search-words]');
    expect(attributes['data-search-words']).toBe('lokale · leige');
    expect(searchAttributes(record, 'content')).toEqual({ 'data-pagefind-body': '' });
    expect(PAGEFIND_OPTIONS.ranking.metaWeights.words).toBe(SEARCH_WORDS_WEIGHT);
    expect(SEARCH_WORDS_WEIGHT).toBeGreaterThan(ABOUT_WEIGHT);
    expect(searchWordsText(undefined)).toBe('');
  });

  it('collects the title and search words of an indexed page for «Meinte du», and ships the page without the search words', () => {
    const html =
      '<div data-pagefind-body="" data-pagefind-meta="words[data-search-words]" data-search-words="bibliotek · bøker · lån · 2026"><h1 class="x">Biblioteket <span>&amp; Kaf&#233;</span></h1></div><h1>Anna</h1>';
    expect(indexWords(html)).toEqual(['biblioteket', 'kafé', 'bibliotek', 'bøker']);
    expect(withoutIndexData(html)).not.toContain('bøker');
    expect(indexWords('<p>ingen tittel</p>')).toEqual([]);
  });

  it('indexes a page only at its canonical path, never under an alias', () => {
    const page = { record: article('bading'), events: [], now, canonicalUrl: 'https://kaia.example/article/bading' };
    expect(pageSearchRecord({ ...page, pathname: '/article/bading/' })).toMatchObject({ type: 'artikkel' });
    expect(pageSearchRecord({ ...page, pathname: '/bading-alias/' })).toBeNull();
  });

  it('puts the body marker on cover and body blocks only, and filter and meta on the cover', () => {
    const record = searchRecordFor(culture('saltvatn', 'gg45j'), [event('e', '2026-12-04T19:30:00+01:00', { parentSlug: 'saltvatn' })], now);
    expect(searchAttributes(record, 'cover')).toEqual({
      'data-pagefind-body': '',
      'data-pagefind-filter': 'type:kulturarrangement',
      'data-pagefind-meta':
        'type[data-search-type], when[data-search-when], date[data-search-date], lead[data-search-lead], showings[data-search-showings], product[data-search-product], category[data-search-category]',
      'data-search-type': 'kulturarrangement',
      'data-search-when': 'Neste gong 4. desember 2026',
      'data-search-date': '2026-12-04',
      'data-search-lead': 's',
      'data-search-showings': '[["2026-12-04T19:30:00+01:00","https://billett.example/kaia/event/e"]]',
      'data-search-product': record?.product,
      'data-search-category': 'konsert',
    });
    expect(searchAttributes(record, 'production-details')).toEqual({ 'data-pagefind-body': '' });
    for (const component of ['ticket-list', 'newsletter', 'movie-info', 'article-list']) expect(searchAttributes(record, component)).toEqual({});
    expect(searchAttributes(null, 'content')).toEqual({});
  });

  it('leaves out meta a page does not have', () => {
    const attributes = searchAttributes({ type: 'side' }, 'cover');
    expect(attributes['data-pagefind-meta']).toBe('type[data-search-type]');
    expect(attributes).not.toHaveProperty('data-search-date');
    expect(attributes).not.toHaveProperty('data-search-showings');
  });

  it('hands Pagefind the page with words of neighbouring cells kept apart', () => {
    expect(indexableHtml('<tr><th>Billett</th><th>Pris</th></tr><dl><dt>Stad</dt><dd>Soltun</dd></dl><p>x</p>')).toBe(
      '<tr><th>Billett</th> <th>Pris</th> </tr><dl><dt>Stad</dt> <dd>Soltun</dd> </dl><p>x</p>',
    );
  });

  it('ships pages without the data only the index needs', () => {
    const record = { type: 'film' as const, lead: 'Om «naust» & "sjø"', showings: [{ start: '2026-11-24T18:00:00+01:00', ticketUrl: 'https://b.example/1' }] };
    const attributes = Object.entries(searchAttributes(record, 'cover'))
      .map(([name, value]) => ` ${name}="${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`)
      .join('');
    const about = Object.entries(searchAboutAttributes({ type: 'side', about: 'Opningstider · basseng' }, 'cover') ?? {})
      .map(([name, value]) => ` ${name}="${value}"`)
      .join('');
    const html = `<div class="block"${attributes}><h1>Naustet</h1><span${about}></span></div><p data-search-x="y">x</p>`;
    expect(withoutIndexData(html)).toBe('<div class="block"><h1>Naustet</h1></div><p>x</p>');
    // Minified markers (no value) go too; text that looks like one stays.
    expect(withoutIndexData('<div data-pagefind-body class="a"><p data-pagefind-body>x data-pagefind-body="y"</p></div>')).toBe(
      '<div class="a"><p>x data-pagefind-body="y"</p></div>',
    );
    expect(withoutIndexData('<p>data-search-lead="x"</p>')).toBe('<p>data-search-lead="x"</p>');
  });
});

describe('the query in the URL', () => {
  it('reads q and a known type', () => {
    expect(readSearchState('?q=basseng&type=artikkel')).toEqual({ query: 'basseng', type: 'artikkel' });
    expect(readSearchState('?q=a+b%26c&type=film')).toEqual({ query: 'a b&c', type: 'film' });
    expect(readSearchState('?q=x&type=konsert')).toEqual({ query: 'x', type: null });
    expect(readSearchState('')).toEqual({ query: '', type: null });
  });

  it('cuts overlong queries', () => {
    expect(readSearchState(`?q=${'x'.repeat(500)}`).query).toHaveLength(200);
  });

  it('writes the state back, encoded, and drops empty values', () => {
    expect(searchStateUrl('/search', '', { query: ' <b>"x"&y ', type: null })).toBe('/search?q=%3Cb%3E%22x%22%26y');
    expect(searchStateUrl('/search', '?q=old&type=artikkel&utm_source=nyheitsbrev', { query: 'ny', type: null })).toBe('/search?q=ny&utm_source=nyheitsbrev');
    expect(searchStateUrl('/search', '?q=old', { query: '  ', type: 'kulturarrangement' })).toBe('/search?type=kulturarrangement');
    expect(searchStateUrl('/search', '?q=old', { query: '', type: null })).toBe('/search');
  });

  it('turns a query into a term, or null when there is nothing to search for', () => {
    expect(searchTerm('  basseng ')).toBe('basseng');
    expect(searchTerm('   ')).toBeNull();
  });

  it('filters by type, best match first for every type', () => {
    expect(searchOptions(null)).toEqual({});
    expect(searchOptions('artikkel')).toEqual({ filters: { type: 'artikkel' } });
    expect(searchOptions('kulturarrangement')).toEqual({ filters: { type: 'kulturarrangement' } });
  });
});

describe('results', () => {
  it('split the excerpt into text and hits, never markup', () => {
    expect(excerptParts('Vi opnar <mark>bassenget</mark> for alle &lt;3')).toEqual([
      { text: 'Vi opnar ', marked: false },
      { text: 'bassenget', marked: true },
      { text: ' for alle <3', marked: false },
    ]);
    expect(excerptParts('&lt;img src=x onerror=alert(1)&gt; <mark>x</mark><mark>y</mark>')).toEqual([
      { text: '<img src=x onerror=alert(1)> ', marked: false },
      { text: 'xy', marked: true },
    ]);
    expect(excerptParts('<b>bold</b> <script>')).toEqual([{ text: '<b>bold</b> <script>', marked: false }]);
    expect(excerptParts('')).toEqual([]);
  });

  it('keep only paths of this site, in canonical form', () => {
    expect(sitePath('/article/morgonsym/')).toBe('/article/morgonsym');
    expect(sitePath('/')).toBe('/');
    expect(sitePath('/saltvatn-i-konsert-gg45j/#x')).toBe('/saltvatn-i-konsert-gg45j#x');
    for (const url of ['https://evil.example/', '//evil.example/x', 'javascript:alert(1)', '/\\evil.example', 'article/x']) expect(sitePath(url)).toBeNull();
  });

  it('map Pagefind data to what a result shows', () => {
    const view = toResultView({
      url: '/article/morgonsym/',
      excerpt: 'i <mark>bassenget</mark>',
      meta: { title: 'Morgonsym', type: 'artikkel', date: '2025-04-07', when: '7. april 2025' },
      filters: { type: ['artikkel'] },
    });
    expect(view).toEqual({
      url: '/article/morgonsym',
      title: 'Morgonsym',
      type: 'artikkel',
      typeLabel: 'Artikkel',
      date: '2025-04-07',
      when: '7. april 2025',
      lead: null,
      age: null,
      poster: null,
      showings: [],
      product: null,
      excerpt: [
        { text: 'i ', marked: false },
        { text: 'bassenget', marked: true },
      ],
    });
    expect(toResultView({ url: '/x/', excerpt: '', meta: { date: 'i morgon' }, filters: { type: ['kulturarrangement'] } })).toMatchObject({
      title: '/x',
      type: 'kulturarrangement',
      typeLabel: 'Arrangement',
      date: null,
      when: null,
    });
    expect(toResultView({ url: 'https://evil.example/', excerpt: '', meta: {} })).toBeNull();
  });

  it('give a film’s or event’s ticket link the analytics item every ticket link carries, from the list «Søk»', () => {
    const view = toResultView({ url: '/film/naustet/', excerpt: '', meta: { title: 'Naustet', type: 'film', product: 'p-42', category: 'skrekk' } });
    expect(view?.product).toEqual({ id: 'p-42', category: 'skrekk' });
    expect(ticketItemAttributes(view!)).toEqual({
      'data-item-id': 'p-42',
      'data-item-name': 'Naustet',
      'data-item-list': 'Søk',
      'data-item-category': 'skrekk',
    });
    // A page with no product (an old index, an article) gets no item, and so reports nothing.
    expect(ticketItemAttributes({ title: 'Morgonsym', product: null })).toEqual({});
  });

  it('count hits in plain nynorsk', () => {
    expect(resultCountText(0, 'xyz')).toBe('Ingen treff på «xyz».');
    expect(resultCountText(1, 'basseng')).toBe('1 treff på «basseng».');
    expect(resultCountText(12, 'basseng')).toBe('12 treff på «basseng».');
  });
});

describe('the search engine', () => {
  const hit = (url: string) => ({ id: url, data: () => Promise.resolve({ url, excerpt: `<mark>${url}</mark>`, meta: { title: url, type: 'artikkel' } }) });

  function fakePagefind(fail = 0) {
    const calls: { term: string | null; options: unknown }[] = [];
    let loads = 0;
    const api = {
      options: () => Promise.resolve(),
      init: () => Promise.resolve(),
      search: (term: string | null, options: unknown) => {
        calls.push({ term, options });
        return Promise.resolve({ results: [hit('/a/'), hit('https://evil.example/'), hit('/c/')] });
      },
    };
    const load = () => {
      loads += 1;
      return loads <= fail ? Promise.reject(new Error('offline')) : Promise.resolve(api);
    };
    return { calls, load, loads: () => loads };
  }

  it('searches the trimmed term with the type options, and nothing for an empty query', async () => {
    const fake = fakePagefind();
    const engine = createSearchEngine(fake.load);
    expect(await engine.search('   ', null)).toBeNull();
    expect(fake.loads()).toBe(0);
    const found = await engine.search(' basseng ', 'kulturarrangement');
    expect(found?.term).toBe('basseng');
    expect(found?.hits).toHaveLength(3);
    expect(fake.calls).toEqual([{ term: 'basseng', options: { filters: { type: 'kulturarrangement' } } }]);
    await engine.search('symjing', null);
    expect(fake.loads()).toBe(1);
  });

  it('tries loading Pagefind again after a failure', async () => {
    const fake = fakePagefind(1);
    const engine = createSearchEngine(fake.load);
    await expect(engine.search('basseng', null)).rejects.toThrow('offline');
    expect(await engine.search('basseng', null)).not.toBeNull();
    expect(fake.loads()).toBe(2);
  });

  it('fetches result data a page at a time and drops foreign URLs', async () => {
    const hits = [hit('/a/'), hit('https://evil.example/'), hit('/c/'), hit('/d/')];
    expect((await showResults(hits, 0, 3)).map((view) => view.url)).toEqual(['/a', '/c']);
    expect((await showResults(hits, 3, 3)).map((view) => view.url)).toEqual(['/d']);
  });
});
