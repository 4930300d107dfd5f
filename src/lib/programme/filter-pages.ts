/**
 * What the programme filters offer (only values that have showings) and the generated page of
 * each single facet value, for visitors without JavaScript (filter-state.ts says why). Pure
 * functions of (showings, now); 'today' is the build clock here and the visitor's clock in the
 * browser.
 */
import { AGE_STEPS } from '../films/age-limit';
import { capitalise } from '../format/text';
import { formatDayName, nextDay, osloDay } from '../format/time';
import { ageLabel, categoryLabel } from './filter-labels';
import { ageValue, categoryFacet, facetPath, type FacetKey, type FilterOption, type ProgrammeKind } from './filter-state';
import { weekLabel, weeksOf } from './horizon';
import type { Showing } from './programme';
import { showingDays, showingFacts } from './showing-facts';

export interface FilterChoices {
  today: string;
  tomorrow: string;
  /** Days with at least one showing, earliest first. */
  days: string[];
  categories: FilterOption[];
  ages: FilterOption[];
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
