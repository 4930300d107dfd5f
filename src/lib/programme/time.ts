/** Dates and times as visitors read them: Europe/Oslo, nynorsk. Built on Intl, no hand-made zone maths. */

export const TIME_ZONE = 'Europe/Oslo';
const LOCALE = 'nn-NO';

const dayKeyFormat = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const dayFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long' });
const shortDayFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, weekday: 'short', day: 'numeric', month: 'short' });
const timeFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' });
const dateFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, day: 'numeric', month: 'long', year: 'numeric' });

/** The calendar day in Oslo, as YYYY-MM-DD. */
export function osloDay(moment: Date | string): string {
  return dayKeyFormat.format(new Date(moment));
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
  return dayFormat.format(new Date(`${day}T12:00:00Z`));
}

/** 'tys. 24. nov.' */
export function formatShortDay(moment: Date | string): string {
  return shortDayFormat.format(new Date(moment));
}

/** Clock time the Norwegian way: '19.30'. */
export function formatTime(moment: Date | string): string {
  return timeFormat.format(new Date(moment)).replace(':', '.');
}

/** '24. november 2026' */
export function formatDate(moment: Date | string | number): string {
  return dateFormat.format(new Date(moment));
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
