/**
 * What the programme filters know about one showing (its Oslo day, genres or category, age
 * limit), rendered as data attributes for the browser, and whether it passes a filter. Pure
 * functions of the showings.
 */
import type { AgeLimit } from '../../schemas/age-limits';
import { withinAgeStep } from '../films/age-limit';
import { osloDay } from '../format/time';
import { facetSlug } from './filter-labels';
import { ageOfValue, ageValue, type FilterState } from './filter-state';
import { isoWeek } from './horizon';
import type { Showing } from './programme';

export interface ShowingFacts {
  /** YYYY-MM-DD in Oslo. */
  day: string;
  /** Genre slugs (films) or the category (culture). */
  categories: string[];
  /** Age limit; culture without one counts as 'A'. */
  age: AgeLimit;
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
