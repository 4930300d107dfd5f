import { describe, expect, it } from 'vitest';
import { readSnapshot } from '../../../../src/lib/content/snapshot';
import { buildRouteTable } from '../../../../src/lib/pages/routes';
import { pageView } from '../../../../src/lib/pages/page-view';
import { filterRoutes, programmeKindOf } from '../../../../src/lib/pages/filter-routes';
import { parseQuery, queryString, staticHref } from '../../../../src/lib/programme/filter-state';
import { applyFilter, matchesFilter, showingFacts } from '../../../../src/lib/programme/showing-facts';
import { filterChoices, filterPages } from '../../../../src/lib/programme/filter-pages';
import { countText, facetSlug } from '../../../../src/lib/programme/filter-labels';
import { datePickerHtml, monthGrids } from '../../../../src/lib/programme/date-picker';
import { upcomingShowings } from '../../../../src/lib/programme/programme';
import { culture, event, movie, page } from '../../fixtures/content';

const now = new Date('2026-11-23T10:00:00+01:00');
const drama = movie('drama', 'aaaaa', {
  features: {
    ageLimit: '12',
    runtimeMinutes: 100,
    genres: ['drama', 'romantikk'],
    language: 'norsk',
    subtitles: null,
    edis: ['111111'],
    premiere: '2026-10-01',
  },
});
const family = movie('familie', 'bbbbb', {
  features: { ageLimit: 'A', runtimeMinutes: 80, genres: ['familie'], language: 'norsk', subtitles: null, edis: ['222222'], premiere: '2026-10-01' },
});
const concert = culture('konsert', 'ccccc');
const showings = upcomingShowings(
  [
    event('d1', '2026-11-23T19:00:00+01:00', { pageReference: drama.pageReference }),
    event('d2', '2026-11-24T23:30:00+01:00', { pageReference: drama.pageReference }),
    event('f1', '2026-11-24T12:00:00+01:00', { pageReference: family.pageReference }),
    event('f2', '2026-12-02T12:00:00+01:00', { pageReference: family.pageReference }),
  ],
  [drama, family],
  now,
);

describe('what the filters know about a showing', () => {
  it('takes the Oslo day, genre slugs and age limit; culture without a limit counts as for all', () => {
    expect(showingFacts(showings[0]!)).toEqual({ day: '2026-11-23', categories: ['drama', 'romantikk'], age: '12' });
    const late = showings.find((showing) => showing.event.id === 'd2')!;
    expect(showingFacts(late).day).toBe('2026-11-24');
    const show = { event: event('k', '2026-11-25T19:00:00+01:00', { pageReference: concert.pageReference }, { object: 'culture' }), production: concert };
    expect(showingFacts(show)).toEqual({ day: '2026-11-25', categories: ['konsert'], age: 'A' });
  });

  it('makes URL-safe slugs of genre names', () => {
    expect(facetSlug('Romantikk')).toBe('romantikk');
    expect(facetSlug('Sci-fi & fantasy')).toBe('sci-fi-fantasy');
    expect(facetSlug('Kjærleik på tvers')).toBe('kjaerleik-pa-tvers');
    expect(facetSlug('Crème brûlée')).toBe('creme-brulee');
  });
});

describe('matching', () => {
  const facts = { day: '2026-11-24', categories: ['drama', 'romantikk'], age: '12' as const };

  it('passes everything without a filter and combines facets with AND', () => {
    expect(matchesFilter(facts, {})).toBe(true);
    expect(matchesFilter(facts, { dag: '2026-11-24', sjanger: 'romantikk' })).toBe(true);
    expect(matchesFilter(facts, { dag: '2026-11-24', sjanger: 'komedie' })).toBe(false);
    expect(matchesFilter(facts, { dag: '2026-11-25' })).toBe(false);
  });

  it('reads an age step as "this limit or lower"', () => {
    expect(matchesFilter(facts, { alder: '12' })).toBe(true);
    expect(matchesFilter(facts, { alder: '15' })).toBe(true);
    expect(matchesFilter(facts, { alder: '9' })).toBe(false);
    expect(matchesFilter({ ...facts, age: 'A' }, { alder: 'a' })).toBe(true);
    expect(matchesFilter(facts, { alder: 'a' })).toBe(false);
    expect(matchesFilter(facts, { alder: 'nonsense' })).toBe(false);
  });

  it('filters a list of showings', () => {
    expect(applyFilter(showings, { dag: '2026-11-24' }).map((s) => s.event.id)).toEqual(['f1', 'd2']);
    expect(applyFilter(showings, { alder: 'a' }).map((s) => s.event.id)).toEqual(['f1', 'f2']);
    expect(applyFilter(showings, { sjanger: 'drama', dag: '2026-11-23' }).map((s) => s.event.id)).toEqual(['d1']);
  });
});

