/**
 * The signed-in member's profile in localStorage under 'cw-profile' (SPEC §3, §9), restored on
 * every page. Anything there that is not a valid profile (corrupt JSON, another app's data, a
 * missing token) counts as signed out and is removed. Storage that cannot be used (blocked,
 * full, private mode) counts as signed out too; the page works on.
 */
import type { UserProfile } from './model';

export const PROFILE_KEY = 'cw-profile';

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function storage(): Store | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function isUserProfile(value: unknown): value is UserProfile {
  if (value === null || typeof value !== 'object') return false;
  const { userName, email, token } = value as Record<string, unknown>;
  return typeof userName === 'string' && typeof email === 'string' && typeof token === 'string' && token.length > 0;
}

export function readStoredProfile(store: Store | null = storage()): UserProfile | null {
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

export function storeProfile(profile: UserProfile, store: Store | null = storage()): void {
  try {
    store?.setItem(PROFILE_KEY, JSON.stringify({ userName: profile.userName, email: profile.email, token: profile.token }));
  } catch {
    // Full or blocked storage: the member stays signed in for this page only.
  }
}

export function clearStoredProfile(store: Store | null = storage()): void {
  try {
    store?.removeItem(PROFILE_KEY);
  } catch {
    // Nothing to do.
  }
}
