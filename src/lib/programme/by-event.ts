/**
 * The culture programme's cards: the performances of one event (production) together on one
 * card, the cards in the order of their first performance, like a film with several showtimes.
 */
import type { Production } from '../../schemas';
import type { Showing } from './programme';

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
