/** A stand-in for Pagefind's browser API in unit tests of the search engine (src/lib/search). */
import type { PagefindApi } from '../../src/lib/search/types';

/** A result as Pagefind gives it: its data loads on demand. */
export const fakeResult = (id: string, title: string, score: number, url = `/${id}`) => ({
  id,
  score,
  data: async () => ({ url, excerpt: '', meta: { title } }),
});

/** A Pagefind that answers each term from a table (nothing for a term not in it), and the terms it was asked, in order. */
export function fakePagefind(table: Record<string, ReturnType<typeof fakeResult>[]>) {
  const searched: string[] = [];
  const api: PagefindApi = {
    options: async () => undefined,
    init: async () => undefined,
    search: async (term) => {
      searched.push(term ?? '');
      return { results: table[term ?? ''] ?? [] };
    },
  };
  return { api, searched };
}