describe('the filter in the URL', () => {
  it('reads only this programme’s facets and well-formed values', () => {
    expect(parseQuery('film', '?dag=2026-11-24&sjanger=drama&alder=9&kategori=konsert')).toEqual({ dag: '2026-11-24', sjanger: 'drama', alder: '9' });
    expect(parseQuery('culture', '?kategori=konsert&sjanger=drama')).toEqual({ kategori: 'konsert' });
    expect(parseQuery('film', '?dag=i-morgon&sjanger=<script>&alder=21')).toEqual({});
  });

  it('writes facets in a fixed order and round-trips', () => {
    const state = { alder: 'a', dag: '2026-11-24', sjanger: 'familie' };
    expect(queryString('film', state)).toBe('?dag=2026-11-24&sjanger=familie&alder=a');
    expect(parseQuery('film', queryString('film', state))).toEqual(state);
    expect(queryString('film', {})).toBe('');
  });

  it('links to generated pages without JavaScript', () => {
    expect(staticHref('/kinoprogram', 'dag', '2026-11-24')).toBe('/kinoprogram/dag/2026-11-24');
    expect(staticHref('/kinoprogram', 'dag', undefined)).toBe('/kinoprogram');
  });
});

describe('choices and generated pages', () => {
  it('offers today, tomorrow, the days with showings, the genres and the age steps present', () => {
    const choices = filterChoices('film', showings, now);
    expect(choices.today).toBe('2026-11-23');
    expect(choices.tomorrow).toBe('2026-11-24');
    expect(choices.days).toEqual(['2026-11-23', '2026-11-24', '2026-12-02']);
    expect(choices.categories.map((option) => [option.value, option.label])).toEqual([
      ['drama', 'Drama'],
      ['familie', 'Familie'],
      ['romantikk', 'Romantikk'],
    ]);
    expect(choices.ages.map((option) => [option.value, option.label])).toEqual([
      ['a', 'Passar for alle'],
      ['12', 'Frå 12 år'],
    ]);
  });

  it('generates one page per facet value, never their combinations', () => {
    const pages = filterPages('film', '/kinoprogram', showings, now);
    expect(pages.map((p) => p.path)).toEqual([
      '/kinoprogram/dag/2026-11-23',
      '/kinoprogram/dag/2026-11-24',
      '/kinoprogram/dag/2026-12-02',
      '/kinoprogram/sjanger/drama',
      '/kinoprogram/sjanger/familie',
      '/kinoprogram/sjanger/romantikk',
      '/kinoprogram/alder/a',
      '/kinoprogram/alder/12',
      '/kinoprogram/veke/2026-48',
      '/kinoprogram/veke/2026-49',
    ]);
    expect(pages[0]?.label).toBe('Måndag 23. november');
  });

  it('always has today and tomorrow, even without showings', () => {
    const later = new Date('2026-11-30T10:00:00+01:00');
    const days = filterPages('film', '/kinoprogram', applyFilter(showings, { dag: '2026-12-02' }), later).filter((p) => p.facet === 'dag');
    expect(days.map((p) => p.value)).toEqual(['2026-11-30', '2026-12-01', '2026-12-02']);
  });

  it('announces the number of results in nynorsk', () => {
    expect(countText('film', 0)).toBe('Ingen visingar');
    expect(countText('film', 1)).toBe('1 vising');
    expect(countText('film', 12)).toBe('12 visingar');
    expect(countText('culture', 1)).toBe('1 arrangement');
    expect(countText('culture', 5)).toBe('5 arrangement');
  });

  it('lays out date-picker months from Monday', () => {
    const [november] = monthGrids(['2026-11-23', '2026-11-24']);
    expect(november?.label).toBe('November 2026');
    // 1 November 2026 is a Sunday.
    expect(november?.weeks[0]).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(november?.weeks.at(-1)).toEqual(['2026-11-30', null, null, null, null, null, null]);
    expect(monthGrids(['2026-12-31', '2027-01-01']).map((month) => month.month)).toEqual(['2026-12', '2027-01']);
  });

  it('writes the date picker with links to the days that have showings, marking only the chosen one', () => {
    const days = ['2026-11-24', '2026-11-26'];
    const input = { months: monthGrids(days), linked: new Set(days), base: '/kinoprogram' };
    const html = datePickerHtml(input);
    expect(html.match(/<table class="date-picker__month">/g)).toHaveLength(1);
    expect(html).toContain('<caption>November 2026</caption>');
    expect(
      [...html.matchAll(/<th scope="col"><span aria-hidden="true">(\S+?)<\/span><span class="visually-hidden">(\S+?)<\/span><\/th>/g)].map((head) =>
        head.slice(1),
      ),
    ).toEqual([
      ['må', 'måndag'],
      ['ty', 'tysdag'],
      ['on', 'onsdag'],
      ['to', 'torsdag'],
      ['fr', 'fredag'],
      ['la', 'laurdag'],
      ['sø', 'søndag'],
    ]);
    expect([...html.matchAll(/<a href="([^"]+)" aria-label="([^"]+)">(\d+)<\/a>/g)].map((link) => link.slice(1))).toEqual([
      ['/kinoprogram/dag/2026-11-24', 'tysdag 24. november', '24'],
      ['/kinoprogram/dag/2026-11-26', 'torsdag 26. november', '26'],
    ]);
    // 1 November 2026 is a Sunday: six weeks from Monday, 42 cells, 12 of them empty, the days without showings as plain numbers.
    expect(html.match(/<td>/g)).toHaveLength(42);
    expect(html.match(/<td><\/td>/g)).toHaveLength(12);
    expect(html).toContain('<td>25</td>');
    expect(html).not.toContain('aria-current');

    // The picker is made once and marked per page: a chosen day never carries over to the next page.
    const chosen = datePickerHtml({ ...input, chosen: '2026-11-26' });
    expect(chosen.match(/aria-current="true"/g)).toHaveLength(1);
    expect(chosen).toContain('<a href="/kinoprogram/dag/2026-11-26" aria-label="torsdag 26. november" aria-current="true">26</a>');
    expect(datePickerHtml({ ...input, chosen: '2026-11-24' }).match(/aria-current="true"[^>]*>(\d+)</)?.[1]).toBe('24');
    expect(datePickerHtml(input)).toBe(html);
    // A day without showings is no link, so it cannot be current; another programme gets its own links.
    expect(datePickerHtml({ ...input, chosen: '2026-11-25' })).toBe(html);
    expect(datePickerHtml({ ...input, base: '/kulturprogram' })).toContain('href="/kulturprogram/dag/2026-11-24"');
  });
});

