/**
 * The front page's day strip ('I dag'): today's remaining films and events, each once with its
 * showtimes; when nothing is left today, the next day that has something. The build lists it at
 * its own clock and carries the days after it too (strip-state.ts), so the browser can list the
 * visitor's today for as long as the build vouches for. Pure functions of (showings, now).
 */
import type { Event, Production } from '../../schemas';
import { osloDay } from '../format/time';
import { groupByFilm, type FilmShowings } from './by-film';
import { groupByDay, upcomingShowings, type Showing } from './programme';
import { horizonEnd } from './horizon';
import { mayBeOutOfDateNote, outOfDateWords, type OutOfDateWords } from './list-message';
import { STRIP_HEADING, stripCoversUntil, stripHeading, stripNote } from './strip-state';

/** What the strip lists: today's remaining showings, or the next day's. */
export interface TodayListing {
  /** The day listed (YYYY-MM-DD in Oslo). */
  day: string;
  /** Whether that day is today; otherwise nothing is left today and this is the next day with showings. */
  today: boolean;
  /** The day's films and events, each once with its showtimes, in the order of their first. */
  groups: FilmShowings[];
}

/** Today's upcoming showings by production; when none are left, the next day that has some. Null when nothing is ahead. */
export function todayListing(upcoming: Showing[], today: string): TodayListing | null {
  return stripDays(upcoming, today, today)[0] ?? null;
}

/**
 * The days a strip carries: each day with showings up to `coversUntil`, then the first day with
 * showings after it (the 'next day' of the last day it vouches for), each listed by production.
 */
function stripDays(upcoming: Showing[], today: string, coversUntil: string): TodayListing[] {
  const days = groupByDay(upcoming).filter(({ day }) => day >= today);
  const within = days.filter(({ day }) => day <= coversUntil);
  const beyond = days.find(({ day }) => day > coversUntil);
  return [...within, ...(beyond ? [beyond] : [])].map(({ day, showings }) => ({ day, today: day === today, groups: groupByFilm(showings) }));
}

/** The strip as rendered: its heading, the line under it and what it lists, and what it carries for the browser. */
export interface DayStrip {
  /** `heading` ('I dag') while today has something left, else 'Neste på programmet'. */
  heading: string;
  /** 'Måndag 23. november', or that nothing more is on today and which day is next; null when nothing is ahead. */
  note: string | null;
  /** What the build shows: the first of `days`, or null when nothing is ahead. */
  listing: TodayListing | null;
  /** Every day the strip carries, the listed one first: the browser shows the visitor's. */
  days: TodayListing[];
  /** The last day the strip vouches for (YYYY-MM-DD): the build's day and the two after it. */
  coversUntil: string;
  /** Whether the build knew of no showings after the carried days. */
  complete: boolean;
  /** What the browser says once the visitor's day is past `coversUntil`: that the strip may be out of date. */
  outOfDate: string;
  /** What it says once the visitor's day is past `listsUntil` too: that it is out of date, and where to turn. */
  certainlyOutOfDate: OutOfDateWords;
  /** The last day the build's programme pages list (YYYY-MM-DD): their horizon. */
  listsUntil: string;
}

/** The front page's day strip at `now`; `horizonDays` is the programme pages' (content/config.json). */
export function dayStrip(events: Event[], productions: Production[], now: Date, heading = STRIP_HEADING, horizonDays?: number): DayStrip {
  const upcoming = upcomingShowings(events, productions, now);
  const today = osloDay(now);
  const coversUntil = stripCoversUntil(now);
  const days = stripDays(upcoming, today, coversUntil);
  const listing = days[0] ?? null;
  // Upcoming showings are earliest first: the build knew of more when the last is after the carried days.
  const lastShowing = upcoming.at(-1);
  const complete = lastShowing === undefined || osloDay(lastShowing.event.startTime) <= (days.at(-1)?.day ?? today);
  const carried = {
    days,
    coversUntil,
    complete,
    outOfDate: mayBeOutOfDateNote(today),
    certainlyOutOfDate: outOfDateWords(today),
    listsUntil: horizonEnd(now, horizonDays),
  };
  if (!listing) return { heading, note: null, listing, ...carried };
  return { heading: stripHeading(listing.day, today, heading), note: stripNote(listing.day, today), listing, ...carried };
}
