/**
 * «Meinte du …?»: a misspelled word of a query swapped for the nearest word the index knows.
 * The words are the titles and search words of the indexed pages, collected when the index is
 * built (indexWords in src/lib/search/index-markers.ts) into a small JSON file the search page
 * fetches only when a search finds little (SEARCH_WORDS_FILE). Pure functions, no I/O.
 */
import { queryWords } from './word-forms';

/** The word list, at the root of the built site. Not precached: offline, there is no suggestion. */
export const SEARCH_WORDS_FILE = 'search-words.json';

/** Shorter words are never corrected: too many words are one letter from them. */
export const MIN_WORD_LENGTH = 4;

/**
 * Edits allowed for a word of `length` letters: one for short words, two from eight letters
 * («bibliotk» → «bibliotek» is one, «symjehal» → «symjehall» one).
 */
export function maxEdits(length: number): number {
  return length >= 8 ? 2 : 1;
}

/**
 * Edits between two words: letters inserted, deleted or replaced, and two neighbours swapped
 * («biblitoek» is one from «bibliotek»). The optimal string alignment distance, by code point.
 */
export function editDistance(a: string, b: string): number {
  const s = [...a];
  const t = [...b];
  if (s.length === 0) return t.length;
  if (t.length === 0) return s.length;
  // rows[i][j]: edits between the first i letters of s and the first j of t.
  const rows: number[][] = Array.from({ length: s.length + 1 }, (_, i) => Array.from({ length: t.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= s.length; i += 1) {
    for (let j = 1; j <= t.length; j += 1) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[s.length]![t.length]!;
}

/**
 * The known word nearest `word`, or null when `word` is known, too short, or no known word is
 * within `maxEdits`. Ties go to the word whose length is nearest, then the first in `known`.
 */
export function suggestWord(word: string, known: readonly string[]): string | null {
  const lower = word.toLocaleLowerCase('nn');
  const letters = [...lower].length;
  if (letters < MIN_WORD_LENGTH || known.includes(lower)) return null;
  const limit = maxEdits(letters);
  let best: { word: string; edits: number; lengthGap: number } | null = null;
  for (const candidate of known) {
    const lengthGap = Math.abs([...candidate].length - letters);
    if (lengthGap > limit) continue;
    const edits = editDistance(lower, candidate);
    if (edits === 0 || edits > limit) continue;
    if (!best || edits < best.edits || (edits === best.edits && lengthGap < best.lengthGap)) best = { word: candidate, edits, lengthGap };
  }
  return best?.word ?? null;
}

/** The query with each misspelled word corrected, or null when nothing would change. */
export function suggestQuery(query: string, known: readonly string[]): string | null {
  const words = queryWords(query);
  let changed = false;
  const corrected = words.map((word) => {
    const suggestion = suggestWord(word, known);
    if (suggestion === null) return word;
    changed = true;
    return suggestion;
  });
  return changed ? corrected.join(' ') : null;
}

/** The word list as fetched: lower-case words, anything else in the file ignored. */
export function parseSearchWords(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.filter((word): word is string => typeof word === 'string' && word.length > 0).map((word) => word.toLocaleLowerCase('nn'));
}
