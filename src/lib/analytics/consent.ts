/**
 * The visitor's analytics choice. Storing the choice itself is strictly necessary (otherwise
 * we would have to ask on every page), so it is kept in localStorage under CONSENT_KEY; nothing
 * else is stored before consent. A stored value that is malformed, from another version of the
 * question, or older than CONSENT_MAX_AGE_DAYS counts as no choice, and the visitor is asked again.
 */

export type ConsentChoice = 'granted' | 'denied';

/** localStorage key of the choice. The inline opener in ConsentDialog.astro uses the same key. */
export const CONSENT_KEY = 'kaia-analytics-consent';

/** Bumped when what we ask consent for changes, so everyone is asked again. */
export const CONSENT_VERSION = 1;

/** A choice is asked again after a year. */
export const CONSENT_MAX_AGE_DAYS = 365;

interface StoredChoice {
  version: number;
  choice: ConsentChoice;
  /** When the visitor chose, ISO 8601. */
  decidedAt: string;
}

/** The choice a stored value holds, or null when it holds no valid, current choice. */
export function parseConsent(raw: string | null, now: Date): ConsentChoice | null {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { version, choice, decidedAt } = value as Partial<Record<keyof StoredChoice, unknown>>;
  if (version !== CONSENT_VERSION) return null;
  if (choice !== 'granted' && choice !== 'denied') return null;
  const decided = typeof decidedAt === 'string' ? Date.parse(decidedAt) : Number.NaN;
  if (Number.isNaN(decided)) return null;
  const age = now.getTime() - decided;
  // A choice dated in the future is a broken clock or a forged value: ask again.
  if (age < -24 * 3600_000 || age > CONSENT_MAX_AGE_DAYS * 24 * 3600_000) return null;
  return choice;
}

export function serialiseConsent(choice: ConsentChoice, now: Date): string {
  const stored: StoredChoice = { version: CONSENT_VERSION, choice, decidedAt: now.toISOString() };
  return JSON.stringify(stored);
}
