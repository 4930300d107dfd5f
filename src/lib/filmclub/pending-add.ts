/**
 * A film the member tried to add to the watch list when the partner ended the session. It is
 * kept in this tab only (sessionStorage) for a short while, so that after signing in again the
 * film page the member returns to can finish the add; it is taken (and removed) once, by the
 * page it was tried on. Anything stored that is not such a note, or is too old, counts as none.
 */
import { tabStorage, type Store } from './device-storage';

export const PENDING_ADD_KEY = 'cw-pending-watch-add';
/** How long the note waits for the member to sign in again. */
export const PENDING_ADD_MAX_AGE_MS = 30 * 60 * 1000;

export interface PendingAdd {
  /** The partner's id of the film. */
  readonly movieId: number;
  /** The film page it was tried on. */
  readonly path: string;
  /** When it was tried (ms since the epoch). */
  readonly at: number;
}

export function rememberPendingAdd(pending: PendingAdd, store: Store | null = tabStorage()): void {
  try {
    store?.setItem(PENDING_ADD_KEY, JSON.stringify(pending));
  } catch {
    // Full or blocked storage: the member adds the film again by hand.
  }
}

function read(store: Store): PendingAdd | null {
  try {
    const raw = store.getItem(PENDING_ADD_KEY);
    if (raw === null) return null;
    const value = JSON.parse(raw) as Record<string, unknown> | null;
    if (value && typeof value.movieId === 'number' && typeof value.path === 'string' && typeof value.at === 'number')
      return { movieId: value.movieId, path: value.path, at: value.at };
  } catch {
    // Corrupt: none.
  }
  return null;
}

/**
 * The film to add on this page, if the member tried to add one here within the last half hour;
 * the note is removed when its page takes it, or when it is no longer any use.
 */
export function takePendingAdd(path: string, now: Date, store: Store | null = tabStorage()): number | null {
  if (!store) return null;
  const pending = read(store);
  const fresh = pending !== null && now.getTime() - pending.at >= 0 && now.getTime() - pending.at <= PENDING_ADD_MAX_AGE_MS;
  if (pending && fresh && pending.path !== path) return null;
  try {
    store.removeItem(PENDING_ADD_KEY);
  } catch {
    // Nothing to do.
  }
  return fresh ? pending.movieId : null;
}
