/**
 * The parts of Pagefind's browser API (pagefind.js, 1.x) the search island uses, and the search
 * types shared by the index markers and the island.
 */

/** What the index says a page is: the value of its `type` filter. */
export type SearchType = 'film' | 'kulturarrangement' | 'artikkel' | 'side';

/**
 * Meta weight (Pagefind's `ranking.metaWeights`) of a page's search words, its meta `words`: as
 * much as its title's. Pagefind adds a match of a meta field to the page's score, past the
 * saturation and page length that keep a weighted word of a long page's text from counting much.
 */
export const SEARCH_WORDS_WEIGHT = 10;

export const SEARCH_TYPES: readonly SearchType[] = ['film', 'kulturarrangement', 'artikkel', 'side'];

/** How a type reads on a result. */
export const SEARCH_TYPE_LABELS: Record<SearchType, string> = {
  film: 'Film',
  kulturarrangement: 'Arrangement',
  artikkel: 'Artikkel',
  side: 'Side',
};

/** How a type reads in the filter (what the visitor wants to see). */
export const SEARCH_TYPE_CHOICES: Record<SearchType, string> = {
  film: 'Filmar',
  kulturarrangement: 'Arrangement',
  artikkel: 'Artiklar',
  side: 'Sider',
};

export function isSearchType(value: unknown): value is SearchType {
  return typeof value === 'string' && (SEARCH_TYPES as readonly string[]).includes(value);
}

/** One page's data as Pagefind returns it from `result.data()`. */
export interface PagefindResultData {
  url: string;
  /** Text around the hits, with `<`/`>` escaped and each hit wrapped in `<mark>`. */
  excerpt: string;
  meta: Record<string, string | undefined>;
  filters?: Record<string, string[]>;
}

export interface PagefindResult {
  id: string;
  /** Pagefind's relevance; higher is better. */
  score?: number;
  data(): Promise<PagefindResultData>;
}

export interface PagefindSearchOptions {
  /** A value, all of several values, or (`{ any: [...] }`) one of several, as Pagefind takes them. */
  filters?: Record<string, string | string[] | { any: string[] } | { all: string[] }>;
  sort?: Record<string, 'asc' | 'desc'>;
}

export interface PagefindSearch {
  results: PagefindResult[];
}

export interface PagefindApi {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  search(term: string | null, options?: PagefindSearchOptions): Promise<PagefindSearch | null>;
}
