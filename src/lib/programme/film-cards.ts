/**
 * Film cards ('På kino no', the film overview): each film with its next showtime. The build
 * carries the film's showtimes through the days the front page's strip vouches for and the
 * first one after them (strip-state.ts), so the browser can name the next showtime at the
 * visitor's clock (src/scripts/live-programme.ts, `data-next-only`); without JavaScript the
 * first stands.
 */
import type { Event, Production } from '../../schemas';
import { osloDay } from '../format/time';
import { nextShowings } from './programme';
import { stripCoversUntil } from './strip-state';

export interface FilmCard {
  film: Extract<Production, { object: 'movie' }>;
  /** The film's next showtimes the card carries, earliest first; the first is the build's 'Neste'. */
  next: Event[];
}

/** The next showtimes of a film a card carries at `now`: those up to the last day the build vouches for, and the first after. */
export function carriedShowtimes(film: Production, events: Event[], now: Date): Event[] {
  const until = stripCoversUntil(now);
  const upcoming = nextShowings(film, events, now, Number.POSITIVE_INFINITY);
  const within = upcoming.filter((event) => osloDay(event.startTime) <= until);
  const beyond = upcoming.find((event) => osloDay(event.startTime) > until);
  return beyond ? [...within, beyond] : within;
}

/** The cards of a film list: films only, in the given order. */
export function filmCards(productions: Production[], events: Event[], now: Date): FilmCard[] {
  return productions.flatMap((film) => (film.object === 'movie' ? [{ film, next: carriedShowtimes(film, events, now) }] : []));
}
