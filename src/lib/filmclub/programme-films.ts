/**
 * The site's own programme as Mi side's watch list needs it: each film's page and its next few
 * showings on sale (built into the page, a few hundred bytes per film), from which the browser
 * picks the next one by its own clock. A watch-list film is matched by EDI number, else (with
 * none) by title, as its poster is.
 */
import { itemAttributes, LIST_NAMES, type ProductItem } from '../analytics/items';
import { sameFilm } from './posters';

/** One showing on sale: when, and where its ticket is bought. */
export interface ProgrammeShowing {
  /** Start, ISO 8601 with offset. */
  readonly start: string;
  readonly ticketUrl: string;
}

/** A film on the site's programme. */
export interface ProgrammeFilm {
  /** The production's platform id, as analytics names the product. */
  readonly id: string;
  /** Its first genre, as analytics reports the category. */
  readonly category: string;
  readonly edis: readonly string[];
  readonly title: string;
  /** The film's page on the site. */
  readonly path: string;
  /** Its next showings on sale when the site was built, earliest first. */
  readonly showings: readonly ProgrammeShowing[];
}

/** The film of the site's programme a watch-list film is, if any. */
export function programmeFilmOf(film: { readonly edis: readonly string[]; readonly title: string }, films: readonly ProgrammeFilm[]): ProgrammeFilm | null {
  return films.find((candidate) => sameFilm(film, candidate)) ?? null;
}

/** The film's next showing that has not started at `now`, or null when none is planned. */
export function nextShowing(film: ProgrammeFilm, now: Date): ProgrammeShowing | null {
  return film.showings.find((showing) => Date.parse(showing.start) > now.getTime()) ?? null;
}

/**
 * The analytics item a watch-list ticket link carries, as every ticket link does
 * (src/components/ShowingTime.astro), so a click on it is reported as BUY_TICKET; the brand is on
 * <body>.
 */
export function watchListTicketAttributes(film: Pick<ProgrammeFilm, 'id' | 'title' | 'category'>): Record<string, string> {
  const item: Omit<ProductItem, 'brand'> = { id: film.id, name: film.title, category: film.category, listName: LIST_NAMES.watchList };
  return { 'data-ticket-link': '', ...itemAttributes(item) };
}
