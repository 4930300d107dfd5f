import { describe, expect, it } from 'vitest';
import { blockInput } from '../../../../src/lib/pages/block-input';
import { pageView } from '../../../../src/lib/pages/page-view';
import { buildRouteTable } from '../../../../src/lib/pages/routes';
import type { SiteContent } from '../../../../src/lib/content/files';
import type { Block } from '../../../../src/schemas';
import { article, content, event, movie, page } from '../../fixtures/content';

const film = movie('drama', 'aaaaa');
const site = content({
  config: { host: 'https://kaia.example', locale: { default: 'nb' } } as unknown as SiteContent['config'],
  pages: [
    page({
      id: 'film',
      path: '/:production',
      pageType: 'standard',
      sources: [
        { name: 'production', model: 'production', collection: false, filters: [{ property: 'pageReference', value: '@production', operator: 'eq' }] },
        { name: 'events', model: 'event', collection: true, filters: [] },
        { name: 'news', model: 'article', collection: true, filters: [] },
      ],
    }),
  ],
  productions: [film],
  events: [event('e1', '2026-11-24T19:30:00+01:00', { pageReference: film.pageReference })],
  articles: [article('nyheit')],
});

const block = (source: string | undefined): Block => ({
  id: 'b',
  component: 'ticket-list',
  hide: false,
  place: { row: 1, column: 1, order: 1 },
  data: { ids: [], ...(source ? { source } : {}) },
});

describe('blockInput', () => {
  const route = buildRouteTable(site).routes.find((candidate) => candidate.page.id === 'film');
  const view = pageView(route!, site);

  it('splits a collection source by model, so no block casts', () => {
    expect(blockInput(block('events'), view).events.map((e) => e.id)).toEqual(['e1']);
    expect(blockInput(block('events'), view).articles).toEqual([]);
    expect(blockInput(block('news'), view).articles.map((a) => a.slug)).toEqual(['nyheit']);
  });

  it('hands on the content’s own list of events, so the programme is worked out once per build, not per page', () => {
    expect(blockInput(block('events'), view).events).toBe(view.sources['events']);
    expect(view.sources['events']).toBe(site.events);
  });

  it("gives a single-record source as its model, and the page's production to every block", () => {
    const input = blockInput(block('production'), view);
    expect(input.production?.pageReference).toBe(film.pageReference);
    expect(input.article).toBeUndefined();
    expect(blockInput(block(undefined), view).pageProduction?.pageReference).toBe(film.pageReference);
  });
});
