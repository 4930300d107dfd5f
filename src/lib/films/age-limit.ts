/** Norwegian age limits as visitors read them. */
import type { AgeLimit } from '../../schemas';

/** Spoken form for screen readers and tooltips: 'Aldersgrense 12 år' or 'Tillate for alle'. */
export function ageLimitLabel(limit: AgeLimit): string {
  return limit === 'A' ? 'Tillate for alle' : `Aldersgrense ${limit} år`;
}

const steps: AgeLimit[] = ['A', '6', '9', '12', '15', '18'];

/**
 * The youngest age that may watch together with an adult: one step below the limit
 * (not for 18, and not needed for A).
 */
export function companionAge(limit: AgeLimit): number | null {
  if (limit === 'A' || limit === '18') return null;
  const below = steps[steps.indexOf(limit) - 1];
  return below === undefined || below === 'A' ? 0 : Number(below);
}
