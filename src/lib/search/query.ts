/**
 * The search page's state in its URL: /search?q=…&type=…. The header's search form and the
 * page's own form submit `q`; the island keeps both parameters current while the visitor types,
 * so a search can be shared, bookmarked and restored with Back.
 */
import { isSearchType, type PagefindSearchOptions, type SearchType } from './types';

export interface SearchState {
  /** What the visitor typed, as typed (the island trims only when searching). */
  query: string;
  /** Only results of this type, or every type. */
  type: SearchType | null;
}

/** Longer queries are cut: nobody types more, and Pagefind need not chew on pasted pages. */
export const MAX_QUERY_LENGTH = 200;

/** The state in a location's search string ('?q=…'); unknown types are ignored. */
export function readSearchState(search: string): SearchState {
  const params = new URLSearchParams(search);
  const type = params.get('type');
  return { query: (params.get('q') ?? '').slice(0, MAX_QUERY_LENGTH), type: isSearchType(type) ? type : null };
}

/**
 * The URL for a state on the search page at `pathname`, keeping any other parameters of
 * `currentSearch`; empty values are left out so a cleared search is the bare page again.
 */
export function searchStateUrl(pathname: string, currentSearch: string, state: SearchState): string {
  const params = new URLSearchParams(currentSearch);
  const query = state.query.trim();
  if (query) params.set('q', query);
  else params.delete('q');
  if (state.type) params.set('type', state.type);
  else params.delete('type');
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/** The term Pagefind gets: trimmed and cut to length, or null when there is nothing to search for. */
export function searchTerm(query: string): string | null {
  const term = query.trim().slice(0, MAX_QUERY_LENGTH).trim();
  return term.length > 0 ? term : null;
}

/** Pagefind options for a type: only that type, best match first like every search. */
export function searchOptions(type: SearchType | null): PagefindSearchOptions {
  return type ? { filters: { type } } : {};
}
