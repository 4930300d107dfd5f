/**
 * Dates and times as visitors read them: Europe/Oslo, nynorsk.
 *
 * Oslo's clock is worked out here, not asked of Intl. The browser's first Intl.DateTimeFormat
 * with a time zone loads ICU's zone data: 30–40 ms of main thread, 120–160 ms on Lighthouse's
 * throttled phone, on every page whose scripts name a day or a time (measured: the largest long
 * task on the front page). Norway keeps the EU's rule (since 1996): summer time, UTC+2, from
 * 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October; UTC+1 the
 * rest of the year. tests/unit/lib/format/time.test.ts checks this against Intl hour by hour over 2020–2040,
 * so a change of the rules in the time-zone database fails the tests.
 */

import { capitalise } from './text';

export const TIME_ZONE = 'Europe/Oslo';

// Names are spelled out here rather than asked of Intl: browsers do not all carry nynorsk data,
// and a stale build redrawn in the browser must read exactly like the build (the same strings
// Node's full ICU gives for nn-NO).
const WEEKDAYS = ['søndag', 'måndag', 'tysdag', 'onsdag', 'torsdag', 'fredag', 'laurdag'];
const WEEKDAYS_SHORT = ['sø.', 'må.', 'ty.', 'on.', 'to.', 'fr.', 'la.'];
const MONTHS = ['januar', 'februar', 'mars', 'april', 'mai', 'juni', 'juli', 'august', 'september', 'oktober', 'november', 'desember'];
const MONTHS_SHORT = ['jan.', 'feb.', 'mars', 'apr.', 'mai', 'juni', 'juli', 'aug.', 'sep.', 'okt.', 'nov.', 'des.'];

/** The instant of 01:00 UTC on the last Sunday of a month (0 = January) of a year. */
function lastSundayAt0100(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0, 1));
  return lastDay.getTime() - lastDay.getUTCDay() * 86_400_000;
}

/** Oslo's offset from UTC at an instant, in minutes: 120 in summer time, 60 otherwise. */
export function osloOffsetMinutes(instant: number): number {
  const year = new Date(instant).getUTCFullYear();
  return instant >= lastSundayAt0100(year, 2) && instant < lastSundayAt0100(year, 9) ? 120 : 60;
}

/** The Oslo wall clock of a moment, as a Date whose UTC fields read it. Throws on an invalid date, as Intl did. */
function osloWallClock(moment: Date | string | number): Date {
  const instant = new Date(moment).getTime();
  if (Number.isNaN(instant)) throw new RangeError(`Invalid time value: ${String(moment)}`);
  return new Date(instant + osloOffsetMinutes(instant) * 60_000);
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** Weekday (0 = Sunday), day of month and month (0 = January) of a YYYY-MM-DD day. */
function partsOf(day: string): { weekday: number; date: number; month: number; year: number } {
  const noon = new Date(`${day}T12:00:00Z`);
  return { weekday: noon.getUTCDay(), date: noon.getUTCDate(), month: noon.getUTCMonth(), year: noon.getUTCFullYear() };
}

/** The calendar day in Oslo, as YYYY-MM-DD. */
export function osloDay(moment: Date | string): string {
  return osloWallClock(moment).toISOString().slice(0, 10);
}

/** The Oslo day after a YYYY-MM-DD day. */
export function nextDay(day: string): string {
  const noon = new Date(`${day}T12:00:00Z`);
  noon.setUTCDate(noon.getUTCDate() + 1);
  return noon.toISOString().slice(0, 10);
}

/** 'i dag', 'i morgon' or null, relative to now in Oslo. */
export function relativeDayName(day: string, now: Date): string | null {
  const today = osloDay(now);
  if (day === today) return 'I dag';
  if (day === nextDay(today)) return 'I morgon';
  return null;
}

/** Heading for a day: 'I dag, måndag 23. november' or 'onsdag 25. november'. */
export function formatDayHeading(day: string, now: Date): string {
  const name = formatDayName(day);
  const relative = relativeDayName(day, now);
  return relative ? `${relative}, ${name}` : capitalise(name);
}

/** 'tysdag 24. november' for a YYYY-MM-DD day. */
export function formatDayName(day: string): string {
  const { weekday, date, month } = partsOf(day);
  return `${WEEKDAYS[weekday]} ${date}. ${MONTHS[month]}`;
}

/** 'tys. 24. nov.' */
export function formatShortDay(moment: Date | string): string {
  const { weekday, date, month } = partsOf(osloDay(moment));
  return `${WEEKDAYS_SHORT[weekday]} ${date}. ${MONTHS_SHORT[month]}`;
}

/** Clock time the Norwegian way: '19.30'. */
export function formatTime(moment: Date | string): string {
  const clock = osloWallClock(moment);
  return `${twoDigits(clock.getUTCHours())}.${twoDigits(clock.getUTCMinutes())}`;
}

/** NO-BREAK SPACE: between «kl.» and the time, so a line never ends between them (as between a film's length and «min»). */
export const NO_BREAK_SPACE = '\u00a0';

/** The clock time with its «kl.», kept together on one line: 'kl.\u00a019.30'. */
export function formatClock(moment: Date | string): string {
  return `kl.${NO_BREAK_SPACE}${formatTime(moment)}`;
}

/** 'november 2026' for a YYYY-MM month (the date picker's caption; capitalise it at the start of a line). */
export function formatMonth(month: string): string {
  const { month: index, year } = partsOf(`${month}-15`);
  return `${MONTHS[index]} ${year}`;
}

/** '24. november 2026' */
export function formatDate(moment: Date | string | number): string {
  const { date, month, year } = partsOf(osloDay(new Date(moment)));
  return `${date}. ${MONTHS[month]} ${year}`;
}

/** The Oslo day `count` days after a YYYY-MM-DD day (before it when negative). */
export function addDays(day: string, count: number): string {
  const noon = new Date(`${day}T12:00:00Z`);
  noon.setUTCDate(noon.getUTCDate() + count);
  return noon.toISOString().slice(0, 10);
}
