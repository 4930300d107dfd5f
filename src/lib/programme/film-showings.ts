/** The films of the programme with their next showings on sale, for Mi side's watch list (lib/filmclub/programme-films.ts). */
import type { Event, Production } from '../../schemas';
import type { ProgrammeFilm } from '../filmclub/programme-films';
import { productCategory } from '../analytics/items';
import { nextShowings, ticketState } from './programme';

/** How many showings per film the page carries: enough to outlast a build by a few days. */
export const SHOWINGS_PER_FILM = 3;

export function filmShowings(productions: readonly Production[], events: Event[], now: Date): ProgrammeFilm[] {
  const films: ProgrammeFilm[] = [];
  for (const production of productions) {
    if (production.object !== 'movie') continue;
    const showings = nextShowings(production, events, now, SHOWINGS_PER_FILM * 2)
      .filter((event) => ticketState(event, now).kind === 'on-sale')
      .slice(0, SHOWINGS_PER_FILM)
      .map((event) => ({ start: event.startTime, ticketUrl: event.ticketUrl }));
    films.push({
      id: production.id,
      category: productCategory(production),
      edis: production.features.edis,
      title: production.title,
      path: `/${production.pageReference}`,
      showings,
    });
  }
  return films;
}
