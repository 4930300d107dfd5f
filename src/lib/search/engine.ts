/**
 * The search island's use of Pagefind: load it once (retrying after a failure), search the
 * query in each of its word forms (src/lib/search/word-forms.ts), merge, put the best title
 * matches first (src/lib/search/ranking.ts), and fetch result data a page at a time, so the
 * first search downloads only the index chunks of the words typed and the fragments of the
 * results ranked and shown.
 */
import { searchOptions, searchTerm } from './query';
import { RERANK_DEPTH, mergeByScore, rerankByTitle } from './ranking';
import { toResultView, type SearchResultView } from './results';
import { SEARCH_WORDS_WEIGHT, type PagefindApi, type PagefindResult, type PagefindResultData, type SearchType } from './types';
import { anyWordQueries, queryVariants, queryWords, type WordForms } from './word-forms';

/** Results fetched and shown at a time. */
export const RESULTS_PER_PAGE = 10;

/** Words of context Pagefind puts around a hit. */
const EXCERPT_WORDS = 26;

/**
 * Pagefind's options. `noWorker`: search on the page's own thread. The index of a site this size
 * answers in a few milliseconds there, and skipping Pagefind's web worker saves its 43 KB script
 * on the first search and in the offline precache (src/lib/offline/worker-rules.ts).
 * `ranking.metaWeights`: a word of the title counts twice Pagefind's default (5) over the body,
 * and a page's search words as much (src/lib/search/index-markers.ts).
 */
export const PAGEFIND_OPTIONS = {
  excerptLength: EXCERPT_WORDS,
  noWorker: true,
  ranking: { metaWeights: { title: 10, words: SEARCH_WORDS_WEIGHT } },
} as const;

/**
 * When all the words of a query together find fewer pages than this, the search is run again
 * for any one of them, and those hits follow the ones that have every word.
 */
export const FEW_HITS = 3;

export interface SearchHits {
  term: string;
  /** Every hit, best first; their data is fetched a page at a time by `showResults`. */
  hits: PagefindResult[];
  /**
   * How many of `hits` (the first ones) have every word of the query. Fewer than `hits.length`
   * when the search fell back to any of the words (`anyWord`).
   */
  allWords: number;
  /** All the words together found too little, so hits with any one of them were added. */
  anyWord: boolean;
}

export interface SearchEngine {
  /** Hits for a query, or null when the query is empty. Rejects when Pagefind cannot load or search. */
  search(query: string, type: SearchType | null): Promise<SearchHits | null>;
}

/** A hit whose data is fetched once, however often it is asked for. */
function remembered(hit: PagefindResult): PagefindResult {
  let data: Promise<PagefindResultData> | undefined;
  return {
    id: hit.id,
    ...(hit.score === undefined ? {} : { score: hit.score }),
    data: () => {
      data ??= hit.data().catch((error: unknown) => {
        data = undefined;
        throw error;
      });
      return data;
    },
  };
}

/** `load` imports pagefind.js; in the browser, `loadPagefindFrom(url)`. `wordForms`: the site's groups of words searched as one. */
export function createSearchEngine(load: () => Promise<PagefindApi>, wordForms: WordForms = []): SearchEngine {
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
      const options = searchOptions(type);
      const searchAll = async (queries: string[]) =>
        mergeByScore((await Promise.all(queries.map((query) => api.search(query, options)))).map((search) => (search?.results ?? []).map(remembered)));
      const all = await searchAll(queryVariants(term, wordForms));
      // Too little with every word: any one of them (but the hits with all of them first).
      const fallback = all.length < FEW_HITS && queryWords(term).length > 1;
      const any = fallback ? (await searchAll(anyWordQueries(term, wordForms))).filter((hit) => !all.some((known) => known.id === hit.id)) : [];
      const merged = [...all, ...any];
      // Titles of the first hits decide their order: read them (the first page needs them anyway).
      const head = await Promise.all(merged.slice(0, RERANK_DEPTH).map((hit) => hit.data()));
      const titles = new Map(merged.slice(0, RERANK_DEPTH).map((hit, index) => [hit.id, head[index]?.meta['title']]));
      const titleOf = (hit: PagefindResult) => titles.get(hit.id);
      // Re-ranked apart, so a title with one of the words never passes a page with all of them.
      const hits = [...rerankByTitle(all, titleOf, term, wordForms), ...rerankByTitle(any, titleOf, term, wordForms, Math.max(0, RERANK_DEPTH - all.length))];
      return { term, hits, allWords: all.length, anyWord: any.length > 0 };
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
