/** What the programme filters say to visitors: facet slugs, category, age and chosen-value labels, result counts. */
import type { AgeLimit } from '../../schemas/age-limits';
import { capitalise } from '../format/text';
import { formatDayName } from '../format/time';
import { ageOfValue, type FacetKey, type ProgrammeKind } from './filter-state';
import { weekLabel } from './horizon';
import { saysOutOfDate, type ListMessage } from './list-message';
import type { Showing } from './programme';

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

/** An age step as a filter choice: 'Passar for alle', 'Frå 9 år'. */
export function ageLabel(limit: AgeLimit): string {
  return limit === 'A' ? 'Passar for alle' : `Frå ${limit} år`;
}

/** A culture category as visitors read it: 'barn' → 'For barn'. */
/** A film's genres as every list shows them ('Komedie, Drama'): the label beside its age limit. */
export function filmGenreLabel(genres: readonly string[]): string {
  return capitalise(genres.join(', '));
}

export function cultureCategoryLabel(slug: string): string {
  return CULTURE_LABELS[slug] ?? capitalise(slug);
}

/** A genre or category slug as visitors read it, from the showings that carry it. */
export function categoryLabel(kind: ProgrammeKind, slug: string, showings: readonly Showing[]): string {
  if (kind === 'culture') return cultureCategoryLabel(slug);
  for (const { production } of showings) {
    if (production.object !== 'movie') continue;
    const genre = production.features.genres.find((candidate) => facetSlug(candidate) === slug);
    if (genre) return capitalise(genre);
  }
  return capitalise(slug);
}

/** 'Ingen visingar', '1 vising', '12 visingar'; culture counts 'arrangement'. */
export function countText(kind: ProgrammeKind, count: number): string {
  const [one, many] = kind === 'film' ? ['vising', 'visingar'] : ['arrangement', 'arrangement'];
  if (count === 0) return `Ingen ${many}`;
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * The filters' result line (list-message.ts): the count, or nothing while the out-of-date note
 * stands right below it, which it would either contradict ('Ingen visingar') or repeat.
 */
export function resultText(kind: ProgrammeKind, listed: number, message: ListMessage): string | null {
  return saysOutOfDate(message) ? null : countText(kind, listed);
}

/** The chosen value of a facet as visitors read it: 'Tysdag 24. november', 'Drama', 'Frå 9 år'. */
export function valueLabel(kind: ProgrammeKind, facet: FacetKey, value: string, showings: Showing[] = []): string {
  if (facet === 'dag') return capitalise(formatDayName(value));
  if (facet === 'alder') return ageLabel(ageOfValue(value) ?? 'A');
  if (facet === 'veke') return weekLabel(value);
  return categoryLabel(kind, value, showings);
}