describe('which pages get filters', () => {
  const source = (limit?: number) => ({ name: 'all', model: 'event' as const, collection: true, filters: [], ...(limit ? { limit } : {}) });
  const block = (component: 'cinema-programme' | 'culture-programme', hide = false) => ({
    component,
    id: 'b',
    hide,
    place: { row: 1, column: 0, order: 1 },
    data: { ids: [], source: 'all' },
  });

  it('is the page showing a whole programme, not a teaser with a limit or a hidden block', () => {
    expect(programmeKindOf(page({ id: 'kino', path: '/kino', sources: [source()], blocks: [block('cinema-programme')] }))).toEqual({
      kind: 'film',
      source: 'all',
    });
    expect(programmeKindOf(page({ id: 'kultur', path: '/kultur', sources: [source()], blocks: [block('culture-programme')] }))?.kind).toBe('culture');
    expect(programmeKindOf(page({ id: 'front', path: '/', sources: [source(6)], blocks: [block('culture-programme')] }))).toBeUndefined();
    expect(programmeKindOf(page({ id: 'hidden', path: '/x', sources: [source()], blocks: [block('cinema-programme', true)] }))).toBeUndefined();
  });
});

describe('the demo content', () => {
  const content = readSnapshot('content');
  const table = buildRouteTable(content);
  const routes = filterRoutes(table, content, now);

  it('gets filter pages for /kinoprogram and /kulturprogram only, a reasonable number, none clashing with a page', () => {
    const bases = new Set(routes.map((route) => route.filter.base));
    expect([...bases].sort()).toEqual(['/kinoprogram', '/kulturprogram']);
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.length).toBeLessThan(150);
    const paths = new Set(table.routes.map((route) => route.path));
    expect(routes.filter((route) => paths.has(route.filter.path))).toEqual([]);
    expect(new Set(routes.map((route) => route.filter.path)).size).toBe(routes.length);
  });

  it('renders a filter page under the title pattern, with its own canonical URL and the filter applied', () => {
    const drama = routes.find((route) => route.filter.path === '/kinoprogram/sjanger/drama')!;
    const view = pageView(drama.route, content, drama.filter);
    expect(view.meta.title).toBe('Kulturhuset Kaia | Kinoprogram – Drama');
    expect(view.meta.canonicalUrl).toBe('https://www.kulturhuset-kaia.example/kinoprogram/sjanger/drama');
    expect(view.programme).toEqual({ kind: 'film', base: '/kinoprogram', state: { sjanger: 'drama' } });
    const plain = pageView(drama.route, content);
    expect(plain.programme).toEqual({ kind: 'film', base: '/kinoprogram', state: {} });
  });
});
