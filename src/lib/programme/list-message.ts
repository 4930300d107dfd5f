/**
 * What a list of showings says about itself at a given moment: the programme's lists, the
 * front page's day strip and the filters' result line. A build that has not been redone for
 * many days may hold nothing for the visitor's day; then the list says that the programme here
 * is out of date and where to turn, never that nothing is on. The build asks at its own clock
 * (so without JavaScript nothing is ever out of date), the browser again at the visitor's
 * (src/scripts/live-programme.ts, day-strip.ts, programme-filters.ts).
 *
 * Kept free of the programme's other modules: it runs in the browser.
 */
import { formatDayName } from '../format/time';

/** What a list's situation is at the visitor's moment. */
export interface ListSituation {
  /** Showings the list shows now (filters applied, started ones left out). */
  listed: number;
  /** The visitor's day (YYYY-MM-DD in Oslo). */
  today: string;
  /** The last day the build's programme pages list (their horizon): past it, the build holds nothing current for the visitor. */
  listsUntil: string;
  /** Whether every showing the list carried has started: the page is older than its data. */
  overtaken: boolean;
}

export type ListMessage =
  /** Showings are listed: the count says how many. */
  | 'listed'
  /** The programme is current and holds nothing here (nothing more, or nothing matches the filters). */
  | 'empty'
  /** Everything listed has started, but the visitor's day is one the build's programme still lists: it may be out of date. */
  | 'may-be-out-of-date'
  /** Nothing listed and the visitor's day is past what the build's programme lists: it is out of date. */
  | 'out-of-date';

export function listMessage({ listed, today, listsUntil, overtaken }: ListSituation): ListMessage {
  if (listed > 0) return 'listed';
  if (today > listsUntil) return 'out-of-date';
  return overtaken ? 'may-be-out-of-date' : 'empty';
}

/** Whether a list with this message shows the out-of-date note (either wording) instead of its empty note. */
export function saysOutOfDate(message: ListMessage): boolean {
  return message === 'may-be-out-of-date' || message === 'out-of-date';
}

/** The note while something may have changed since the build: 'Programmet her vart sist oppdatert måndag 23. november og kan vere utdatert.' */
export function mayBeOutOfDateNote(builtOn: string): string {
  return `Programmet her vart sist oppdatert ${formatDayName(builtOn)} og kan vere utdatert.`;
}

/** The note once the build holds nothing for the visitor's day: out of date, and where the current programme is. */
export function outOfDateNote(builtOn: string): string {
  return `Programmet her vart sist oppdatert ${formatDayName(builtOn)} og er utdatert. Det oppdaterte programmet finn du hos billettleverandøren vår, eller prøv igjen her litt seinare.`;
}
