/**
 * The programme: which events are upcoming at a given moment, how they group by day, and
 * which production each belongs to. Pure functions of (content, now).
 */
import type { Event, Production } from '../../schemas';
import { osloDay } from '../format/time';

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

type ProductionFinder = (event: Event) => Production | undefined;

/**
 * Finders by list of productions: a programme of thousands of events, each with its ticket link,
 * looks up the same list again and again, so each list is indexed once (content is never
 * changed in place).
 */
const finders = new WeakMap<readonly Production[], ProductionFinder>();

function indexProductions(productions: readonly Production[]): ProductionFinder {
  // The first production (in list order) for each pageReference and each parentSlug.
  const byReference = new Map<string, number>();
  const bySlug = new Map<string, number>();
  productions.forEach((production, index) => {
    if (!byReference.has(production.pageReference)) byReference.set(production.pageReference, index);
    if (!bySlug.has(production.parentSlug)) bySlug.set(production.parentSlug, index);
  });
  return (event) => {
    const { pageReference, parentSlug } = event.production;
    const found = [pageReference === undefined ? undefined : byReference.get(pageReference), parentSlug === undefined ? undefined : bySlug.get(parentSlug)];
    const first = Math.min(...found.filter((index): index is number => index !== undefined));
    return Number.isFinite(first) ? productions[first] : undefined;
  };
}

/** Whether an event belongs to a production, through pageReference or parentSlug. */
export function belongsTo(event: Event, production: Production): boolean {
  const { pageReference, parentSlug } = event.production;
  return (pageReference !== undefined && production.pageReference === pageReference) || (parentSlug !== undefined && production.parentSlug === parentSlug);
}

/** The production an event belongs to, through pageReference or parentSlug: the first in the list that matches either. */
export function productionOf(event: Event, productions: readonly Production[]): Production | undefined {
  let find = finders.get(productions);
  if (find === undefined) {
    find = indexProductions(productions);
    finders.set(productions, find);
  }
  return find(event);
}

/** `items` earliest first, each start parsed once (a large programme sorts thousands). Stable. */
function sortedByStart<T>(items: readonly T[], startOf: (item: T) => string): T[] {
  return items
    .map((item) => ({ item, at: Date.parse(startOf(item)) }))
    .sort((a, b) => a.at - b.at)
    .map(({ item }) => item);
}

const upcoming = new WeakMap<readonly Event[], { productions: readonly Production[]; at: number; showings: Showing[] }>();

/**
 * Upcoming events with their productions, earliest first; events without a production are left
 * out. Worked out once per list of events, productions and moment: every filter page of a
 * programme (one per day on a large site) shows the same list. Callers never change the result.
 */
export function upcomingShowings(events: Event[], productions: Production[], now: Date): Showing[] {
  const known = upcoming.get(events);
  if (known?.productions === productions && known.at === now.getTime()) return known.showings;
  const showings = findUpcoming(events, productions, now);
  upcoming.set(events, { productions, at: now.getTime(), showings });
  return showings;
}

function findUpcoming(events: Event[], productions: Production[], now: Date): Showing[] {
  return sortedByStart(
    events.filter((event) => isUpcoming(event, now)),
    (event) => event.startTime,
  ).flatMap((event) => {
    const production = productionOf(event, productions);
    return production ? [{ event, production }] : [];
  });
}

/** Showings grouped by their Oslo day, days earliest first. */
export function groupByDay(showings: Showing[]): ProgrammeDay[] {
  const days = new Map<string, Showing[]>();
  for (const showing of sortedByStart(showings, (item) => item.event.startTime)) {
    const day = osloDay(showing.event.startTime);
    const list = days.get(day);
    if (list) list.push(showing);
    else days.set(day, [showing]);
  }
  return [...days].map(([day, list]) => ({ day, showings: list }));
}

/** The programme for one Oslo day. */
export function programmeForDay(showings: Showing[], day: string): Showing[] {
  return showings.filter((showing) => osloDay(showing.event.startTime) === day);
}

/** The next upcoming event of a production, if any. */
export function nextEventOf(production: Production, events: Event[], now: Date): Event | undefined {
  return nextShowings(production, events, now, 1)[0];
}

export type TicketState = { kind: 'on-sale'; few: boolean } | { kind: 'sold-out' } | { kind: 'cancelled' } | { kind: 'postponed' } | { kind: 'started' };

/** Whether a ticket can be offered for an event now, and if not, why. */
export function ticketState(event: Event, now: Date): TicketState {
  if (event.status === 'cancelled') return { kind: 'cancelled' };
  if (event.status === 'postponed') return { kind: 'postponed' };
  if (!isUpcoming(event, now)) return { kind: 'started' };
  if (event.availability === 'soldout') return { kind: 'sold-out' };
  return { kind: 'on-sale', few: event.availability === 'few' };
}

/** The next `count` upcoming, not cancelled events of a production, earliest first. */
export function nextShowings(production: Production, events: Event[], now: Date, count: number): Event[] {
  const { byReference, bySlug, rank } = upcomingIndex(events, now);
  const mine = [...new Set([...(byReference.get(production.pageReference) ?? []), ...(bySlug.get(production.parentSlug) ?? [])])];
  return mine.sort((a, b) => (rank.get(a) ?? 0) - (rank.get(b) ?? 0)).slice(0, count);
}

interface UpcomingIndex {
  at: number;
  /** Upcoming events that are not cancelled, earliest first, by their production's pageReference and parentSlug. */
  byReference: Map<string, Event[]>;
  bySlug: Map<string, Event[]>;
  /** Each event's place in that order. */
  rank: Map<Event, number>;
}

/**
 * The upcoming events of a list by production, once per list and moment: a film list of
 * hundreds of films, each with its next showing, would otherwise read every event per film.
 */
const upcomingIndexes = new WeakMap<readonly Event[], UpcomingIndex>();

function upcomingIndex(events: Event[], now: Date): UpcomingIndex {
  const known = upcomingIndexes.get(events);
  if (known?.at === now.getTime()) return known;
  const index: UpcomingIndex = { at: now.getTime(), byReference: new Map(), bySlug: new Map(), rank: new Map() };
  const add = (map: Map<string, Event[]>, key: string | undefined, event: Event) => {
    if (key === undefined) return;
    const list = map.get(key);
    if (list) list.push(event);
    else map.set(key, [event]);
  };
  sortedByStart(
    events.filter((event) => isUpcoming(event, now) && event.status !== 'cancelled'),
    (event) => event.startTime,
  ).forEach((event, place) => {
    index.rank.set(event, place);
    add(index.byReference, event.production.pageReference, event);
    add(index.bySlug, event.production.parentSlug, event);
  });
  upcomingIndexes.set(events, index);
  return index;
}
