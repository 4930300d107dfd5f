/**
 * The search island's use of Pagefind: load it once (retrying after a failure), search, and
 * fetch result data a page at a time, so the first search downloads only the index chunks of
 * the words typed and the fragments of the results shown.
 */
import { searchOptions, searchTerm } from './query';
import { toResultView, type SearchResultView } from './results';
import type { PagefindApi, PagefindResult, SearchType } from './types';

/** Results fetched and shown at a time. */
export const RESULTS_PER_PAGE = 10;

/** Words of context Pagefind puts around a hit. */
const EXCERPT_WORDS = 26;

/**
 * Pagefind's options. `noWorker`: search on the page's own thread. The index of a site this size
 * answers in a few milliseconds there, and skipping Pagefind's web worker saves its 43 KB script
 * on the first search and in the offline precache (src/lib/offline/worker-rules.ts).
 */
export const PAGEFIND_OPTIONS = { excerptLength: EXCERPT_WORDS, noWorker: true } as const;

export interface SearchHits {
  term: string;
  /** Every hit, in order; their data is fetched a page at a time by `showResults`. */
  hits: PagefindResult[];
}

export interface SearchEngine {
  /** Hits for a query, or null when the query is empty. Rejects when Pagefind cannot load or search. */
  search(query: string, type: SearchType | null): Promise<SearchHits | null>;
}

/** `load` imports pagefind.js; in the browser, `loadPagefindFrom(url)`. */
export function createSearchEngine(load: () => Promise<PagefindApi>): SearchEngine {
  let ready: Promise<PagefindApi> | null = null;
  const pagefind = () => {
    ready ??= load()
      .then(async (api) => {
        await api.options(PAGEFIND_OPTIONS);
        await api.init();
        return api;
      })
      .catch((error: unknown) => {
        // Let the next search try again (the network may be back).
        ready = null;
        throw error;
      });
    return ready;
  };
  return {
    async search(query, type) {
      const term = searchTerm(query);
      if (term === null) return null;
      const api = await pagefind();
      const found = await api.search(term, searchOptions(type));
      return { term, hits: found?.results ?? [] };
    },
  };
}

/** The views of `hits[from, from + count)`, fetching their data; hits outside the site are dropped. */
export async function showResults(hits: PagefindResult[], from: number, count = RESULTS_PER_PAGE): Promise<SearchResultView[]> {
  const data = await Promise.all(hits.slice(from, from + count).map((hit) => hit.data()));
  return data.map(toResultView).filter((view): view is SearchResultView => view !== null);
}

/**
 * Imports Pagefind's browser module from the built site. The specifier is computed at run time
 * and marked for Vite to leave alone: pagefind.js does not exist when the site's own scripts
 * are bundled, since the index is built after the pages.
 */
export function loadPagefindFrom(url: string): () => Promise<PagefindApi> {
  return () => import(/* @vite-ignore */ new URL(url, document.baseURI).href) as Promise<PagefindApi>;
}
