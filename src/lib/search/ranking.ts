/**
 * Best match first. Pagefind ranks by its BM25 score (titles and headings weigh more than body
 * text); on top of that, a page whose title is what the visitor typed, or starts with it, comes
 * first. Pagefind cannot know that when it ranks (it sees word positions, not titles), so the
 * first results' titles are read and re-ranked here.
 */
import type { WordForms } from './word-forms';
import { formsOf, queryWords } from './word-forms';

/**
 * How far down Pagefind's list titles are read and re-ranked: the first page and a little more.
 * Each is one fragment to fetch (about 1.5 KB), so this is part of the first search's download.
 */
export const RERANK_DEPTH = 12;

/** How well a title answers a query; lower is better. */
export const TitleMatch = {
  /** The title is the query (or a form of it): «Naustet» for 'naustet', «Utleige» for 'leige'. */
  Exact: 0,
  /** The title starts with the query: «Alt vi ikkje sa» for 'alt vi'. */
  Prefix: 1,
  /** Some words of the query are words of the title (how many, see `TitleScore`). */
  Words: 2,
  /** The title does not say it; the body may. */
  None: 3,
} as const;
export type TitleMatch = (typeof TitleMatch)[keyof typeof TitleMatch];

/** Lower case letters and digits, words split by single spaces: '«Saltvatn» i konsert!' → 'saltvatn i konsert'. */
export function normaliseTitle(text: string): string {
  return text
    .toLocaleLowerCase('nn')
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** How a title answers a query: the kind of match, then how much of each it covers. */
export interface TitleScore {
  match: TitleMatch;
  /** Share of the query's words that are words of the title (the last one may begin one) (0–1). */
  queryShare: number;
  /** Share of the title's words that the query's words start (0–1): «Biblioteket» answers 'biblioteket' better than a long title that mentions it. */
  titleShare: number;
}

/** How `title` answers `query`, counting the word forms of `groups` as the same word. */
export function titleScore(title: string, query: string, groups: WordForms): TitleScore {
  const none = { match: TitleMatch.None, queryShare: 0, titleShare: 0 };
  const target = normaliseTitle(title);
  const words = queryWords(normaliseTitle(query));
  if (words.length === 0 || target.length === 0) return none;
  const forms = words.map((word) => formsOf(word, groups));
  const titleWords = target.split(' ');
  // The query as typed, or with one word in another form.
  const phrases = [
    words.join(' '),
    ...forms.flatMap((options, position) => options.slice(1).map((form) => words.map((word, at) => (at === position ? form : word)).join(' '))),
  ];
  // Whole words, but the last one may be still being typed.
  const last = forms.length - 1;
  const found = forms.map((options, position) =>
    titleWords.filter((word) => options.some((form) => word === form || (position === last && word.startsWith(form)))),
  );
  const queryShare = found.filter((list) => list.length > 0).length / words.length;
  const titleShare = new Set(found.flat()).size / new Set(titleWords).size;
  if (phrases.includes(target)) return { match: TitleMatch.Exact, queryShare: 1, titleShare: 1 };
  if (phrases.some((phrase) => target.startsWith(phrase))) return { match: TitleMatch.Prefix, queryShare, titleShare };
  if (queryShare > 0) return { match: TitleMatch.Words, queryShare, titleShare };
  return none;
}

/** The kind of match alone (see `titleScore`). */
export function titleMatch(title: string, query: string, groups: WordForms): TitleMatch {
  return titleScore(title, query, groups).match;
}

/** Negative when `a` answers better than `b`. */
function compareTitleScores(a: TitleScore, b: TitleScore): number {
  if (a.match !== b.match) return a.match - b.match;
  // A title begun: the one with less besides the query («Saltvatn i konsert» before «Saltvatn i konsert: billettane er ute»).
  if (a.match === TitleMatch.Prefix) return b.titleShare - a.titleShare;
  if (a.match !== TitleMatch.Words) return 0;
  return b.queryShare - a.queryShare || b.titleShare - a.titleShare;
}

/**
 * `items` in Pagefind's order (best first), with the first `depth` re-ranked by how their title
 * answers the query: exact titles, then titles begun (shorter first), then titles holding more
 * of the query's words (and less besides); ties keep Pagefind's order.
 */
export function rerankByTitle<T>(items: readonly T[], titleOf: (item: T) => string | undefined, query: string, groups: WordForms, depth = RERANK_DEPTH): T[] {
  const none: TitleScore = { match: TitleMatch.None, queryShare: 0, titleShare: 0 };
  const head = items.slice(0, depth).map((item, index) => {
    const title = titleOf(item);
    return { item, index, score: title === undefined ? none : titleScore(title, query, groups) };
  });
  head.sort((a, b) => compareTitleScores(a.score, b.score) || a.index - b.index);
  return [...head.map(({ item }) => item), ...items.slice(depth)];
}

/** One hit per page, the best score kept, best first (for results of several searches). */
export function mergeByScore<T extends { id: string; score?: number }>(lists: readonly (readonly T[])[]): T[] {
  const best = new Map<string, { item: T; score: number; order: number }>();
  let order = 0;
  for (const list of lists) {
    for (const item of list) {
      const score = item.score ?? 0;
      const known = best.get(item.id);
      if (!known) best.set(item.id, { item, score, order: order++ });
      else if (score > known.score) best.set(item.id, { item, score, order: known.order });
    }
  }
  return [...best.values()].sort((a, b) => b.score - a.score || a.order - b.order).map(({ item }) => item);
}
