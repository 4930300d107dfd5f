/**
 * Film-club state (SPEC §4) in nanostores, with one function per transition. Components and
 * scripts subscribe to the `$` stores; only the functions here change them.
 *
 * As the nanostores README has it, transitions only change state, and reactions live apart:
 * the profile is restored from localStorage when `$user` gets its first subscriber (`onMount`,
 * once per page, not in every island), kept in step with other tabs (the `storage` event), and
 * written back by a listener on the store whenever it changes (`persistProfile`).
 */
import { atom, onMount } from 'nanostores';
import type { MovieInfo, Review, Ticket, UserProfile, WatchItem } from './model';
import {
  clearEndedSession,
  clearStoredProfile,
  PROFILE_KEY,
  readEndedSession,
  readStoredProfile,
  SESSION_ENDED_KEY,
  storeEndedSession,
  storeProfile,
  type EndedSession,
} from './profile-storage';
import { clearStoredTickets } from './ticket-storage';

/** A failure as stored: the error the call ended with (its message is never shown as is). */
export type StoredError = unknown;

// ---- user ----------------------------------------------------------------------------------

export interface UserState {
  readonly userProfile: UserProfile | null;
  readonly loading: boolean;
  readonly error: StoredError; // null when there is none
  readonly isEmailSent: boolean;
  /** Set when the partner ended the session (a 401): who it was, so they can sign in again. */
  readonly sessionEnded: EndedSession | null;
}

export const initialUserState: UserState = { userProfile: null, loading: false, error: null, isEmailSent: false, sessionEnded: null };
export const $user = atom<UserState>(initialUserState);

/** Requesting a profile (sign-in, sign-up, forgotten password) sets loading on. */
export function profileRequested(): void {
  $user.set({ ...$user.get(), loading: true });
}

/** A profile (new or stored) replaces the user profile. */
export function profileReceived(profile: UserProfile): void {
  $user.set({ ...$user.get(), userProfile: profile, loading: false, error: null, sessionEnded: null });
}

/**
 * The partner ended the session (a member call answered 401): the profile and its token go,
 * with everything member-specific; the name and e-mail stay as `sessionEnded`, so the sign-in
 * form can say why and fill in the address.
 */
export function sessionExpired(): void {
  const { userProfile, sessionEnded } = $user.get();
  $user.set({ ...initialUserState, sessionEnded: userProfile ? { userName: userProfile.userName, email: userProfile.email } : sessionEnded });
  forgetMemberData();
}

/** A sign-in or sign-up failure stores the error. */
export function profileFailed(error: StoredError): void {
  $user.set({ ...$user.get(), loading: false, error });
}

/** A separate action clears the error. */
export function errorCleared(): void {
  $user.set({ ...$user.get(), error: null });
}

/** Forgotten password sent: clears the error and sets isEmailSent. */
export function emailSent(): void {
  $user.set({ ...$user.get(), loading: false, error: null, isEmailSent: true });
}

/** Forgotten password failed: stores the error. */
export function emailFailed(error: StoredError): void {
  $user.set({ ...$user.get(), loading: false, error, isEmailSent: false });
}

/**
 * Reads the stored profile into state: on the store's mount, and when another tab signs in or
 * out. A different member (or none) forgets the member data of the one before.
 */
export function profileRestored(): UserProfile | null {
  const profile = readStoredProfile();
  const sessionEnded = profile ? null : readEndedSession();
  const state = $user.value ?? initialUserState;
  const before = state.userProfile;
  if (profile?.token !== before?.token || JSON.stringify(sessionEnded) !== JSON.stringify(state.sessionEnded)) {
    $user.set({ ...state, userProfile: profile, sessionEnded });
    if (before && profile?.token !== before.token) forgetMemberData();
  }
  return profile;
}

/** Signing out forgets the profile and everything member-specific. */
export function signedOut(): void {
  $user.set(initialUserState);
  forgetMemberData();
}

function forgetMemberData(): void {
  $tickets.set(initialLoadable());
  $watchList.set(initialWatchList);
}

/**
 * The reaction that keeps localStorage in step with the profile in state. The note of an ended
 * session is written before the profile is removed, so another tab that hears of the removal
 * finds it.
 */
export function persistProfile(state: UserState, before: UserState | undefined): void {
  if (state.sessionEnded !== before?.sessionEnded) {
    if (state.sessionEnded) storeEndedSession(state.sessionEnded);
    else clearEndedSession();
  }
  const profile = state.userProfile;
  if (profile === before?.userProfile) return;
  // Tickets kept for the door are the member's own: gone with the session, or with another member.
  const previous = before?.userProfile;
  if (!profile || (previous && previous.email.toLowerCase() !== profile.email.toLowerCase())) clearStoredTickets();
  if (profile) storeProfile(profile);
  else clearStoredProfile();
}

onMount($user, () => {
  profileRestored();
  const unlisten = $user.listen(persistProfile);
  const onStorage = (event: StorageEvent) => {
    // key null: the other tab cleared all of localStorage.
    if (event.key === PROFILE_KEY || event.key === SESSION_ENDED_KEY || event.key === null) profileRestored();
  };
  const target = typeof window === 'undefined' ? null : window;
  target?.addEventListener('storage', onStorage);
  return () => {
    unlisten();
    target?.removeEventListener('storage', onStorage);
  };
});

// ---- movie info, reviews, tickets: loading / success / failure ------------------------------

export interface Loadable<T> {
  readonly loading: boolean;
  readonly data: T | null;
  readonly error: StoredError; // null when there is none
}

export const initialLoadable = <T>(): Loadable<T> => ({ loading: false, data: null, error: null });

export const $movieInfo = atom<Loadable<MovieInfo>>(initialLoadable());
export const $reviews = atom<Loadable<Review[]>>(initialLoadable());
export const $tickets = atom<Loadable<Ticket[]>>(initialLoadable());

export function loadStarted<T>(store: { get(): Loadable<T>; set(value: Loadable<T>): void }): void {
  store.set({ ...store.get(), loading: true, error: null });
}

export function loadSucceeded<T>(store: { get(): Loadable<T>; set(value: Loadable<T>): void }, data: T): void {
  store.set({ loading: false, data, error: null });
}

export function loadFailed<T>(store: { get(): Loadable<T>; set(value: Loadable<T>): void }, error: StoredError): void {
  store.set({ ...store.get(), loading: false, error });
}

// ---- watch list -----------------------------------------------------------------------------

export interface WatchListState {
  readonly requested: boolean;
  readonly items: WatchItem[];
  readonly loading: boolean;
  readonly error: StoredError; // null when there is none
}

export const initialWatchList: WatchListState = { requested: false, items: [], loading: false, error: null };
export const $watchList = atom<WatchListState>(initialWatchList);

export function watchListRequested(): void {
  $watchList.set({ ...$watchList.get(), requested: true, loading: true, error: null });
}

/** Success puts the full list. */
export function watchListReceived(items: WatchItem[]): void {
  $watchList.set({ ...$watchList.get(), items, loading: false, error: null });
}

export function watchListFailed(error: StoredError): void {
  $watchList.set({ ...$watchList.get(), loading: false, error });
}

/** Adding a movie appends that single movie locally (once). */
export function watchListAppended(movie: WatchItem): void {
  const state = $watchList.get();
  if (state.items.some((item) => item.movieId === movie.movieId)) return;
  $watchList.set({ ...state, items: [...state.items, movie] });
}
