/**
 * What a visitor has chosen in the programme filters, and how it travels in URLs: the facets of
 * each programme, the query string of the full page (`/kinoprogram?dag=…&sjanger=…`) and the
 * generated page of one facet value (`/kinoprogram/dag/2026-11-24`).
 *
 * How filtering works on a static site (the choice, and why):
 * - Static hosting cannot read a query string, so every filtered view a visitor without
 *   JavaScript can reach is a real page in the build, one facet at a time:
 *   `/kinoprogram/dag/2026-11-24`, `/kinoprogram/sjanger/drama`, `/kinoprogram/alder/9`,
 *   `/kulturprogram/kategori/konsert` … The filter links point at these pages. Only single
 *   facets are generated (filter-pages.ts): the page count grows with days + categories + age
 *   steps (about 90 for the demo content), never with their product. These pages are
 *   `noindex, follow` and kept out of the sitemap: they repeat the programme, and day pages
 *   expire daily. Week pages (`/kinoprogram/veke/2026-50`) carry what lies beyond the
 *   programme's horizon (horizon.ts).
 * - With JavaScript (src/scripts/programme-filters.ts) the full programme page holds every
 *   showing with its facts as data attributes (showing-facts.ts), the filters combine (day +
 *   genre + age) and apply in place, and the state lives in the query string, so a filtered
 *   view can be bookmarked and shared, and back/forward work.
 */
import type { AgeLimit } from '../../schemas/age-limits';
import { AGE_STEPS } from '../films/age-limit';
import { isWeek } from './horizon';

/** The two programmes: the cinema's films and the culture house's events. */
export type ProgrammeKind = 'film' | 'culture';
/** Facets a visitor combines, plus 'veke': the generated page of one week beyond the horizon. */
export type FacetKey = 'dag' | 'sjanger' | 'kategori' | 'alder' | 'veke';
/** Chosen value per facet; a missing facet means 'all'. */
export type FilterState = Partial<Record<FacetKey, string>>;

/** The facets of each programme, in the order they are shown. */
export const FACETS: Record<ProgrammeKind, readonly FacetKey[]> = {
  film: ['dag', 'sjanger', 'alder'],
  culture: ['dag', 'kategori', 'alder'],
};

/** Which programme block a page shows in full, and where its filters live. */
export interface ProgrammeContext {
  kind: ProgrammeKind;
  /** Path of the unfiltered programme page, such as '/kinoprogram'. */
  base: string;
  /** The filter this rendering applies (empty on the programme page itself). */
  state: FilterState;
}

export interface FilterOption {
  facet: FacetKey;
  value: string;
  label: string;
}

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The category facet of a programme: 'sjanger' for films, 'kategori' for culture. */
export function categoryFacet(kind: ProgrammeKind): FacetKey {
  return kind === 'film' ? 'sjanger' : 'kategori';
}

/** The age value in URLs: 'a' for A, the number otherwise. */
export function ageValue(limit: AgeLimit): string {
  return limit === 'A' ? 'a' : limit;
}

/** The age step an URL value names ('a', '9'), if any. */
export function ageOfValue(value: string): AgeLimit | undefined {
  return AGE_STEPS.find((step) => ageValue(step) === value);
}

/** How many of a programme's own facets are chosen (the mobile summary's 'Filter (2)'). */
export function activeCount(kind: ProgrammeKind, state: FilterState): number {
  return FACETS[kind].filter((facet) => state[facet] !== undefined).length;
}

export function isActive(state: FilterState): boolean {
  return Object.values(state).some((value) => value !== undefined);
}

function validValue(facet: FacetKey, value: string): boolean {
  if (facet === 'dag') return DAY_PATTERN.test(value);
  if (facet === 'alder') return ageOfValue(value) !== undefined;
  if (facet === 'veke') return isWeek(value);
  return SLUG_PATTERN.test(value);
}

/** The filter a query string asks for, keeping only this programme's facets and well-formed values. */
export function parseQuery(kind: ProgrammeKind, search: string | URLSearchParams): FilterState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const state: FilterState = {};
  for (const facet of FACETS[kind]) {
    const value = params.get(facet);
    if (value && validValue(facet, value)) state[facet] = value;
  }
  return state;
}

/** '?dag=…&sjanger=…' in facet order, or '' when nothing is chosen. */
export function queryString(kind: ProgrammeKind, state: FilterState): string {
  const params = new URLSearchParams();
  for (const facet of FACETS[kind]) {
    const value = state[facet];
    if (value !== undefined) params.set(facet, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The generated page of one facet value: '/kinoprogram/dag/2026-11-24'. */
export function facetPath(base: string, facet: FacetKey, value: string): string {
  return `${base === '/' ? '' : base}/${facet}/${value}`;
}

/**
 * Where a filter link goes without JavaScript: the generated page of that one facet value, or
 * the programme page when the link clears its facet.
 */
export function staticHref(base: string, facet: FacetKey, value: string | undefined): string {
  return value === undefined ? base : facetPath(base, facet, value);
}
