/**
 * *Legg i kalender* for a member's ticket: an iCalendar file (RFC 5545) made in the browser
 * from the ticket itself, since a ticket is the member's own and no file on the site holds it.
 * Times are written in UTC, so 19.30 in Oslo shows as 19.30 in Oslo in any calendar.
 */
import { foldLine, icsText, utcStamp } from '../format/icalendar';
import { seatsText } from './format';
import type { Ticket } from './model';
import { SHOWING_FALLBACK_MS } from './ticket-storage';

const PRODUCT_ID = '-//Kulturhuset Kaia//Filmklubben//NN';
/** A showing without a known end is put in the calendar as two hours long. */
const DEFAULT_LENGTH_MS = 2 * 60 * 60 * 1000;

/** The calendar file of one ticket; null when the ticket has no readable start time. */
export function ticketCalendar(ticket: Ticket, place: string, now: Date): string | null {
  const start = Date.parse(ticket.startTime);
  if (Number.isNaN(start)) return null;
  const expires = Date.parse(ticket.expirationDate);
  const end = !Number.isNaN(expires) && expires > start && expires - start <= SHOWING_FALLBACK_MS ? expires : start + DEFAULT_LENGTH_MS;
  const title = ticket.movieTitle || 'Kino';
  const description = [`${ticket.sal ? `${ticket.sal}. ` : ''}${seatsText(ticket)}.`, ticket.qrCode ? `Billettkode: ${ticket.qrCode}` : '', ticket.notes]
    .filter(Boolean)
    .join('\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODUCT_ID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${icsText(`billett-${ticket.qrCode || `${ticket.movieId}-${start}`}`)}@filmklubben`,
    `DTSTAMP:${utcStamp(now.getTime())}`,
    `DTSTART:${utcStamp(start)}`,
    `DTEND:${utcStamp(end)}`,
    `SUMMARY:${icsText(`Kino: ${title}`)}`,
    `LOCATION:${icsText(ticket.sal ? `${ticket.sal}, ${place}` : place)}`,
    `DESCRIPTION:${icsText(description)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** A file name for the ticket's calendar file: 'kino-naustet-2026-11-26.ics'. */
export function ticketCalendarFileName(ticket: Ticket): string {
  const slug = (ticket.movieTitle || 'kino')
    .toLowerCase()
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .replace(/å/g, 'a')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `kino-${slug || 'film'}-${ticket.startTime.slice(0, 10)}.ics`;
}
