/**
 * Programme filters for /kinoprogram and /kulturprogram: by day, by genre (films) or category
 * (culture), and by age limit.
 *
 * How filtering works on a static site (the choice, and why):
 * - Static hosting cannot read a query string, so every filtered view a visitor without
 *   JavaScript can reach is a real page in the build, one facet at a time:
 *   `/kinoprogram/dag/2026-11-24`, `/kinoprogram/sjanger/drama`, `/kinoprogram/alder/9`,
 *   `/kulturprogram/kategori/konsert` … The filter links point at these pages. Only single
 *   facets are generated: the page count grows with days + categories + age steps (about 90
 *   for the demo content), never with their product. These pages are `noindex, follow` and
 *   kept out of the sitemap: they repeat the programme, and day pages expire daily.
 * - With JavaScript (src/scripts/programme-filters.ts) the full programme page holds every
 *   showing with its facts as data attributes, the filters combine (day + genre + age) and
 *   apply in place, and the state lives in the query string (`/kinoprogram?dag=…&sjanger=…`),
 *   so a filtered view can be bookmarked and shared, and back/forward work.
 * Pure functions of (showings, now); 'today' is the build clock here and the visitor's clock
 * in the browser.
 */
import type { AgeLimit, Page } from '../../schemas';
import type { Showing } from './programme';
import { capitalise } from '../format/text';
import { formatDayName, formatMonth, nextDay, osloDay } from '../format/time';

export type ProgrammeKind = 'film' | 'culture';
export type FacetKey = 'dag' | 'sjanger' | 'kategori' | 'alder';
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

/** What the filters know about one showing; rendered as data attributes for the browser. */
export interface ShowingFacts {
  /** YYYY-MM-DD in Oslo. */
  day: string;
  /** Genre slugs (films) or the category (culture). */
  categories: string[];
  /** Age limit; culture without one counts as 'A'. */
  age: AgeLimit;
}

export interface FilterOption {
  facet: FacetKey;
  value: string;
  label: string;
}

/** Age steps in order; a filter on a step shows everything with that limit or lower. */
const AGE_STEPS: readonly AgeLimit[] = ['A', '6', '9', '12', '15', '18'];

const CULTURE_LABELS: Record<string, string> = {
  konsert: 'Konsert',
  teater: 'Teater',
  utstilling: 'Utstilling',
  kurs: 'Kurs',
  barn: 'For barn',
  foredrag: 'Foredrag',
  bibliotek: 'Bibliotek',
  dans: 'Dans',
  humor: 'Humor',
  festival: 'Festival',
};

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;


/** URL-safe form of a genre or category: 'Romantikk' → 'romantikk', 'Sci-fi & fantasy' → 'sci-fi-fantasy'. */
export function facetSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/æ/g, 'ae')
    .replace(/[øö]/g, 'o')
    .replace(/[åä]/g, 'a')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The category facet of a programme: 'sjanger' for films, 'kategori' for culture. */
export function categoryFacet(kind: ProgrammeKind): FacetKey {
  return kind === 'film' ? 'sjanger' : 'kategori';
}

/** The age value in URLs: 'a' for A, the number otherwise. */
export function ageValue(limit: AgeLimit): string {
  return limit === 'A' ? 'a' : limit;
}

function ageOfValue(value: string): AgeLimit | undefined {
  return AGE_STEPS.find((step) => ageValue(step) === value);
}

/** Facts by showing: a programme's filter choices, its rows and each filter page ask for the same ones. */
const factsOf = new WeakMap<Showing, ShowingFacts>();

export function showingFacts(showing: Showing): ShowingFacts {
  let facts = factsOf.get(showing);
  if (facts === undefined) {
    facts = factsFor(showing);
    factsOf.set(showing, facts);
  }
  return facts;
}

function factsFor({ event, production }: Showing): ShowingFacts {
  const day = osloDay(event.startTime);
  if (production.object === 'movie') {
    return { day, categories: production.features.genres.map(facetSlug), age: production.features.ageLimit };
  }
  return { day, categories: [production.features.category], age: production.features.ageLimit ?? 'A' };
}

/** Data attributes carrying a showing's facts to the browser script. */
export function factAttributes(facts: ShowingFacts): Record<string, string> {
  return { 'data-day': facts.day, 'data-categories': facts.categories.join(' '), 'data-age': ageValue(facts.age) };
}

/** Whether a showing's facts pass every chosen facet. */
export function matchesFilter(facts: ShowingFacts, state: FilterState): boolean {
  if (state.dag !== undefined && facts.day !== state.dag) return false;
  const category = state.sjanger ?? state.kategori;
  if (category !== undefined && !facts.categories.includes(category)) return false;
  if (state.alder !== undefined) {
    const limit = ageOfValue(state.alder);
    if (limit === undefined || AGE_STEPS.indexOf(facts.age) > AGE_STEPS.indexOf(limit)) return false;
  }
  return true;
}

export function applyFilter(showings: Showing[], state: FilterState): Showing[] {
  return showings.filter((showing) => matchesFilter(showingFacts(showing), state));
}

export function isActive(state: FilterState): boolean {
  return Object.values(state).some((value) => value !== undefined);
}

