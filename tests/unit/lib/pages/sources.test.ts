import { describe, expect, it } from 'vitest';
import { resolvePageSources, resolveSource, routeSourcesOf } from '../../../../src/lib/pages/sources';
import type { Source } from '../../../../src/schemas';
import { article, content, culture, event, movie, page } from '../../fixtures/content';

const site = content({
  articles: [
    article('b-nytt', { createdAt: 2, order: 2 }),
    article('a-nytt', { createdAt: 3, order: 1 }),
    article('tilbod', { category: 'culture', createdAt: 1, order: 3 }),
  ],
  productions: [movie('film', 'aaaaa'), movie('kjem', 'bbbbb', { objectClass: 'movie_coming' }), culture('konsert', 'ccccc')],
  events: [
    event('e1', '2026-11-24T18:00:00+01:00', { pageReference: 'film-aaaaa' }),
    event('e2', '2026-11-25T18:00:00+01:00', { parentSlug: 'film' }),
    event('e3', '2026-11-26T19:00:00+01:00', { pageReference: 'konsert-ccccc' }, { object: 'culture', price: 0 }),
  ],
});

const source = (overrides: Partial<Source>): Source => ({ name: 's', model: 'article', collection: true, filters: [], ...overrides });
const ids = (value: unknown) => (value as { id: string }[]).map((item) => item.id);

describe('resolveSource', () => {
  it('returns the whole collection in snapshot order without filters', () => {
    expect(ids(resolveSource(source({}), {}, site))).toEqual(['art-b-nytt', 'art-a-nytt', 'art-tilbod']);
  });

  it('filters on a string literal', () => {
    const value = resolveSource(source({ filters: [{ property: 'category', value: 'culture', operator: 'eq' }] }), {}, site);
    expect(ids(value)).toEqual(['art-tilbod']);
  });

  it('filters on a number literal', () => {
    const value = resolveSource(source({ filters: [{ property: 'order', value: 2, operator: 'eq' }] }), {}, site);
    expect(ids(value)).toEqual(['art-b-nytt']);
  });

  it('filters on a boolean literal', () => {
    // A platform record may carry flags the schema does not name yet; filters still see them.
    const flagged = { ...article('x'), featured: true } as ReturnType<typeof article>;
    const withFlag = content({ articles: [flagged, article('y')] });
    const value = resolveSource(source({ filters: [{ property: 'featured', value: true, operator: 'eq' }] }), {}, withFlag);
    expect(ids(value)).toEqual(['art-x']);
  });

  it("keeps the others with 'ne'", () => {
    const value = resolveSource(source({ filters: [{ property: 'slug', value: 'a-nytt', operator: 'ne' }] }), {}, site);
    expect(ids(value)).toEqual(['art-b-nytt', 'art-tilbod']);
  });

  it('binds @name to the route parameter', () => {
    const single = source({ collection: false, filters: [{ property: 'slug', value: '@article', operator: 'eq' }] });
    expect(resolveSource(single, { article: 'a-nytt' }, site)).toMatchObject({ id: 'art-a-nytt' });
  });

  it('gives null for a single source with no match, and fails clearly without the parameter', () => {
    const single = source({ collection: false, filters: [{ property: 'slug', value: '@article', operator: 'eq' }] });
    expect(resolveSource(single, { article: 'finst-ikkje' }, site)).toBeNull();
    expect(() => resolveSource(single, {}, site)).toThrow(/route parameter 'article'/);
  });

  it('reads dotted properties and matches any of a list of properties', () => {
    const byReference = source({ model: 'event', filters: [{ property: 'production.pageReference', value: '@production', operator: 'eq' }] });
    expect(ids(resolveSource(byReference, { production: 'film-aaaaa' }, site))).toEqual(['e1']);
    const either = source({
      model: 'event',
      filters: [{ property: ['production.pageReference', 'production.parentSlug'], value: 'film', operator: 'eq' }],
    });
    expect(ids(resolveSource(either, {}, site))).toEqual(['e2']);
  });

  it('matching any of several properties keeps list order and lists a record matching both once', () => {
    const both = event('e0', '2026-11-23T18:00:00+01:00', { pageReference: 'film', parentSlug: 'film' });
    const shuffled = content({
      events: [
        event('e5', '2026-11-27T18:00:00+01:00', { parentSlug: 'film' }),
        event('e4', '2026-11-28T18:00:00+01:00', { pageReference: 'film' }),
        both,
        event('e6', '2026-11-29T18:00:00+01:00', { pageReference: 'anna' }),
        event('e7', '2026-11-30T18:00:00+01:00', { parentSlug: 'film' }, { status: 'cancelled' }),
      ],
    });
    const either = (extra: Source['filters']) =>
      source({ model: 'event', filters: [{ property: ['production.pageReference', 'production.parentSlug'], value: '@film', operator: 'eq' }, ...extra] });
    expect(ids(resolveSource(either([]), { film: 'film' }, shuffled))).toEqual(['e5', 'e4', 'e0', 'e7']);
    // The other filters still apply to what the index found.
    expect(ids(resolveSource(either([{ property: 'status', value: 'cancelled', operator: 'ne' }]), { film: 'film' }, shuffled))).toEqual(['e5', 'e4', 'e0']);
    expect(ids(resolveSource(either([]), { film: 'ingen' }, shuffled))).toEqual([]);
  });

  it('combines filters with and', () => {
    const films = source({
      model: 'production',
      filters: [
        { property: 'object', value: 'movie', operator: 'eq' },
        { property: 'objectClass', value: 'movie', operator: 'eq' },
      ],
    });
    expect(ids(resolveSource(films, {}, site))).toEqual(['prod-film']);
  });

  it('sorts both ways, on numbers and strings, then limits', () => {
    expect(ids(resolveSource(source({ sort: { property: 'createdAt', direction: 'desc' } }), {}, site))).toEqual(['art-a-nytt', 'art-b-nytt', 'art-tilbod']);
    expect(ids(resolveSource(source({ sort: { property: 'slug', direction: 'asc' }, limit: 2 }), {}, site))).toEqual(['art-a-nytt', 'art-b-nytt']);
  });
});

describe('resolvePageSources', () => {
  it('resolves every source of a page by name', () => {
    const standard = page({
      id: 'film',
      path: '/:production',
      pageType: 'standard',
      sources: [
        source({ name: 'production', model: 'production', collection: false, filters: [{ property: 'pageReference', value: '@production', operator: 'eq' }] }),
        source({ name: 'events', model: 'event', filters: [{ property: 'production.pageReference', value: '@production', operator: 'eq' }] }),
      ],
    });
    const resolved = resolvePageSources(standard, { production: 'konsert-ccccc' }, site);
    expect(resolved['production']).toMatchObject({ id: 'prod-konsert' });
    expect(ids(resolved['events'])).toEqual(['e3']);
  });

  it('resolves a route once per content, and again for other content', () => {
    const route = { page: page({ id: 'liste', path: '/liste', sources: [source({ name: 'events', model: 'event' })] }), params: {} };
    const first = routeSourcesOf(route, site);
    expect(routeSourcesOf(route, site)).toBe(first);
    const fewer = { ...site, events: site.events.slice(0, 1) };
    expect(ids(routeSourcesOf(route, fewer)['events'])).toEqual(ids(site.events.slice(0, 1)));
  });
});
