/** A stand-in for Pagefind's browser API in unit tests of the search engine (src/lib/search). */
import type { PagefindApi } from '../../src/lib/search/types';

/** A result as Pagefind gives it: its data loads on demand. */
export const fakeResult = (id: string, title: string, score: number, url = `/${id}`) => ({
  id,
  score,
  data: () => Promise.resolve({ url, excerpt: '', meta: { title } }),
});

/** A Pagefind that answers each term from a table (nothing for a term not in it), and the terms it was asked, in order. */
export function fakePagefind(table: Record<string, ReturnType<typeof fakeResult>[]>) {
  const searched: string[] = [];
  const api: PagefindApi = {
    options: () => Promise.resolve(),
    init: () => Promise.resolve(),
    search: (term) => {
      searched.push(term ?? '');
      return Promise.resolve({ results: table[term ?? ''] ?? [] });
    },
  };
  return { api, searched };
}
