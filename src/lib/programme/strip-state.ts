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
import { listMessage } from './list-message';

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
  /**
   * The visitor's day is past what the build vouches for and it lists nothing: it may have missed
   * showings ('may-be-out-of-date', while the programme pages still list the visitor's day), or,
   * past what they list too, it is out of date ('out-of-date'; list-message.ts).
   */
  | { kind: 'out-of-date'; heading: string; message: 'may-be-out-of-date' | 'out-of-date' };

/**
 * The strip at `now`: the first carried day, from the visitor's today on, with a showing that
 * has not started. Past `coversUntil` it lists the visitor's today only if the build carried it
 * (saying it may be out of date all the same), else it says only that it may be out of date, or,
 * past `listsUntil` (the last day the build's programme pages list), that it is. Likewise when
 * every carried showing has started and the build knew of more beyond them; `complete` says the
 * build knew of nothing after the carried days.
 */
export function stripStateAt(
  now: Date,
  days: readonly StripDayTimes[],
  coversUntil: string,
  complete: boolean,
  heading: string = STRIP_HEADING,
  listsUntil?: string,
): StripState {
  const today = osloDay(now);
  const at = now.getTime();
  const outOfDate = (): StripState => {
    // Without `listsUntil` the strip cannot tell that the programme pages hold nothing for today either: it only may be out of date.
    const message = listMessage({ listed: 0, today, listsUntil: listsUntil ?? today, overtaken: true });
    return { kind: 'out-of-date', heading, message: message === 'out-of-date' ? message : 'may-be-out-of-date' };
  };
  if (today > coversUntil) {
    const carried = days.some(({ day, starts }) => day === today && starts.some((start) => start > at));
    return carried ? { kind: 'stale-day', day: today, heading, note: stripNote(today, today) } : outOfDate();
  }
  const next = days.find(({ day, starts }) => day >= today && starts.some((start) => start > at));
  if (next) return { kind: 'day', day: next.day, heading: stripHeading(next.day, today, heading), note: stripNote(next.day, today) };
  return complete ? { kind: 'nothing-ahead', heading } : outOfDate();
}

/** Which out-of-date note the strip shows in `state`, if any: a listed stale day may be out of date. */
export function stripOutOfDate(state: StripState): 'may-be-out-of-date' | 'out-of-date' | null {
  if (state.kind === 'stale-day') return 'may-be-out-of-date';
  return state.kind === 'out-of-date' ? state.message : null;
}
