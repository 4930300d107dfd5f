/** The date picker of the programme filters: calendar months of days, Monday first. */
import { capitalise, escapeHtml } from '../format/text';
import { formatDayName, formatMonth } from '../format/time';
import { staticHref } from './filter-state';

export interface MonthGrid {
  /** YYYY-MM */
  month: string;
  /** 'November 2026' */
  label: string;
  /** Weeks from Monday to Sunday; null pads the days outside the month. */
  weeks: (string | null)[][];
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Calendar months covering the given days (YYYY-MM-DD), for the date picker. */
export function monthGrids(days: string[]): MonthGrid[] {
  const months = [...new Set(days.map((day) => day.slice(0, 7)))].sort();
  return months.map((month) => {
    const [year, number] = month.split('-').map(Number) as [number, number];
    // getUTCDay: 0 is Sunday; the week starts on Monday.
    const lead = (new Date(Date.UTC(year, number - 1, 1)).getUTCDay() + 6) % 7;
    const cells: (string | null)[] = Array.from({ length: lead }, () => null);
    for (let day = 1; day <= daysInMonth(year, number); day += 1) cells.push(`${month}-${String(day).padStart(2, '0')}`);
    while (cells.length % 7 !== 0) cells.push(null);
    const weeks = Array.from({ length: cells.length / 7 }, (_, index) => cells.slice(index * 7, index * 7 + 7));
    return { month, label: capitalise(formatMonth(month)), weeks };
  });
}

/** Column heads of a month, Monday first: what is shown, and what a screen reader says. */
export const WEEKDAY_HEADS: readonly (readonly [short: string, long: string])[] = [
  ['må', 'måndag'],
  ['ty', 'tysdag'],
  ['on', 'onsdag'],
  ['to', 'torsdag'],
  ['fr', 'fredag'],
  ['la', 'laurdag'],
  ['sø', 'søndag'],
];

export interface DatePickerInput {
  months: MonthGrid[];
  /** The days with something on: these are links, the others plain numbers. */
  linked: ReadonlySet<string>;
  /** The programme's path ('/kinoprogram'); a day links to its page under it ('/kinoprogram/dag/2026-11-24'). */
  base: string;
  /** The day the page shows, marked aria-current. */
  chosen?: string | undefined;
}

const dayHref = (base: string, day: string) => staticHref(base, 'dag', day);

const HEAD = `<thead><tr>${WEEKDAY_HEADS.map(([short, long]) => `<th scope="col"><span aria-hidden="true">${short}</span><span class="visually-hidden">${long}</span></th>`).join('')}</tr></thead>`;

/** A month's tables without any day chosen. */
function monthsHtml({ months, linked, base }: DatePickerInput): string {
  const cell = (day: string | null) => {
    if (day === null) return '<td></td>';
    const number = Number(day.slice(8));
    if (!linked.has(day)) return `<td>${number}</td>`;
    return `<td><a href="${escapeHtml(dayHref(base, day))}" aria-label="${escapeHtml(formatDayName(day))}">${number}</a></td>`;
  };
  return months
    .map(
      (month) =>
        `<table class="date-picker__month"><caption>${escapeHtml(month.label)}</caption>${HEAD}<tbody>${month.weeks.map((week) => `<tr>${week.map(cell).join('')}</tr>`).join('')}</tbody></table>`,
    )
    .join('');
}

/** Markup of the last few pickers, by what they show (every page of one programme shows the same). */
const rendered = new Map<string, string>();
const RENDERED_KEPT = 8;

/**
 * The date picker's month tables as HTML. Every programme page of a site carries the same picker
 * (a large site's covers a year: some 40 KB), differing only in the chosen day; written as one
 * string, made once per programme and marked per page, it costs the build a string copy instead
 * of rendering some 400 cells on each of hundreds of pages.
 */
export function datePickerHtml(input: DatePickerInput): string {
  const { months, linked, base, chosen } = input;
  const key = [base, months.map((month) => month.month).join(','), [...linked].sort().join(',')].join('|');
  let html = rendered.get(key);
  if (html === undefined) {
    html = monthsHtml(input);
    if (rendered.size >= RENDERED_KEPT) rendered.clear();
    rendered.set(key, html);
  }
  if (chosen === undefined || !linked.has(chosen)) return html;
  const link = `<a href="${escapeHtml(dayHref(base, chosen))}" aria-label="${escapeHtml(formatDayName(chosen))}"`;
  return html.replace(link, `${link} aria-current="true"`);
}
