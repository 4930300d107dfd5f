/** The date picker of the programme filters: calendar months of days, Monday first. */
import { capitalise } from '../format/text';
import { formatMonth } from '../format/time';

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
