/**
 * What the front page's day strip says at a given moment. The build works it out at its own
 * clock (day-strip.ts); the browser again at the visitor's (src/scripts/day-strip.ts), from the
 * days the build carried, so a page left open, or served by a site that has not been rebuilt,
 * still names the visitor's own today (in Oslo time) for the days the build vouches for, and
 * after that says plainly that it may be out of date.
 *
 * Kept free of the programme's other modules: it runs in the browser.
 */
import { capitalise } from '../format/text';
import { addDays, formatDayName, osloDay } from '../format/time';

/** The strip carries every showing of the build's day and of the two days after it. */
export const STRIP_DAYS_AHEAD = 2;

export const STRIP_HEADING = 'I dag';
export const NEXT_HEADING = 'Neste på programmet';

/** The last Oslo day a strip built at `now` vouches for. */
export function stripCoversUntil(now: Date): string {
  return addDays(osloDay(now), STRIP_DAYS_AHEAD);
}

/** The heading over a listed day: the strip's own ('I dag') when it is today, else 'Neste på programmet'. */
export function stripHeading(day: string, today: string, heading: string = STRIP_HEADING): string {
  return day === today ? heading : NEXT_HEADING;
}

/** The line under the heading: 'Måndag 23. november' when the day is today, else that nothing more is on today and which day is next. */
export function stripNote(day: string, today: string): string {
  if (day === today) return capitalise(formatDayName(day));
  return `Det er ikkje meir på programmet i dag. Neste dag med noko på er ${formatDayName(day)}.`;
}

/** What the strip says when the visitor's day is past the days it vouches for. */
export function outOfDateNote(builtOn: string): string {
  return `Programmet her vart sist oppdatert ${formatDayName(builtOn)} og kan vere utdatert.`;
}

/** One day the strip carries, with the start of each showing listed for it (ms since the epoch). */
export interface StripDayTimes {
  day: string;
  starts: readonly number[];
}

export type StripState =
  /** A day to list: today, or the next day with showings when nothing is left today. */
  | { kind: 'day'; day: string; heading: string; note: string }
  /** The build knew of nothing more in the programme. */
  | { kind: 'nothing-ahead'; heading: string }
  /**
   * The visitor's day is past what the build vouches for, but the build carried it (the first day
   * with showings after them) and some are left: listed, with the out-of-date note.
   */
  | { kind: 'stale-day'; day: string; heading: string; note: string }
  /** The visitor's day is past what the build vouches for: it may have missed showings. */
  | { kind: 'out-of-date'; heading: string };

/**
 * The strip at `now`: the first carried day, from the visitor's today on, with a showing that
 * has not started. Past `coversUntil` it lists the visitor's today only if the build carried it
 * (saying it may be out of date all the same), else it says only that; likewise when every carried showing has started and the build
 * knew of more beyond them) the page says it may be out of date; `complete` says the build knew
 * of nothing after the carried days.
 */
export function stripStateAt(now: Date, days: readonly StripDayTimes[], coversUntil: string, complete: boolean, heading: string = STRIP_HEADING): StripState {
  const today = osloDay(now);
  const at = now.getTime();
  if (today > coversUntil) {
    const carried = days.some(({ day, starts }) => day === today && starts.some((start) => start > at));
    return carried ? { kind: 'stale-day', day: today, heading, note: stripNote(today, today) } : { kind: 'out-of-date', heading };
  }
  const next = days.find(({ day, starts }) => day >= today && starts.some((start) => start > at));
  if (next) return { kind: 'day', day: next.day, heading: stripHeading(next.day, today, heading), note: stripNote(next.day, today) };
  return complete ? { kind: 'nothing-ahead', heading } : { kind: 'out-of-date', heading };
}
