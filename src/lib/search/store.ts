/**
 * The search page's state and its transitions, kept out of the island so they can be tested:
 * results as you type (debounced), only the latest search may show its results, the query kept
 * in the URL, and the status line screen readers hear. The island (SearchApp.tsx) only renders
 * `$search` and calls these functions.
 */
import { map, type MapStore } from 'nanostores';
import { FEW_HITS, type SearchEngine } from './engine';
import { searchStateUrl, type SearchState } from './query';
import { resultCountText, type SearchResultView } from './results';
import { suggestQuery } from './suggest';
import type { PagefindResult, SearchType } from './types';

/** Wait this long after the last keystroke before searching. */
export const DEBOUNCE_MS = 250;

/** Said when Pagefind cannot load or search. */
export const SEARCH_FAILED = 'Søket fungerer ikkje akkurat no.';

/** Said when all the words together found nothing, and the hits have any one of them. */
export const ANY_WORD_NOTICE = 'Ingen treff på alle orda; viser treff på eitt av dei.';
/** Said when all the words together found a little, and hits with any one of them follow. */
export const FEW_ALL_WORDS_NOTICE = 'Få treff på alle orda; viser òg treff på eitt av dei.';

export type SearchPhase =
  | { kind: 'empty' }
  | {
      kind: 'done';
      term: string;
      hits: PagefindResult[];
      shown: SearchResultView[];
      /** How many of the first hits have every word; the rest have one of them. */
      allWords: number;
      /** Hits with any one of the words were added (all of them together found too little). */
      anyWord: boolean;
      /** «Meinte du …?»: the query with misspelled words corrected, when the search found little. */
      suggestion: string | null;
    }
  | { kind: 'error' };

/**
 * What the status line says after a search: the count, then whether the words were taken one at
 * a time. (The island adds the «Meinte du …?» link to the same line, so it is heard with it.)
 */
export function doneStatusText(found: { term: string; hits: readonly unknown[]; allWords: number; anyWord: boolean }): string {
  const count = resultCountText(found.hits.length, found.term);
  if (!found.anyWord) return count;
  return `${count} ${found.allWords === 0 ? ANY_WORD_NOTICE : FEW_ALL_WORDS_NOTICE}`;
}

export interface SearchView {
  state: SearchState;
  phase: SearchPhase;
  /** A search or a page of results is being fetched. */
  busy: boolean;
  /** The polite status line: the number of hits (and whether the words were taken one at a time), or the failure. */
  status: string;
  /** After *Vis fleire treff*: the index of the first added result, where focus goes. */
  addedFrom: number | null;
}

/** What the store needs of the page; the browser's own in the island, stand-ins in tests. */
export interface SearchPorts {
  engine: SearchEngine;
  /** The views of `hits[from, from + page)`. */
  showResults(hits: PagefindResult[], from: number): Promise<SearchResultView[]>;
  /** The page's current location, to keep the state in its query string. */
  location(): { pathname: string; search: string };
  /** Replaces the current history entry's URL (no new entry per keystroke). */
  replaceUrl(url: string): void;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
  /** Where failures are logged. */
  logError(message: string, error: unknown): void;
  /**
   * The words «Meinte du …?» chooses from (src/lib/search/suggest.ts), fetched when a search
   * first finds little. A failure means no suggestion, never a failed search.
   */
  knownWords?(): Promise<readonly string[]>;
}

export interface SearchStore {
  $search: MapStore<SearchView>;
  /** The island is up: search what the URL asks for, or what was typed before it woke. */
  start(fromUrl: SearchState, typedEarly: string): void;
  /** A keystroke: search once typing pauses. */
  typed(query: string): void;
  /** A type was chosen: search at once. */
  chose(type: SearchType | null): void;
  /** The form was submitted: search at once. */
  submitted(): void;
  /** *Vis fleire treff*: the next page of results. */
  more(): Promise<void>;
  /** Focus has moved to the first added result. */
  focused(): void;
  /** The island is gone: no search may run after it. */
  stop(): void;
}

export function createSearchStore(ports: SearchPorts): SearchStore {
  const $search = map<SearchView>({ state: { query: '', type: null }, phase: { kind: 'empty' }, busy: false, status: '', addedFrom: null });
  /** Only the latest search may show its results. */
  let latest = 0;
  let timer: unknown;

  const cancelPending = () => {
    if (timer !== undefined) ports.clearTimer(timer);
    timer = undefined;
  };

  /** «Meinte du …?» for a search that found little with all its words; null otherwise or when the words cannot load. */
  async function suggestionFor(found: { term: string; allWords: number }): Promise<string | null> {
    if (found.allWords >= FEW_HITS || !ports.knownWords) return null;
    try {
      return suggestQuery(found.term, await ports.knownWords());
    } catch (error) {
      ports.logError('Orda til «Meinte du» kunne ikkje lastast', error);
      return null;
    }
  }

  async function run(next: SearchState): Promise<void> {
    cancelPending();
    const id = ++latest;
    const { pathname, search } = ports.location();
    ports.replaceUrl(searchStateUrl(pathname, search, next));
    $search.set({ ...$search.get(), busy: true, addedFrom: null });
    try {
      const found = await ports.engine.search(next.query, next.type);
      const [shown, suggestion] = found ? await Promise.all([ports.showResults(found.hits, 0), suggestionFor(found)]) : [[], null];
      if (id !== latest) return;
      if (!found) $search.set({ ...$search.get(), phase: { kind: 'empty' }, status: '', busy: false });
      else
        $search.set({
          ...$search.get(),
          phase: { kind: 'done', term: found.term, hits: found.hits, shown, allWords: found.allWords, anyWord: found.anyWord, suggestion },
          status: doneStatusText(found),
          busy: false,
        });
    } catch (error) {
      if (id !== latest) return;
      ports.logError('Søket kunne ikkje køyre', error);
      $search.set({ ...$search.get(), phase: { kind: 'error' }, status: SEARCH_FAILED, busy: false });
    }
  }

  return {
    $search,
    start(fromUrl, typedEarly) {
      const initial = fromUrl.query || !typedEarly.trim() ? fromUrl : { ...fromUrl, query: typedEarly };
      $search.setKey('state', initial);
      if (initial.query.trim()) void run(initial);
    },
    typed(query) {
      const next = { ...$search.get().state, query };
      $search.setKey('state', next);
      cancelPending();
      timer = ports.setTimer(() => void run(next), DEBOUNCE_MS);
    },
    chose(type) {
      const next = { ...$search.get().state, type };
      $search.setKey('state', next);
      void run(next);
    },
    submitted() {
      void run($search.get().state);
    },
    async more() {
      const { phase } = $search.get();
      if (phase.kind !== 'done') return;
      const id = latest;
      $search.setKey('busy', true);
      try {
        const added = await ports.showResults(phase.hits, phase.shown.length);
        if (id !== latest) return;
        $search.set({ ...$search.get(), phase: { ...phase, shown: [...phase.shown, ...added] }, addedFrom: phase.shown.length, busy: false });
      } catch (error) {
        if (id !== latest) return;
        ports.logError('Fleire treff kunne ikkje lastast', error);
        $search.set({ ...$search.get(), phase: { kind: 'error' }, status: SEARCH_FAILED, busy: false });
      }
    },
    focused() {
      $search.setKey('addedFrom', null);
    },
    stop() {
      cancelPending();
      latest += 1;
    },
  };
}
