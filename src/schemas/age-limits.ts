/**
 * Norwegian age limits: A (alle) and 6, 9, 12, 15, 18 years, youngest first. The one list of
 * them: the production schema's enum and every step, label and filter in src/lib derive from it.
 * Kept apart from the Zod schemas so browser code can import it without Zod.
 */
export const ageLimits = ['A', '6', '9', '12', '15', '18'] as const;

export type AgeLimit = (typeof ageLimits)[number];