function validValue(facet: FacetKey, value: string): boolean {
  if (facet === 'dag') return DAY_PATTERN.test(value);
  if (facet === 'alder') return ageOfValue(value) !== undefined;
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

export function ageLabel(limit: AgeLimit): string {
  return limit === 'A' ? 'Passar for alle' : `Frå ${limit} år`;
}

function categoryLabel(kind: ProgrammeKind, slug: string, showings: Showing[]): string {
  if (kind === 'culture') return CULTURE_LABELS[slug] ?? capitalise(slug);
  for (const { production } of showings) {
    if (production.object !== 'movie') continue;
    const genre = production.features.genres.find((candidate) => facetSlug(candidate) === slug);
    if (genre) return capitalise(genre);
  }
  return capitalise(slug);
}

/** The chosen value of a facet as visitors read it: 'Tysdag 24. november', 'Drama', 'Frå 9 år'. */
export function valueLabel(kind: ProgrammeKind, facet: FacetKey, value: string, showings: Showing[] = []): string {
  if (facet === 'dag') return capitalise(formatDayName(value));
  if (facet === 'alder') return ageLabel(ageOfValue(value) ?? 'A');
  return categoryLabel(kind, value, showings);
}

export interface FilterChoices {
  today: string;
  tomorrow: string;
  /** Days with at least one showing, earliest first. */
  days: string[];
  categories: FilterOption[];
  ages: FilterOption[];
}

/** What the filters offer for a programme: only values that have showings. */
export function filterChoices(kind: ProgrammeKind, showings: Showing[], now: Date): FilterChoices {
  const facts = showings.map(showingFacts);
  const today = osloDay(now);
  const days = [...new Set(facts.map((fact) => fact.day))].sort();
  const facet = categoryFacet(kind);
  const categories = [...new Set(facts.flatMap((fact) => fact.categories))]
    .map((slug) => ({ facet, value: slug, label: categoryLabel(kind, slug, showings) }))
    .sort((a, b) => a.label.localeCompare(b.label, 'nn'));
  // A step is offered when something has exactly that limit; 18 would show everything.
  const present = new Set(facts.map((fact) => fact.age));
  const ages = AGE_STEPS.filter((step) => step !== '18' && present.has(step)).map((step) => ({
    facet: 'alder' as const,
    value: ageValue(step),
    label: ageLabel(step),
  }));
  return { today, tomorrow: nextDay(today), days, categories, ages };
}

/** One generated filter page. */
export interface FilterPage {
  kind: ProgrammeKind;
  base: string;
  facet: FacetKey;
  value: string;
  path: string;
  /** What the page shows, for its title: 'Tysdag 24. november', 'Drama', 'Frå 9 år'. */
  label: string;
}

/** Every single-facet page of a programme: today, tomorrow, each day with showings, each category and age step. */
export function filterPages(kind: ProgrammeKind, base: string, showings: Showing[], now: Date): FilterPage[] {
  const choices = filterChoices(kind, showings, now);
  const days = [...new Set([choices.today, choices.tomorrow, ...choices.days])].sort();
  const options: FilterOption[] = [
    ...days.map((day) => ({ facet: 'dag' as const, value: day, label: capitalise(formatDayName(day)) })),
    ...choices.categories,
    ...choices.ages,
  ];
  return options.map((option) => ({ kind, base, ...option, path: facetPath(base, option.facet, option.value) }));
}

/** 'Ingen visingar', '1 vising', '12 visingar'; culture counts 'arrangement'. */
export function countText(kind: ProgrammeKind, count: number): string {
  const [one, many] = kind === 'film' ? ['vising', 'visingar'] : ['arrangement', 'arrangement'];
  if (count === 0) return `Ingen ${many}`;
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * The programme a page shows in full, if any: a visible cinema- or culture-programme block
 * whose source is an unlimited collection. The front page's 'next on stage' (limit 6) is not.
 */
export function programmeKindOf(page: Page): { kind: ProgrammeKind; source: string } | undefined {
  for (const block of page.blocks) {
    if (block.hide || !block.data.source) continue;
    if (block.component !== 'cinema-programme' && block.component !== 'culture-programme') continue;
    const source = page.sources.find((candidate) => candidate.name === block.data.source);
    if (!source || !source.collection || source.limit !== undefined) continue;
    return { kind: block.component === 'cinema-programme' ? 'film' : 'culture', source: source.name };
  }
  return undefined;
}

export interface MonthGrid {
  /** YYYY-MM */
  month: string;
  /** 'November 2026' */
  label: string;
  /** Weeks from Monday to Sunday; null pads the days outside the month. */
  weeks: (string | null)[][];
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Calendar months covering the given days (YYYY-MM-DD), for the date picker. */
export function monthGrids(days: string[]): MonthGrid[] {
  const months = [...new Set(days.map((day) => day.slice(0, 7)))].sort();
  return months.map((month) => {
    const [year, number] = month.split('-').map(Number) as [number, number];
    // getUTCDay: 0 is Sunday; the week starts on Monday.
    const lead = (new Date(Date.UTC(year, number - 1, 1)).getUTCDay() + 6) % 7;
    const cells: (string | null)[] = Array.from({ length: lead }, () => null);
    for (let day = 1; day <= daysInMonth(year, number); day += 1) cells.push(`${month}-${String(day).padStart(2, '0')}`);
    while (cells.length % 7 !== 0) cells.push(null);
    const weeks = Array.from({ length: cells.length / 7 }, (_, index) => cells.slice(index * 7, index * 7 + 7));
    return { month, label: capitalise(formatMonth(month)), weeks };
  });
}
