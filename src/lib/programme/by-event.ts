/**
 * The culture programme's cards: the performances of one event (production) together on one
 * card, the cards in the order of their first performance, like a film with several showtimes.
 */
import type { Event, Production } from '../../schemas';
import { osloDay } from '../format/time';
import { ticketState, type Showing } from './programme';

export interface EventCard {
  production: Production;
  /** The event's performances in the listing, in the order given (date order). */
  showings: Showing[];
  /** The venue when every performance is in the same one, else null. */
  venue: string | null;
}

export function eventCards(showings: readonly Showing[]): EventCard[] {
  const cards = new Map<string, EventCard>();
  for (const showing of showings) {
    const key = showing.production.pageReference;
    const card = cards.get(key);
    if (card) card.showings.push(showing);
    else cards.set(key, { production: showing.production, showings: [showing], venue: null });
  }
  for (const card of cards.values()) {
    const venues = new Set(card.showings.map(({ event }) => event.venue.name));
    card.venue = venues.size === 1 ? [...venues][0]! : null;
  }
  return [...cards.values()];
}

/** Whether a ticket can be bought now for any of the events. */
function bookable(events: readonly Event[], now: Date): boolean {
  return events.some((event) => ticketState(event, now).kind === 'on-sale');
}

/**
 * The cards with those that sell nothing now (sold out, started) after the bookable ones of the
 * same day (the day of their first performance), so the programme never opens on a sold-out
 * card when something can be bought that day. They stay in the list; days keep their order, and
 * cards keep theirs within each group.
 */
export function bookableFirst(cards: readonly EventCard[], now: Date): EventCard[] {
  const days = new Map<string, { open: EventCard[]; closed: EventCard[] }>();
  for (const card of cards) {
    const day = osloDay(card.showings[0]!.event.startTime);
    const group = days.get(day) ?? { open: [], closed: [] };
    days.set(day, group);
    (bookable(
      card.showings.map(({ event }) => event),
      now,
    )
      ? group.open
      : group.closed
    ).push(card);
  }
  return [...days.values()].flatMap(({ open, closed }) => [...open, ...closed]);
}

/** The showing an event's page leads with: the next one a ticket can be bought for, else the next one. */
export function headlineShowing(next: readonly Event[], now: Date): Event | undefined {
  return next.find((event) => bookable([event], now)) ?? next[0];
}
