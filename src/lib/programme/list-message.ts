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

/** What a link to the visitor's own week says first, once the programme above it is out of date. */
export const THIS_WEEK = 'Denne veka';

/**
 * What a link to a week page under a programme list ('Seinare: Veke 50, 7.–13. desember') leads
 * with at the visitor's moment, or null when it goes. As built while the list says anything but
 * 'out-of-date'; once it says that, a week that has ended goes and the visitor's own week is
 * 'Denne veka' (a week page of the build still lists what it held for those days).
 */
export function weekLinkLead(lead: string, week: { readonly first: string; readonly last: string }, today: string, message: ListMessage): string | null {
  if (message !== 'out-of-date') return lead;
  if (week.last < today) return null;
  return week.first <= today ? THIS_WEEK : lead;
}

/**
 * Whether the line under a list that says how far it goes ('Programmet over går til og med søndag
 * 6. desember.') stands: not once the list is out of date, when nothing is listed above it and
 * the day it names has passed.
 */
export function saysListsUntil(message: ListMessage): boolean {
  return message !== 'out-of-date';
}

/** The note while something may have changed since the build: 'Programmet her vart sist oppdatert måndag 23. november og kan vere utdatert.' */
export function mayBeOutOfDateNote(builtOn: string): string {
  return `Programmet her vart sist oppdatert ${formatDayName(builtOn)} og kan vere utdatert.`;
}

/**
 * The note once the build holds nothing for the visitor's day, in three parts so that the ticket
 * provider can be a link to its own programme for the house (content/config.json's
 * `ticketProvider.programmeUrl`): `before` + `provider` + `after` is the sentence.
 */
export interface OutOfDateWords {
  /** 'Programmet her vart sist oppdatert måndag 23. november og er utdatert. Det oppdaterte programmet finn du hos ' */
  readonly before: string;
  /** 'billettleverandøren vår' */
  readonly provider: string;
  /** ', eller prøv igjen her litt seinare.' */
  readonly after: string;
}

export function outOfDateWords(builtOn: string): OutOfDateWords {
  return {
    before: `Programmet her vart sist oppdatert ${formatDayName(builtOn)} og er utdatert. Det oppdaterte programmet finn du hos `,
    provider: 'billettleverandøren vår',
    after: ', eller prøv igjen her litt seinare.',
  };
}

/** The note once the build holds nothing for the visitor's day: out of date, and where the current programme is. */
export function outOfDateNote(builtOn: string): string {
  const { before, provider, after } = outOfDateWords(builtOn);
  return `${before}${provider}${after}`;
}
