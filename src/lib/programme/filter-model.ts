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
 *   kept out of the sitemap: they repeat the programme, and day pages expire daily. Week pages
 *   (`/kinoprogram/veke/2026-50`) carry what lies beyond the programme's horizon (horizon.ts).
 * - With JavaScript (src/scripts/programme-filters.ts) the full programme page holds every
 *   showing with its facts as data attributes, the filters combine (day + genre + age) and
 *   apply in place, and the state lives in the query string (`/kinoprogram?dag=…&sjanger=…`),
 *   so a filtered view can be bookmarked and shared, and back/forward work.
 * Pure functions of (showings, now); 'today' is the build clock here and the visitor's clock
 * in the browser.
 */
import type { Page } from '../../schemas';
import type { AgeLimit } from '../../schemas/age-limits';
import { AGE_STEPS, withinAgeStep } from '../films/age-limit';
import { capitalise } from '../format/text';
import { ageLabel, categoryLabel, facetSlug, type ProgrammeKind } from './filter-labels';
import { cappedEnd, isWeek, isoWeek, laterWeek, weekLabel, weeksOf } from './horizon';
import type { Showing } from './programme';
import { formatDayName, nextDay, osloDay } from '../format/time';

export type { ProgrammeKind };
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
    if (limit === undefined || !withinAgeStep(facts.age, limit)) return false;
  }
  if (state.veke !== undefined && isoWeek(facts.day) !== state.veke) return false;
  return true;
}

export function applyFilter(showings: Showing[], state: FilterState): Showing[] {
  return showings.filter((showing) => matchesFilter(showingFacts(showing), state));
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

/** The chosen value of a facet as visitors read it: 'Tysdag 24. november', 'Drama', 'Frå 9 år'. */
export function valueLabel(kind: ProgrammeKind, facet: FacetKey, value: string, showings: Showing[] = []): string {
  if (facet === 'dag') return capitalise(formatDayName(value));
  if (facet === 'alder') return ageLabel(ageOfValue(value) ?? 'A');
  if (facet === 'veke') return weekLabel(value);
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
const daysOf = new WeakMap<readonly Showing[], string[]>();

/** The days of a list of showings, earliest first, once per list. Callers never change the result. */
export function showingDays(showings: Showing[]): string[] {
  let days = daysOf.get(showings);
  if (days === undefined) {
    days = [...new Set(showings.map((showing) => showingFacts(showing).day))].sort();
    daysOf.set(showings, days);
  }
  return days;
}

const choicesOf = new WeakMap<readonly Showing[], Map<string, FilterChoices>>();

/** The choices of a programme, once per list of showings: each of its filter pages offers the same ones. Callers never change them. */
export function filterChoices(kind: ProgrammeKind, showings: Showing[], now: Date): FilterChoices {
  let known = choicesOf.get(showings);
  if (known === undefined) {
    known = new Map();
    choicesOf.set(showings, known);
  }
  const key = `${kind} ${now.getTime()}`;
  let choices = known.get(key);
  if (choices === undefined) {
    choices = findChoices(kind, showings, now);
    known.set(key, choices);
  }
  return choices;
}

function findChoices(kind: ProgrammeKind, showings: Showing[], now: Date): FilterChoices {
  const facts = showings.map(showingFacts);
  const today = osloDay(now);
  const days = showingDays(showings);
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

/**
 * Every single-facet page of a programme: today, tomorrow, each day with showings, each category
 * and age step, and each week with showings.
 */
export function filterPages(kind: ProgrammeKind, base: string, showings: Showing[], now: Date): FilterPage[] {
  const choices = filterChoices(kind, showings, now);
  const days = [...new Set([choices.today, choices.tomorrow, ...choices.days])].sort();
  const options: FilterOption[] = [
    ...days.map((day) => ({ facet: 'dag' as const, value: day, label: capitalise(formatDayName(day)) })),
    ...choices.categories,
    ...choices.ages,
    ...weeksOf(choices.days).map((week) => ({ facet: 'veke' as const, value: week, label: weekLabel(week) })),
  ];
  return options.map((option) => ({ kind, base, ...option, path: facetPath(base, option.facet, option.value) }));
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

/** What a programme rendering lists, and where the visitor goes for earlier or later weeks. */
export interface ProgrammeWindow {
  shown: Showing[];
  /** The last day listed when the page stops at the horizon (YYYY-MM-DD), else null. */
  until: string | null;
  /** Week pages before and after this one ('2026-50'), or null. */
  earlier: string | null;
  later: string | null;
}

/**
 * The showings a programme page lists: its filter applied and, unless it is a day or a week page,
 * only those up to the horizon's last day `end` (earlier when more than `max` showings fall
 * before it: horizon.ts cappedEnd). Beyond it, 'Seinare' leads to the next week with showings;
 * a week page leads to the weeks before and after it that have showings.
 */
export function programmeWindow(all: Showing[], state: FilterState, horizonEnd: string, max?: number): ProgrammeWindow {
  const filtered = applyFilter(all, state);
  if (state.veke !== undefined) {
    const weeks = weeksOf(showingDays(all));
    const index = weeks.indexOf(state.veke);
    const before = index === -1 ? weeks.filter((week) => week < state.veke!).at(-1) : weeks[index - 1];
    const after = index === -1 ? weeks.find((week) => week > state.veke!) : weeks[index + 1];
    return { shown: filtered, until: null, earlier: before ?? null, later: after ?? null };
  }
  if (state.dag !== undefined) return { shown: filtered, until: null, earlier: null, later: null };
  const end = cappedEnd(
    filtered.map((showing) => showingFacts(showing).day),
    horizonEnd,
    max,
  );
  return {
    shown: filtered.filter((showing) => showingFacts(showing).day <= end),
    until: end,
    earlier: null,
    later: laterWeek(
      filtered.map((showing) => showingFacts(showing).day),
      end,
    ),
  };
}
