import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchEngine, SearchHits } from '../../../../src/lib/search/engine';
import type { SearchResultView } from '../../../../src/lib/search/results';
import { createSearchStore, DEBOUNCE_MS, SEARCH_FAILED, type SearchStore } from '../../../../src/lib/search/store';
import type { PagefindResult } from '../../../../src/lib/search/types';

const hit = (id: string): PagefindResult => ({
  id,
  data: () => Promise.reject(new Error('not used')),
});
const view = (url: string): SearchResultView => ({ url, title: url, excerpt: [] }) as unknown as SearchResultView;

/** A store with stand-in ports: a clock under the test's control, a fake engine, a recorded URL. */
function setup(search: SearchEngine['search'], knownWords?: () => Promise<readonly string[]>) {
  vi.useFakeTimers();
  const urls: string[] = [];
  const logged: string[] = [];
  const showResults = vi.fn((hits: PagefindResult[], from: number) =>
    Promise.resolve(hits.slice(from, from + 2).map((h) => view(`/${(h as { id: string }).id}`))),
  );
  const store = createSearchStore({
    engine: { search: vi.fn(search) },
    showResults,
    location: () => ({ pathname: '/search', search: urls.at(-1)?.split('?')[1] ?? '' }),
    replaceUrl: (url) => urls.push(url),
    setTimer: (run, ms) => setTimeout(run, ms),
    clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
    logError: (message) => logged.push(message),
    ...(knownWords ? { knownWords } : {}),
  });
  stores.push(store);
  return { store, urls, logged, showResults };
}

const stores: SearchStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) {
    store.stop();
    cleanStores(store.$search);
  }
  vi.useRealTimers();
});

const found = (term: string, count: number): SearchHits => ({
  term,
  hits: Array.from({ length: count }, (_, i) => hit(`${term}-${i}`)),
  allWords: count,
  anyWord: false,
});

describe('the search store', () => {
  it('searches once typing pauses, keeps the query in the URL and announces the count', async () => {
    const search = vi.fn((query: string) => Promise.resolve(found(query.trim(), 3)));
    const { store, urls } = setup(search);
    store.typed('b');
    store.typed('ba');
    store.typed('basseng');
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS - 10);
    expect(search).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(20);
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith('basseng', null);
    const { phase, status, busy } = store.$search.get();
    expect(phase.kind).toBe('done');
    expect(phase.kind === 'done' && phase.shown.map((r) => r.url)).toEqual(['/basseng-0', '/basseng-1']);
    expect(status).toMatch(/3/);
    expect(busy).toBe(false);
    expect(urls.at(-1)).toBe('/search?q=basseng');
  });

  it('shows only the latest search, however the answers arrive', async () => {
    let release: (hits: SearchHits) => void = () => {};
    const search = vi.fn((query: string) => (query === 'slow' ? new Promise<SearchHits>((resolve) => (release = resolve)) : Promise.resolve(found(query, 1))));
    const { store } = setup(search);
    store.chose(null);
    store.typed('slow');
    store.submitted();
    store.typed('fast');
    store.submitted();
    await vi.runAllTimersAsync();
    release(found('slow', 5));
    await vi.runAllTimersAsync();
    const { phase } = store.$search.get();
    expect(phase.kind === 'done' && phase.term).toBe('fast');
  });

  it('searches what the URL asks for at start, or what was typed before the island woke', async () => {
    const search = vi.fn((query: string) => Promise.resolve(found(query, 1)));
    const { store } = setup(search);
    store.start({ query: '', type: 'artikkel' }, 'kino');
    await vi.runAllTimersAsync();
    expect(search).toHaveBeenCalledWith('kino', 'artikkel');
    store.start({ query: 'konsert', type: null }, 'kino');
    await vi.runAllTimersAsync();
    expect(search).toHaveBeenLastCalledWith('konsert', null);
  });

  it('adds the next page of results and says where focus goes', async () => {
    const { store, showResults } = setup((query) => Promise.resolve(found(query, 5)));
    store.submitted();
    store.typed('film');
    store.submitted();
    await vi.runAllTimersAsync();
    await store.more();
    const { phase, addedFrom } = store.$search.get();
    expect(phase.kind === 'done' && phase.shown).toHaveLength(4);
    expect(addedFrom).toBe(2);
    expect(showResults).toHaveBeenLastCalledWith(expect.any(Array), 2);
    store.focused();
    expect(store.$search.get().addedFrom).toBeNull();
  });

  it('turns a failing search into a plain message and a log line', async () => {
    const { store, logged } = setup(() => Promise.reject(new Error('pagefind.js did not load')));
    store.typed('kino');
    store.submitted();
    await vi.runAllTimersAsync();
    expect(store.$search.get().phase.kind).toBe('error');
    expect(store.$search.get().status).toBe(SEARCH_FAILED);
    expect(logged).toEqual(['Søket kunne ikkje køyre']);
  });

  it('runs nothing after it is stopped', async () => {
    const search = vi.fn((query: string) => Promise.resolve(found(query, 1)));
    const { store } = setup(search);
    store.typed('kino');
    store.stop();
    await vi.runAllTimersAsync();
    expect(search).not.toHaveBeenCalled();
  });

  it('offers «Meinte du …?» when a search finds little, fetching the word list only then, and never fails a search for it', async () => {
    const knownWords = vi.fn(() => Promise.resolve(['bibliotek', 'basseng']));
    const { store } = setup((query) => Promise.resolve(found(query, query === 'basseng' ? 5 : 0)), knownWords);
    store.typed('basseng');
    await vi.runAllTimersAsync();
    expect(knownWords).not.toHaveBeenCalled();
    expect(store.$search.get().phase).toMatchObject({ kind: 'done', suggestion: null });
    store.typed('bibliotk');
    await vi.runAllTimersAsync();
    expect(store.$search.get()).toMatchObject({
      phase: { kind: 'done', suggestion: 'bibliotek' },
      status: 'Ingen treff på «bibliotk».',
    });

    const failing = setup(
      (query) => Promise.resolve(found(query, 0)),
      () => Promise.reject(new Error('offline')),
    );
    failing.store.typed('bibliotk');
    await vi.runAllTimersAsync();
    expect(failing.store.$search.get()).toMatchObject({ phase: { kind: 'done', suggestion: null }, status: 'Ingen treff på «bibliotk».' });
    expect(failing.logged).toHaveLength(1);
  });
});
