import { describe, expect, it } from 'vitest';
import { createSearchEngine, showResults } from '../../src/lib/search/engine';
import { indexableHtml, pageSearchRecord, searchAttributes, searchRecordFor } from '../../src/lib/search/index-markers';
import { readSearchState, searchOptions, searchStateUrl, searchTerm } from '../../src/lib/search/query';
import { excerptParts, resultCountText, sitePath, toResultView } from '../../src/lib/search/results';
import { article, culture, event, movie } from './fixtures/content';

const now = new Date('2026-11-23T10:00:00+01:00');

describe('which pages the index holds', () => {
  it('marks articles with their publication day', () => {
    const record = searchRecordFor(article('bading', { createdAt: Date.parse('2025-04-07T08:00:00Z') }), [], now);
    expect(record).toEqual({ type: 'artikkel', date: '2025-04-07', when: '7. april 2025', sortable: false });
  });

  it('marks culture productions with their next performance, sortable by date', () => {
    const concert = culture('saltvatn', 'gg45j');
    const link = { pageReference: concert.pageReference };
    const events = [
      event('past', '2026-11-01T19:00:00+01:00', link, { object: 'culture' }),
      event('later', '2026-12-05T19:30:00+01:00', link, { object: 'culture' }),
      event('next', '2026-12-04T19:30:00+01:00', link, { object: 'culture' }),
      event('cancelled', '2026-11-30T19:30:00+01:00', link, { object: 'culture', status: 'cancelled' }),
      event('other', '2026-11-24T19:30:00+01:00', { pageReference: 'anna-abcde' }, { object: 'culture' }),
    ];
    expect(searchRecordFor(concert, events, now)).toEqual({
      type: 'kulturarrangement',
      date: '2026-12-04',
      when: 'Neste gong 4. desember 2026',
      sortable: true,
    });
  });

  it('falls back to the last performance, or to no date at all', () => {
    const concert = culture('saltvatn', 'gg45j');
    const past = [event('past', '2026-11-01T19:00:00+01:00', { parentSlug: 'saltvatn' }, { object: 'culture' })];
    expect(searchRecordFor(concert, past, now)).toMatchObject({ date: '2026-11-01', when: 'Sist 1. november 2026' });
    expect(searchRecordFor(concert, [], now)).toEqual({ type: 'kulturarrangement', when: 'Ingen datoar i programmet no', sortable: false });
  });

  it('leaves films and pages without a record out', () => {
    expect(searchRecordFor(movie('naustet', 'abcde'), [], now)).toBeNull();
    expect(searchRecordFor(undefined, [], now)).toBeNull();
  });

  it('indexes a page only at its canonical path, never under an alias', () => {
    const page = { record: article('bading'), events: [], now, canonicalUrl: 'https://kaia.example/article/bading' };
    expect(pageSearchRecord({ ...page, pathname: '/article/bading/' })).toMatchObject({ type: 'artikkel' });
    expect(pageSearchRecord({ ...page, pathname: '/bading-alias/' })).toBeNull();
  });

  it('puts the body marker on cover and body blocks only, and filter, meta and sort on the cover', () => {
    const record = searchRecordFor(culture('saltvatn', 'gg45j'), [event('e', '2026-12-04T19:30:00+01:00', { parentSlug: 'saltvatn' })], now);
    expect(searchAttributes(record, 'cover')).toEqual({
      'data-pagefind-body': '',
      'data-pagefind-filter': 'type:kulturarrangement',
      'data-pagefind-meta': 'type[data-search-type], when[data-search-when], date[data-search-date]',
      'data-search-type': 'kulturarrangement',
      'data-search-when': 'Neste gong 4. desember 2026',
      'data-search-date': '2026-12-04',
      'data-pagefind-sort': 'date:2026-12-04',
    });
    expect(searchAttributes(record, 'production-details')).toEqual({ 'data-pagefind-body': '' });
    for (const component of ['ticket-list', 'newsletter', 'movie-info', 'article-list']) expect(searchAttributes(record, component)).toEqual({});
    expect(searchAttributes(null, 'content')).toEqual({});
  });

  it('gives articles no sort key, and pages without a date no date meta', () => {
    const attributes = searchAttributes({ type: 'artikkel', date: '2025-04-07', when: 'Måndag, 7. april', sortable: false }, 'cover');
    expect(attributes['data-search-when']).toBe('Måndag, 7. april');
    expect(attributes).not.toHaveProperty('data-pagefind-sort');
    const undated = searchAttributes({ type: 'kulturarrangement', when: 'Ingen datoar i programmet no', sortable: false }, 'cover');
    expect(undated['data-pagefind-meta']).toBe('type[data-search-type], when[data-search-when]');
    expect(undated).not.toHaveProperty('data-search-date');
  });

  it('hands Pagefind the page with words of neighbouring cells kept apart', () => {
    expect(indexableHtml('<tr><th>Billett</th><th>Pris</th></tr><dl><dt>Stad</dt><dd>Soltun</dd></dl><p>x</p>')).toBe(
      '<tr><th>Billett</th> <th>Pris</th> </tr><dl><dt>Stad</dt> <dd>Soltun</dd> </dl><p>x</p>',
    );
  });
});

describe('the query in the URL', () => {
  it('reads q and a known type', () => {
    expect(readSearchState('?q=basseng&type=artikkel')).toEqual({ query: 'basseng', type: 'artikkel' });
    expect(readSearchState('?q=a+b%26c&type=film')).toEqual({ query: 'a b&c', type: null });
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

  it('filters by type, and orders culture events by date', () => {
    expect(searchOptions(null)).toEqual({});
    expect(searchOptions('artikkel')).toEqual({ filters: { type: 'artikkel' } });
    expect(searchOptions('kulturarrangement')).toEqual({ filters: { type: 'kulturarrangement' }, sort: { date: 'asc' } });
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
      excerpt: [
        { text: 'i ', marked: false },
        { text: 'bassenget', marked: true },
      ],
    });
    expect(toResultView({ url: '/x/', excerpt: '', meta: { date: 'i morgon' }, filters: { type: ['kulturarrangement'] } })).toMatchObject({
      title: '/x',
      type: 'kulturarrangement',
      typeLabel: 'Kulturarrangement',
      date: null,
      when: null,
    });
    expect(toResultView({ url: 'https://evil.example/', excerpt: '', meta: {} })).toBeNull();
  });

  it('count hits in plain nynorsk', () => {
    expect(resultCountText(0, 'xyz')).toBe('Ingen treff på «xyz».');
    expect(resultCountText(1, 'basseng')).toBe('1 treff på «basseng».');
    expect(resultCountText(12, 'basseng')).toBe('12 treff på «basseng».');
  });
});

describe('the search engine', () => {
  const hit = (url: string) => ({ id: url, data: async () => ({ url, excerpt: `<mark>${url}</mark>`, meta: { title: url, type: 'artikkel' } }) });

  function fakePagefind(fail = 0) {
    const calls: { term: string | null; options: unknown }[] = [];
    let loads = 0;
    const api = {
      options: async () => undefined,
      init: async () => undefined,
      search: async (term: string | null, options: unknown) => {
        calls.push({ term, options });
        return { results: [hit('/a/'), hit('https://evil.example/'), hit('/c/')] };
      },
    };
    const load = async () => {
      loads += 1;
      if (loads <= fail) throw new Error('offline');
      return api;
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
    expect(fake.calls).toEqual([{ term: 'basseng', options: { filters: { type: 'kulturarrangement' }, sort: { date: 'asc' } } }]);
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
