/**
 * Calendar files (iCalendar, RFC 5545) made with the `ics` library at build time: one file per
 * upcoming showtime (/kalender/{event id}.ics) and one subscribable feed per programme
 * (/kalender/kino.ics, /kalender/kultur.ics).
 *
 * Times: the content carries Oslo times with their offset ('2026-11-24T19:30:00+01:00'). They
 * are handed to the library as instants (epoch ms) and written in UTC ('DTSTART:20261124T183000Z'),
 * which every calendar shows in its owner's zone, so 19.30 in Oslo stays 19.30 in Oslo in winter
 * and summer alike. The library's 'local' output would write floating times in the time zone of
 * the build machine, which is not Oslo on a CI runner; the library cannot write a VTIMEZONE.
 */
import { createEvent, createEvents, type EventAttributes } from 'ics';
import type { Event, Production } from '../../schemas';
import type { SiteContent } from '../content/files';
import { absoluteUrl } from '../site/page-meta';
import type { Showing } from '../programme/programme';
import { CALENDAR_FEEDS } from '../site/feeds';

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

/** The file name of an event's calendar file; ids are platform ids, anything unsafe becomes '-'. */
export function calendarFileName(event: Event): string {
  return event.id.replace(/[^A-Za-z0-9_-]/g, '-');
}

/** Where an event's calendar file is served. */
export function calendarPath(event: Event): string {
  return `/kalender/${calendarFileName(event)}.ics`;
}

const PRODUCT_ID = '-//Kulturhuset Kaia//Programmet//NN';
const DEFAULT_MINUTES = 120;

function durationMinutes(production: Production): number {
  return production.object === 'movie' ? production.features.runtimeMinutes : (production.features.durationMinutes ?? DEFAULT_MINUTES);
}

function statusOf(event: Event): NonNullable<EventAttributes['status']> {
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

/** The library's attributes for one showing. DTSTAMP ('timestamp') is read by the library but not in its types. */
export function calendarEvent(showing: Showing, context: CalendarContext): EventAttributes {
  const { event, production } = showing;
  const start = Date.parse(event.startTime);
  const end = event.endTime ? Date.parse(event.endTime) : start + durationMinutes(production) * 60_000;
  const pageUrl = absoluteUrl(context.host, `/${production.pageReference}`);
  const attributes: EventAttributes & { timestamp: number } = {
    uid: `${event.id}@${new URL(context.host).hostname}`,
    productId: PRODUCT_ID,
    title: summaryOf(showing),
    start,
    startInputType: 'utc',
    startOutputType: 'utc',
    end,
    endInputType: 'utc',
    endOutputType: 'utc',
    location: `${event.venue.name}, ${context.siteTitle}, ${context.address}`,
    description: descriptionOf(showing, pageUrl),
    url: pageUrl,
    status: statusOf(event),
    categories: [production.object === 'movie' ? 'Kino' : 'Kultur'],
    timestamp: context.now.getTime(),
  };
  return attributes;
}

function unwrap(result: { error: Error | null; value: string | null | undefined }, what: string): string {
  if (result.error || !result.value) throw new Error(`Calendar file for ${what} could not be made: ${result.error?.message ?? 'empty'}`);
  return result.value;
}

/** One showing as a calendar file. */
export function showingCalendar(showing: Showing, context: CalendarContext): string {
  return unwrap(createEvent(calendarEvent(showing, context)), showing.event.id);
}

/** A subscribable calendar of many showings. */
export function feedCalendar(kind: keyof typeof CALENDAR_FEEDS, showings: Showing[], context: CalendarContext): string {
  const feed = CALENDAR_FEEDS[kind];
  const header = { productId: PRODUCT_ID, calName: feed.title(context.siteTitle) };
  return unwrap(
    createEvents(
      showings.map((showing) => calendarEvent(showing, context)),
      header,
    ),
    feed.path,
  );
}
