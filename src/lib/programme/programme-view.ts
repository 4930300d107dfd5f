/**
 * What a programme block lists, one function per view: everything upcoming (a programme block on
 * any page), the full programme page (up to the horizon, with 'Seinare' beyond it) and a filtered
 * page (one day, genre, category, age step or week). The cinema and culture blocks only render
 * what these return. Pure functions of (events, productions, now).
 */
import type { Event, Production } from '../../schemas';
import { osloDay } from '../format/time';
import { programmeByFilm, type FilmDay } from './by-film';
import { facetPath, isActive, type FilterState, type ProgrammeContext, type ProgrammeKind } from './filter-state';
import { cappedEnd, horizonEnd, laterWeek, weekLabel, weeksOf } from './horizon';
import { upcomingShowings, type Showing } from './programme';
import { applyFilter, showingDays, showingFacts } from './showing-facts';
import { mayBeOutOfDateNote, outOfDateWords, type OutOfDateWords } from './list-message';

/** What a programme rendering lists, and where the visitor goes for earlier or later weeks. */
export interface ProgrammeWindow {
  shown: Showing[];
  /** The last day listed when the page stops at the horizon (YYYY-MM-DD), else null. */
  until: string | null;
  /** Week pages before and after this one ('2026-50'), or null. */
  earlier: string | null;
  later: string | null;
}

/**
 * The showings a programme page lists: its filter applied and, unless it is a day or a week page,
 * only those up to the horizon's last day `end` (earlier when more than `max` showings fall
 * before it: horizon.ts cappedEnd). Beyond it, 'Seinare' leads to the next week with showings;
 * a week page leads to the weeks before and after it that have showings.
 */
export function programmeWindow(all: Showing[], state: FilterState, horizonEnd: string, max?: number): ProgrammeWindow {
  const filtered = applyFilter(all, state);
  if (state.veke !== undefined) {
    const weeks = weeksOf(showingDays(all));
    const index = weeks.indexOf(state.veke);
    const before = index === -1 ? weeks.filter((week) => week < state.veke!).at(-1) : weeks[index - 1];
    const after = index === -1 ? weeks.find((week) => week > state.veke!) : weeks[index + 1];
    return { shown: filtered, until: null, earlier: before ?? null, later: after ?? null };
  }
  if (state.dag !== undefined) return { shown: filtered, until: null, earlier: null, later: null };
  const end = cappedEnd(
    filtered.map((showing) => showingFacts(showing).day),
    horizonEnd,
    max,
  );
  return {
    shown: filtered.filter((showing) => showingFacts(showing).day <= end),
    until: end,
    earlier: null,
    later: laterWeek(
      filtered.map((showing) => showingFacts(showing).day),
      end,
    ),
  };
}

/** The events of a programme block and the moment it is rendered for. */
export interface ProgrammeInput {
  events: Event[];
  productions: Production[];
  now: Date;
}

export interface ProgrammeView extends ProgrammeWindow {
  /** Every upcoming showing of the block, unfiltered: what its filters offer. */
  all: Showing[];
  /** Whether a filter narrows what is listed (a filter page), so an empty list says 'nothing matches'. */
  filtered: boolean;
}

/** A programme block on a page that is not the programme page: every upcoming showing. */
export function upcomingProgramme({ events, productions, now }: ProgrammeInput): ProgrammeView {
  const all = upcomingShowings(events, productions, now);
  return { all, shown: all, until: null, earlier: null, later: null, filtered: false };
}

/** The programme page: today up to the horizon (`horizonDays`, today included), then 'Seinare'. */
export function fullProgramme(input: ProgrammeInput, horizonDays?: number): ProgrammeView {
  return filteredProgramme(input, {}, horizonDays);
}

/** A generated filter page (or the programme page with `state` empty). */
export function filteredProgramme({ events, productions, now }: ProgrammeInput, state: FilterState, horizonDays?: number): ProgrammeView {
  const all = upcomingShowings(events, productions, now);
  return { all, ...programmeWindow(all, state, horizonEnd(now, horizonDays)), filtered: isActive(state) };
}

/** What the cinema and culture programme blocks are given. */
export interface ProgrammeBlockInput extends ProgrammeInput {
  heading?: string | undefined;
  /** On the programme page: its filters and the one this rendering applies. */
  filter?: ProgrammeContext | undefined;
  /** Days the programme page shows (content/config.json), today included. */
  horizonDays?: number | undefined;
}

/** The view a programme block renders: the programme page's or a filter page's when it has a filter context, else everything upcoming. */
export function programmeView({ filter, horizonDays, ...input }: ProgrammeBlockInput): ProgrammeView {
  return filter ? filteredProgramme(input, filter.state, horizonDays) : upcomingProgramme(input);
}

/** The cinema's view: the same, grouped by day and within each day by film. */
export function cinemaProgrammeView(block: ProgrammeBlockInput): ProgrammeView & { days: FilmDay[] } {
  const view = programmeView(block);
  return { ...view, days: programmeByFilm(view.shown) };
}

/** The programme page of each kind, where a block elsewhere sends visitors for more. */
const PROGRAMME_PAGES: Record<ProgrammeKind, { href: string; text: string }> = {
  film: { href: '/kinoprogram', text: 'kinoprogrammet' },
  culture: { href: '/kulturprogram', text: 'kulturprogrammet' },
};

/**
 * What a programme block says once the page is older than its data (list-message.ts decides which, in the browser):
 * `note` and `link` when everything it listed has started on a day the build's programme still lists, `certain` once
 * the visitor's day is past `listsUntil` and the block lists nothing.
 */
export interface OutOfDate {
  /** 'Programmet her vart sist oppdatert måndag 23. november og kan vere utdatert.' */
  note: string;
  /** Where the next days are: the week after the horizon on the programme page, else the programme page; null when there is nowhere further. */
  link: { href: string; text: string } | null;
  /** '… og er utdatert.', and where the current programme is: at the ticket provider (a link when its address is set), not another page of this build, which is as old. */
  certain: OutOfDateWords;
  /** The last day the build's programme pages list (YYYY-MM-DD): its horizon. */
  listsUntil: string;
}

export function programmeOutOfDate(kind: ProgrammeKind, view: ProgrammeWindow, now: Date, filter?: ProgrammeContext, horizonDays?: number): OutOfDate {
  const builtOn = osloDay(now);
  const said = { note: mayBeOutOfDateNote(builtOn), certain: outOfDateWords(builtOn), listsUntil: horizonEnd(now, horizonDays) };
  if (filter && !isActive(filter.state)) {
    return { ...said, link: view.later ? { href: facetPath(filter.base, 'veke', view.later), text: weekLabel(view.later).replace(/^Veke/, 'veke') } : null };
  }
  return { ...said, link: filter ? { href: filter.base, text: PROGRAMME_PAGES[kind].text } : PROGRAMME_PAGES[kind] };
}
