/**
 * The front page's day strip ('I dag'): today's remaining films and events, each once with its
 * showtimes; when nothing is left today, the next day that has something. Pure functions of
 * (showings, now).
 */
import type { Event, Production } from '../../schemas';
import { capitalise } from '../format/text';
import { formatDayName, osloDay } from '../format/time';
import { groupByFilm, type FilmShowings } from './by-film';
import { groupByDay, upcomingShowings, type Showing } from './programme';

/** What the strip lists: today's remaining showings, or the next day's. */
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

/** The strip as rendered: its heading, the line under it and what it lists. */
export interface DayStrip {
  /** `heading` ('I dag') while today has something left, else 'Neste på programmet'. */
  heading: string;
  /** 'Måndag 23. november', or that nothing more is on today and which day is next; null when nothing is ahead. */
  note: string | null;
  listing: TodayListing | null;
}

/** The front page's day strip at `now`. */
export function dayStrip(events: Event[], productions: Production[], now: Date, heading = 'I dag'): DayStrip {
  const listing = todayListing(upcomingShowings(events, productions, now), osloDay(now));
  if (!listing) return { heading, note: null, listing };
  if (listing.today) return { heading, note: capitalise(formatDayName(listing.day)), listing };
  return {
    heading: 'Neste på programmet',
    note: `Det er ikkje meir på programmet i dag. Neste dag med noko på er ${formatDayName(listing.day)}.`,
    listing,
  };
}
