/**
 * The programme: which events are upcoming at a given moment, how they group by day, and
 * which production each belongs to. Pure functions of (content, now).
 */
import type { Event, Production } from '../../schemas';
import { osloDay } from './time';

export interface Showing {
  event: Event;
  production: Production;
}

export interface ProgrammeDay {
  /** YYYY-MM-DD in Oslo. */
  day: string;
  showings: Showing[];
}

/** An event is upcoming until it starts. */
export function isUpcoming(event: Event, now: Date): boolean {
  return Date.parse(event.startTime) > now.getTime();
}

/** The production an event belongs to, through pageReference or parentSlug. */
export function productionOf(event: Event, productions: Production[]): Production | undefined {
  const { pageReference, parentSlug } = event.production;
  return productions.find(
    (production) =>
      (pageReference !== undefined && production.pageReference === pageReference) ||
      (parentSlug !== undefined && production.parentSlug === parentSlug),
  );
}

function byStart(a: Event, b: Event): number {
  return Date.parse(a.startTime) - Date.parse(b.startTime);
}

/** Upcoming events with their productions, earliest first; events without a production are left out. */
export function upcomingShowings(events: Event[], productions: Production[], now: Date): Showing[] {
  return events
    .filter((event) => isUpcoming(event, now))
    .sort(byStart)
    .flatMap((event) => {
      const production = productionOf(event, productions);
      return production ? [{ event, production }] : [];
    });
}

/** Showings grouped by their Oslo day, days earliest first. */
export function groupByDay(showings: Showing[]): ProgrammeDay[] {
  const days = new Map<string, Showing[]>();
  for (const showing of [...showings].sort((a, b) => byStart(a.event, b.event))) {
    const day = osloDay(showing.event.startTime);
    days.set(day, [...(days.get(day) ?? []), showing]);
  }
  return [...days].map(([day, list]) => ({ day, showings: list }));
}

/** The programme for one Oslo day. */
export function programmeForDay(showings: Showing[], day: string): Showing[] {
  return showings.filter((showing) => osloDay(showing.event.startTime) === day);
}

/** The next upcoming event of a production, if any. */
export function nextEventOf(production: Production, events: Event[], now: Date): Event | undefined {
  return events
    .filter((event) => isUpcoming(event, now) && productionOf(event, [production]) && event.status !== 'cancelled')
    .sort(byStart)[0];
}

export type TicketState =
  | { kind: 'on-sale'; few: boolean }
  | { kind: 'sold-out' }
  | { kind: 'cancelled' }
  | { kind: 'postponed' }
  | { kind: 'started' };

/** Whether a ticket can be offered for an event now, and if not, why. */
export function ticketState(event: Event, now: Date): TicketState {
  if (event.status === 'cancelled') return { kind: 'cancelled' };
  if (event.status === 'postponed') return { kind: 'postponed' };
  if (!isUpcoming(event, now)) return { kind: 'started' };
  if (event.availability === 'soldout') return { kind: 'sold-out' };
  return { kind: 'on-sale', few: event.availability === 'few' };
}
