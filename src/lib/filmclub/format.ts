/** How film-club data reads on screen, in nynorsk and Oslo time. */
import { formatClock, formatDate, formatDayName, osloDay } from '../format/time';
import { formatDecimal } from '../format/number';
import { capitalise } from '../format/text';
import type { Ticket } from './model';

export function formatTicketTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Ukjend tid';
  const day = formatDayName(osloDay(date));
  return `${capitalise(day)} ${formatClock(date)}`;
}

/** 'Rad 5: plass 7 og 8. Rad 6: plass 7.' — seats by row. */
export function seatsText(ticket: Pick<Ticket, 'seatsInfo'>): string {
  const rows = ticket.seatsInfo.seats
    .filter((row) => row.seats.length > 0)
    .map((row) => `Rad ${row.row}: ${row.seats.length === 1 ? 'plass' : 'plassane'} ${joinNumbers(row.seats)}`);
  const text = rows.join('. ');
  if (!text) return ticket.seatsInfo.info || 'Fri plassering';
  return ticket.seatsInfo.info ? `${ticket.seatsInfo.info} – ${text}` : text;
}

function joinNumbers(numbers: readonly number[]): string {
  if (numbers.length <= 1) return numbers.join('');
  return `${numbers.slice(0, -1).join(', ')} og ${numbers.at(-1)}`;
}

/** When tickets were fetched: 'måndag 23. november kl. 10.00'. */
export function formatFetchedAt(moment: Date): string {
  return `${formatDayName(osloDay(moment))} ${formatClock(moment)}`;
}

/** A count with its noun in the singular for one, else the plural: '1 film', '2 filmar', '0 filmar'. */
export function countOf(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** '4,2 av 5' */
export function formatRating(rating: number): string {
  return `${formatDecimal(rating)} av 5`;
}

export function formatReviewDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatDate(date);
}
