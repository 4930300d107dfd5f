/**
 * Calendar files (iCalendar, RFC 5545) written at build time: one file per production with its
 * upcoming showtimes (/kalender/{page reference}.ics, what 'Legg i kalender' links; in the browser
 * the page cuts the chosen showtime out of it, lib/calendar/single-event.ts) and one subscribable
 * feed per programme (/kalender/kino.ics, /kalender/kultur.ics). One file per showtime made
 * 10,000 of a large site's 14,665 files in a CDN upload (issue 36).
 *
 * Times: the content carries Oslo times with their offset ('2026-11-24T19:30:00+01:00'). They
 * are written in UTC ('DTSTART:20261124T183000Z'), which every calendar shows in its owner's
 * zone, so 19.30 in Oslo stays 19.30 in Oslo in winter and summer alike, with no VTIMEZONE to
 * write and nothing taken from the build machine's zone.
 *
 * Written by hand, not with a library: a dozen properties need only the standard's text
 * escaping and line folding, and a large site has some 10,000 showtimes, each written twice (its
 * own file and its feed); the `ics` package validated every event against a schema, 0.4 ms each,
 * some 8 s of a large build.
 */
import type { Event, Production } from '../../schemas';
import type { SiteContent } from '../content/files';
import { absoluteUrl } from '../site/page-meta';
import type { Showing } from '../programme/programme';
import { CALENDAR_FEEDS } from '../site/feeds';
import { foldLine, icsText, utcStamp } from '../format/icalendar';

export { foldLine, icsText };

export interface CalendarContext {
  host: string;
  siteTitle: string;
  /** 'Kaivegen 1, 6480 Aukra' */
  address: string;
  /** The build's clock, written as DTSTAMP so a build is repeatable. */
  now: Date;
}

export function calendarContext(content: SiteContent, now: Date): CalendarContext {
  const { address } = content.config.contact;
  return {
    host: content.config.host,
    siteTitle: content.site.title,
    address: `${address.streetAddress}, ${address.postalCode} ${address.addressLocality}`,
    now,
  };
}

/** A name safe in a path: anything but letters, digits, '_' and '-' becomes '-'. */
function safeName(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]/g, '-');
}

/** The file name of a production's calendar file (its page reference, made safe). */
export function calendarFileName(production: Pick<Production, 'pageReference'>): string {
  return safeName(production.pageReference);
}

/** Where a production's calendar file is served. */
export function calendarPath(production: Pick<Production, 'pageReference'>): string {
  return `/kalender/${calendarFileName(production)}.ics`;
}

/** An event's UID value as written in every calendar file (the same in the feeds and the production's file). */
export function calendarUid(event: Pick<Event, 'id'>, host: string): string {
  return icsText(`${event.id}@${new URL(host).hostname}`);
}

const PRODUCT_ID = '-//Kulturhuset Kaia//Programmet//NN';
const DEFAULT_MINUTES = 120;

function durationMinutes(production: Production): number {
  return production.object === 'movie' ? production.features.runtimeMinutes : (production.features.durationMinutes ?? DEFAULT_MINUTES);
}

type Status = 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';

function statusOf(event: Event): Status {
  if (event.status === 'cancelled') return 'CANCELLED';
  if (event.status === 'postponed') return 'TENTATIVE';
  return 'CONFIRMED';
}

function summaryOf({ event, production }: Showing): string {
  if (event.status === 'cancelled') return `Avlyst: ${production.title}`;
  if (event.status === 'postponed') return `Utsett: ${production.title}`;
  return production.title;
}

function descriptionOf({ event, production }: Showing, pageUrl: string): string {
  const lines = [production.contents[0]?.summary ?? ''];
  if (event.status === 'cancelled') lines.push('', 'Arrangementet er avlyst.');
  else if (event.status === 'postponed') lines.push('', 'Arrangementet er utsett. Ny dato kjem.');
  else lines.push('', `Billettar: ${event.ticketUrl}`);
  if (event.version) lines.push(`Versjon: ${event.version}`);
  lines.push(`Meir informasjon: ${pageUrl}`);
  return lines.join('\n').trim();
}

/** The properties of one showing's VEVENT, in the order they are written. */
export function calendarEvent(showing: Showing, context: CalendarContext): [name: string, value: string][] {
  const { event, production } = showing;
  const start = Date.parse(event.startTime);
  const end = event.endTime ? Date.parse(event.endTime) : start + durationMinutes(production) * 60_000;
  const pageUrl = absoluteUrl(context.host, `/${production.pageReference}`);
  return [
    ['UID', calendarUid(event, context.host)],
    ['SUMMARY', icsText(summaryOf(showing))],
    ['DTSTAMP', utcStamp(context.now.getTime())],
    ['DTSTART', utcStamp(start)],
    ['DTEND', utcStamp(end)],
    ['DESCRIPTION', icsText(descriptionOf(showing, pageUrl))],
    // A URI value, not TEXT: written as it is.
    ['URL', pageUrl],
    ['LOCATION', icsText(`${event.venue.name}, ${context.siteTitle}, ${context.address}`)],
    ['STATUS', statusOf(event)],
    ['CATEGORIES', icsText(production.object === 'movie' ? 'Kino' : 'Kultur')],
  ];
}

function calendar(header: [string, string][], showings: Showing[], context: CalendarContext): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    `PRODID:${PRODUCT_ID}`,
    'METHOD:PUBLISH',
    ...header.map(([name, value]) => `${name}:${value}`),
    'X-PUBLISHED-TTL:PT1H',
  ];
  for (const showing of showings) {
    lines.push('BEGIN:VEVENT');
    for (const [name, value] of calendarEvent(showing, context)) lines.push(`${name}:${value}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  // Lines end in CRLF, the last one too.
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** One showing as a calendar file. */
export function showingCalendar(showing: Showing, context: CalendarContext): string {
  return calendar([], [showing], context);
}

/** A production's upcoming showings (cancelled ones too, so calendars holding them learn it) as one file. */
export function productionCalendar(showings: Showing[], context: CalendarContext): string {
  return calendar([], showings, context);
}

/** A subscribable calendar of many showings. */
export function feedCalendar(kind: keyof typeof CALENDAR_FEEDS, showings: Showing[], context: CalendarContext): string {
  return calendar([['X-WR-CALNAME', icsText(CALENDAR_FEEDS[kind].title(context.siteTitle))]], showings, context);
}
