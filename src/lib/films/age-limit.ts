/** Norwegian age limits as visitors read them. The steps themselves are the schema's enum. */
import { ageLimits, type AgeLimit } from '../../schemas/age-limits';

/** Age steps from youngest to oldest: A, 6, 9, 12, 15, 18 (the one list, from the schema). */
export const AGE_STEPS: readonly AgeLimit[] = ageLimits;

/** Spoken form for screen readers and tooltips: 'Aldersgrense 12 år' or 'Tillate for alle'. */
export function ageLimitLabel(limit: AgeLimit): string {
  return limit === 'A' ? 'Tillate for alle' : `Aldersgrense ${limit} år`;
}

/** The facts' value for an age limit, without repeating the term: '12 år' or 'Tillate for alle'. */
export function ageLimitValue(limit: AgeLimit): string {
  return limit === 'A' ? 'Tillate for alle' : `${limit} år`;
}

/** Whether `limit` is no higher than `step` (a film for 9 passes a filter on 12). */
export function withinAgeStep(limit: AgeLimit, step: AgeLimit): boolean {
  return AGE_STEPS.indexOf(limit) <= AGE_STEPS.indexOf(step);
}

/**
 * The youngest age that may watch together with an adult: one step below the limit
 * (not for 18, and not needed for A).
 */
export function companionAge(limit: AgeLimit): number | null {
  if (limit === 'A' || limit === '18') return null;
  const below = AGE_STEPS[AGE_STEPS.indexOf(limit) - 1];
  return below === undefined || below === 'A' ? 0 : Number(below);
}

/** The companion rule in words, or null: 'frå 9 år i følgje med vaksen', 'yngre i følgje med vaksen'. */
export function companionRule(limit: AgeLimit): string | null {
  const companion = companionAge(limit);
  if (companion === null) return null;
  return `${companion === 0 ? 'yngre' : `frå ${companion} år`} i følgje med vaksen`;
}
