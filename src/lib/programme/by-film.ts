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

/** What the front page's 'I dag' strip lists: today's remaining showings, or the next day's. */
export interface TodayListing {
  /** The day listed (YYYY-MM-DD in Oslo). */
  day: string;
  /** Whether that day is today; otherwise nothing is left today and this is the next day with showings. */
  today: boolean;
  /** The day's films and events, each once with its showtimes, in the order of their first. */
  groups: FilmShowings[];
}

/** Today's upcoming showings by production; when none are left, the next day that has some. Null when nothing is ahead. */
export function todayListing(upcoming: Showing[], today: string): TodayListing | null {
  const days = groupByDay(upcoming);
  const day = days.find((candidate) => candidate.day >= today);
  if (!day) return null;
  return { day: day.day, today: day.day === today, groups: groupByFilm(day.showings) };
}
