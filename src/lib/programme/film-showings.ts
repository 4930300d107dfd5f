/** The films of the programme with their next showings on sale, for Mi side's watch list (lib/filmclub/programme-films.ts). */
import type { Event, Production } from '../../schemas';
import type { ProgrammeFilm } from '../filmclub/programme-films';
import { productCategory } from '../analytics/items';
import { osloDay } from '../format/time';
import { horizonEnd } from './horizon';
import { nextShowings, ticketState } from './programme';

/**
 * Most showings per film the page carries. Mi side picks the next one by the browser's clock, so
 * it must carry every showing up to the programme's horizon (the days the front page and the
 * programmes cover) to name the right one days after the build; a film shown several times a day
 * stops here (about a hundred bytes each).
 */
export const MAX_SHOWINGS_PER_FILM = 30;

/**
 * Each film of the programme with its showings on sale from `now` up to the horizon
 * (`horizonDays`, content/config.json's programme.horizonDays), earliest first.
 */
export function filmShowings(productions: readonly Production[], events: Event[], now: Date, horizonDays?: number): ProgrammeFilm[] {
  const lastDay = horizonEnd(now, horizonDays);
  const films: ProgrammeFilm[] = [];
  for (const production of productions) {
    if (production.object !== 'movie') continue;
    const showings = nextShowings(production, events, now, Number.POSITIVE_INFINITY)
      .filter((event) => osloDay(new Date(event.startTime)) <= lastDay && ticketState(event, now).kind === 'on-sale')
      .slice(0, MAX_SHOWINGS_PER_FILM)
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
