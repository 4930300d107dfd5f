import { describe, expect, it } from 'vitest';
import { placeBlocks } from '../../../../src/lib/pages/placement';
import type { Block } from '../../../../src/schemas';
import { page } from '../../fixtures/content';

const block = (id: string, row: number, column: number, order: number, hide = false): Block => ({
  component: 'content',
  id,
  hide,
  place: { row, column, order },
  data: { ids: [] },
});

describe('placeBlocks', () => {
  it('puts blocks in their row and column, sorted by order', () => {
    const { rows, misplaced } = placeBlocks(
      page({ id: 'p', path: '/p', blocks: [block('c', 1, 0, 3), block('a', 1, 0, 1), block('cover', 0, 0, 1), block('side', 1, 1, 0), block('b', 1, 0, 2)] }),
    );
    expect(rows.map((row) => row.width)).toEqual(['full', 'container']);
    expect(rows[0]?.columns[0]?.blocks.map((b) => b.id)).toEqual(['cover']);
    expect(rows[1]?.columns[0]?.blocks.map((b) => b.id)).toEqual(['a', 'b', 'c']);
    expect(rows[1]?.columns[1]?.blocks.map((b) => b.id)).toEqual(['side']);
    expect(misplaced).toEqual([]);
  });

  it('leaves hidden blocks out', () => {
    const { rows } = placeBlocks(page({ id: 'p', path: '/p', blocks: [block('shown', 1, 0, 1), block('hidden', 1, 0, 2, true)] }));
    expect(rows[1]?.columns[0]?.blocks.map((b) => b.id)).toEqual(['shown']);
  });

  it('reports blocks placed outside the template instead of dropping them silently', () => {
    const { misplaced } = placeBlocks(page({ id: 'p', path: '/p', blocks: [block('no-row', 5, 0, 1), block('no-column', 0, 3, 1)] }));
    expect(misplaced.map((b) => b.id)).toEqual(['no-row', 'no-column']);
  });

  it('keeps the span of every column', () => {
    const { rows } = placeBlocks(page({ id: 'p', path: '/p' }));
    expect(rows[1]?.columns[0]?.span).toEqual({ xs: 12, md: 12, lg: 12 });
  });
});

describe('coverStyle', () => {
  const of = (component: Block['component'], extra: Partial<Block> = {}): Block => ({ ...block(component, 1, 0, 1), component, ...extra });
  const cover = (source?: string): Block => ({ ...block('cover', 0, 0, 1), component: 'cover', data: { ids: ['c'], ...(source ? { source } : {}) } });

  it('makes a listing page open with a compact heading instead of a decorative cover', () => {
    for (const list of ['today', 'cinema-programme', 'culture-programme', 'film-list'] as const) {
      expect(placeBlocks(page({ id: 'p', path: '/p', blocks: [cover(), of('content'), of(list)] })).cover, list).toBe('heading');
    }
  });

  it('gives the search page a compact heading and puts the search field before its introduction, so a phone shows the field at once', () => {
    const search = placeBlocks(
      page({
        id: 'p',
        path: '/search',
        blocks: [cover(), { ...of('content'), id: 'intro' }, { ...of('search-field'), id: 'field', place: { row: 1, column: 0, order: 2 } }],
      }),
    );
    expect(search.cover).toBe('heading');
    expect(search.rows[1]?.columns[0]?.blocks.map((b) => b.id)).toEqual(['field', 'intro']);
  });

  it('keeps the cover where it carries meaning: info pages, article lists, records of their own', () => {
    expect(placeBlocks(page({ id: 'p', path: '/om', blocks: [cover(), of('content')] })).cover).toBe('full');
    expect(placeBlocks(page({ id: 'p', path: '/aktuelt', blocks: [cover(), of('content'), of('article-list')] })).cover).toBe('full');
    expect(placeBlocks(page({ id: 'p', path: '/:production', blocks: [cover('production'), of('ticket-list')] })).cover).toBe('full');
    expect(placeBlocks(page({ id: 'p', path: '/:article', blocks: [cover('article'), of('film-list')] })).cover).toBe('full');
  });

  it('puts a listing page’s first list before the editorial text above it, and leaves other pages in their order', () => {
    const listing = placeBlocks(
      page({
        id: 'p',
        path: '/filmar',
        blocks: [cover(), { ...of('content'), id: 'text' }, { ...of('film-list'), id: 'films', place: { row: 1, column: 0, order: 2 } }],
      }),
    );
    expect(listing.rows[1]?.columns[0]?.blocks.map((b) => b.id)).toEqual(['films', 'text']);
    const front = placeBlocks(
      page({
        id: 'p',
        path: '/',
        blocks: [
          cover(),
          { ...of('today'), id: 'today', place: { row: 1, column: 0, order: 0 } },
          { ...of('content'), id: 'text' },
          { ...of('film-list'), id: 'films', place: { row: 1, column: 0, order: 2 } },
        ],
      }),
    );
    expect(front.rows[1]?.columns[0]?.blocks.map((b) => b.id)).toEqual(['today', 'text', 'films']);
    const info = placeBlocks(
      page({
        id: 'p',
        path: '/aktuelt',
        blocks: [cover(), { ...of('content'), id: 'text' }, { ...of('article-list'), id: 'news', place: { row: 1, column: 0, order: 2 } }],
      }),
    );
    expect(info.rows[1]?.columns[0]?.blocks.map((b) => b.id)).toEqual(['text', 'news']);
  });

  it('counts only the blocks that are shown', () => {
    expect(placeBlocks(page({ id: 'p', path: '/p', blocks: [cover(), of('film-list', { hide: true })] })).cover).toBe('full');
  });
});
