/**
 * How far ahead a programme page looks: the horizon (today and the next days, 14 unless the
 * site config says otherwise) and the week pages that carry what lies beyond it
 * (`/kinoprogram/veke/2026-50`). Weeks are ISO weeks, Monday to Sunday, in Oslo days.
 */
import { addDays, formatDayName, osloDay } from '../format/time';

/** Days a programme page shows when content/config.json does not say (`programme.horizonDays`). */
export const DEFAULT_HORIZON_DAYS = 14;

/** The last Oslo day (YYYY-MM-DD) a programme page shows: today and the `days` - 1 after it. */
export function horizonEnd(now: Date, days: number = DEFAULT_HORIZON_DAYS): string {
  return addDays(osloDay(now), Math.max(1, Math.floor(days)) - 1);
}

/**
 * Most showings a page that stops at the horizon lists. A house with many halls (or the large
 * benchmark dataset, 27 events a day) would otherwise send hundreds of kilobytes: such a page
 * stops at the last whole day that fits, and 'Seinare' and the day pages carry the rest.
 */
export const HORIZON_MAX_SHOWINGS = 120;

/**
 * The last day to list, given the days of the showings in the horizon (one entry per showing,
 * any order): `end`, or an earlier day when more than `max` showings fall before it. The first
 * day is always listed whole.
 */
export function cappedEnd(days: readonly string[], end: string, max: number = HORIZON_MAX_SHOWINGS): string {
  const sorted = days.filter((day) => day <= end).sort();
  if (sorted.length <= max) return end;
  // The day of the first showing past `max` does not fit whole; the day before it is the last.
  const overflow = sorted[max]!;
  return sorted.filter((day) => day < overflow).at(-1) ?? overflow;
}

const WEEK_PATTERN = /^(\d{4})-(\d{2})$/;

/** The ISO week of a day, as its path segment: '2026-50' (the ISO week-year, then the week). */
const weekOfDay = new Map<string, string>();

export function isoWeek(day: string): string {
  // Asked for each showing on each week page of a large programme: worked out once per day.
  let week = weekOfDay.get(day);
  if (week === undefined) {
    week = computeIsoWeek(day);
    weekOfDay.set(day, week);
  }
  return week;
}

function computeIsoWeek(day: string): string {
  const noon = new Date(`${day}T12:00:00Z`);
  const weekday = (noon.getUTCDay() + 6) % 7; // Monday 0
  const thursday = new Date(noon);
  thursday.setUTCDate(noon.getUTCDate() - weekday + 3);
  const year = thursday.getUTCFullYear();
  const january4 = new Date(Date.UTC(year, 0, 4, 12));
  const firstThursday = new Date(january4);
  firstThursday.setUTCDate(january4.getUTCDate() - ((january4.getUTCDay() + 6) % 7) + 3);
  const week = 1 + Math.round((thursday.getTime() - firstThursday.getTime()) / (7 * 86_400_000));
  return `${year}-${String(week).padStart(2, '0')}`;
}

/** Whether a value is a well-formed week ('2026-50', weeks 01–53). */
export function isWeek(value: string): boolean {
  const match = WEEK_PATTERN.exec(value);
  return match !== null && Number(match[2]) >= 1 && Number(match[2]) <= 53;
}

/** The Monday of an ISO week. */
export function weekStart(week: string): string {
  const [year, number] = week.split('-').map(Number) as [number, number];
  const january4 = `${year}-01-04`;
  const weekday = (new Date(`${january4}T12:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(addDays(january4, -weekday), (number - 1) * 7);
}

/** The first and last day of an ISO week (Monday and Sunday, YYYY-MM-DD). */
export function weekSpan(week: string): { first: string; last: string } {
  const first = weekStart(week);
  return { first, last: addDays(first, 6) };
}

/** 'Veke 50, 7.–13. desember' (or '28. desember – 3. januar' across months). */
export function weekLabel(week: string): string {
  const first = weekStart(week);
  const last = addDays(first, 6);
  const [, firstDate = '', firstMonth = ''] = formatDayName(first).split(' ');
  const [, lastDate = '', lastMonth = ''] = formatDayName(last).split(' ');
  const span = firstMonth === lastMonth ? `${firstDate}–${lastDate} ${lastMonth}` : `${firstDate} ${firstMonth} – ${lastDate} ${lastMonth}`;
  return `Veke ${Number(week.slice(5))}, ${span}`;
}

/** The weeks that hold any of the given days, earliest first. */
export function weeksOf(days: Iterable<string>): string[] {
  return [...new Set([...days].map(isoWeek))].sort();
}

/**
 * Where 'Seinare' leads from a page that stops at the horizon: the week of the first day with
 * showings after it, or null when nothing lies beyond.
 */
export function laterWeek(days: Iterable<string>, end: string): string | null {
  const later = [...days].filter((day) => day > end).sort()[0];
  return later === undefined ? null : isoWeek(later);
}
