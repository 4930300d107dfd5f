/**
 * The signed-in member's profile in localStorage under 'cw-profile' (SPEC §3, §9), restored on
 * every page. Anything there that is not a valid profile (corrupt JSON, another app's data, a
 * missing token) counts as signed out and is removed. Storage that cannot be used (blocked,
 * full, private mode) counts as signed out too; the page works on.
 *
 * When the partner ends a session (a 401 on a member call), the profile is removed and only the
 * member's name and e-mail stay, under 'cw-session-ended', so the sign-in page can explain why
 * and fill in the e-mail address. The token never stays.
 */
import type { UserProfile } from './model';
import { deviceStorage, type Store } from './device-storage';

export const PROFILE_KEY = 'cw-profile';
/**
 * Fired on the window when this tab writes or removes the profile: the `storage` event tells
 * only the other tabs, and the header's indicator (plain script) follows both.
 */
export const PROFILE_CHANGED_EVENT = 'cw-profile-changed';

function announceProfileChange(): void {
  const target = typeof window === 'undefined' ? null : window;
  if (typeof target?.dispatchEvent === 'function') target.dispatchEvent(new Event(PROFILE_CHANGED_EVENT));
}
/** Who was signed in when the partner ended the session: name and e-mail, no token. */
export const SESSION_ENDED_KEY = 'cw-session-ended';

/** The member whose session ran out, as the sign-in page greets them. */
export interface EndedSession {
  readonly userName: string;
  readonly email: string;
}

export function isUserProfile(value: unknown): value is UserProfile {
  if (value === null || typeof value !== 'object') return false;
  const { userName, email, token } = value as Record<string, unknown>;
  return typeof userName === 'string' && typeof email === 'string' && typeof token === 'string' && token.length > 0;
}

export function readStoredProfile(store: Store | null = deviceStorage()): UserProfile | null {
  if (!store) return null;
  try {
    const raw = store.getItem(PROFILE_KEY);
    if (raw === null) return null;
    const value: unknown = JSON.parse(raw);
    if (isUserProfile(value)) return { userName: value.userName, email: value.email, token: value.token };
  } catch {
    // Corrupt JSON: fall through and remove it.
  }
  clearStoredProfile(store);
  return null;
}

export function storeProfile(profile: UserProfile, store: Store | null = deviceStorage()): void {
  try {
    store?.setItem(PROFILE_KEY, JSON.stringify({ userName: profile.userName, email: profile.email, token: profile.token }));
  } catch {
    // Full or blocked storage: the member stays signed in for this page only.
  }
  announceProfileChange();
}

export function clearStoredProfile(store: Store | null = deviceStorage()): void {
  try {
    store?.removeItem(PROFILE_KEY);
  } catch {
    // Nothing to do.
  }
  announceProfileChange();
}

export function readEndedSession(store: Store | null = deviceStorage()): EndedSession | null {
  if (!store) return null;
  try {
    const raw = store.getItem(SESSION_ENDED_KEY);
    if (raw === null) return null;
    const value: unknown = JSON.parse(raw);
    if (value !== null && typeof value === 'object') {
      const { userName, email } = value as Record<string, unknown>;
      if (typeof userName === 'string' && typeof email === 'string') return { userName, email };
    }
  } catch {
    // Corrupt JSON: fall through and remove it.
  }
  clearEndedSession(store);
  return null;
}

export function storeEndedSession(ended: EndedSession, store: Store | null = deviceStorage()): void {
  try {
    store?.setItem(SESSION_ENDED_KEY, JSON.stringify({ userName: ended.userName, email: ended.email }));
  } catch {
    // Full or blocked storage: the sign-in page simply will not know.
  }
}

export function clearEndedSession(store: Store | null = deviceStorage()): void {
  try {
    store?.removeItem(SESSION_ENDED_KEY);
  } catch {
    // Nothing to do.
  }
}
