/**
 * The cinema programme as visitors scan it: each day lists each film once, with its showtimes
 * that day as a row of time buttons. What tells one showtime of a film from another (the hall,
 * the version, a mark such as babykino) is said on its button only when the film's showtimes
 * that day differ in it; what they share is said once for the film.
 */
import type { Production } from '../../schemas';
import { groupByDay, type Showing } from './programme';

export interface FilmShowings {
  production: Production;
  /** Earliest first. */
  showings: Showing[];
  /** Marks (tags) every showing of the group carries, said once for the film. */
  commonTags: string[];
  /** Per showing (same order): what its button adds, such as 'Sal 2, 3D' or 'babykino'; '' when nothing. */
  notes: string[];
}

export interface FilmDay {
  /** YYYY-MM-DD in Oslo. */
  day: string;
  films: FilmShowings[];
}

function distinct(values: (string | undefined)[]): number {
  return new Set(values.map((value) => value ?? '')).size;
}

/** One group per production, in the order of each production's first showing. */
export function groupByFilm(showings: readonly Showing[]): FilmShowings[] {
  const groups = new Map<Production, Showing[]>();
  for (const showing of showings) {
    const list = groups.get(showing.production);
    if (list) list.push(showing);
    else groups.set(showing.production, [showing]);
  }
  return [...groups].map(([production, list]) => {
    const manyHalls = distinct(list.map(({ event }) => event.venue.name)) > 1;
    const manyVersions = distinct(list.map(({ event }) => event.version)) > 1;
    const commonTags = (list[0]?.event.tags ?? []).filter((tag) => list.every(({ event }) => event.tags.includes(tag)));
    const notes = list.map(({ event }) =>
      [manyHalls ? event.venue.name : undefined, manyVersions ? event.version : undefined, ...event.tags.filter((tag) => !commonTags.includes(tag))]
        .filter((part): part is string => Boolean(part))
        .join(', '),
    );
    return { production, showings: list, commonTags, notes };
  });
}

/** Showings by Oslo day, earliest first, and within each day by film. */
export function programmeByFilm(showings: Showing[]): FilmDay[] {
  return groupByDay(showings).map(({ day, showings: list }) => ({ day, films: groupByFilm(list) }));
}
