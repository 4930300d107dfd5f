/**
 * What the screens call: each action runs one call (SPEC §7) and moves the stores through the
 * transitions of SPEC §4. Failures are handled as SPEC §8 says: stored for sign-in, sign-up,
 * forgotten password, reviews, tickets and watch list; only logged for movie info and adding to
 * the watch list.
 *
 * A member call the partner refuses with 401 even after the token switch has had its chance to
 * renew the session ends the session in the browser (`sessionExpired`): the token is dropped,
 * every tab hears of it, and the sign-in page takes over.
 */
import { task } from 'nanostores';
import { isHttpError } from '../http';
import type { FilmclubApi } from './api';
import type { WatchItem } from './model';
import { storeTickets } from './ticket-storage';
import {
  $movieInfo,
  $reviews,
  $tickets,
  $user,
  $watchList,
  emailFailed,
  emailSent,
  loadFailed,
  loadStarted,
  loadSucceeded,
  profileFailed,
  profileReceived,
  profileRequested,
  sessionExpired,
  watchListAppended,
  watchListFailed,
  watchListReceived,
  watchListRequested,
} from './stores';

export async function signIn(api: FilmclubApi, email: string, password: string): Promise<boolean> {
  profileRequested();
  try {
    profileReceived(await api.login(email, password));
    return true;
  } catch (error) {
    profileFailed(error);
    return false;
  }
}

export async function signUp(api: FilmclubApi, email: string, password: string, userName: string): Promise<boolean> {
  profileRequested();
  try {
    profileReceived(await api.signUp(email, password, userName));
    return true;
  } catch (error) {
    profileFailed(error);
    return false;
  }
}

export async function requestNewPassword(api: FilmclubApi, email: string): Promise<boolean> {
  profileRequested();
  try {
    await api.forgotPassword(email);
    emailSent();
    return true;
  } catch (error) {
    emailFailed(error);
    return false;
  }
}

export async function loadMovieInfo(api: FilmclubApi, ediNumber: string): Promise<void> {
  loadStarted($movieInfo);
  try {
    loadSucceeded($movieInfo, await api.movieInfo(ediNumber));
  } catch (error) {
    console.error('Film club: movie info could not be loaded', error);
    loadSucceeded($movieInfo, null);
  }
}

export async function loadReviews(api: FilmclubApi, ediNumber: string): Promise<void> {
  loadStarted($reviews);
  try {
    loadSucceeded($reviews, await api.reviews(ediNumber));
  } catch (error) {
    loadFailed($reviews, error);
  }
}

/** Fetches the tickets; the upcoming ones are kept on the device for the member who fetched them. */
async function fetchTickets(api: FilmclubApi): Promise<void> {
  loadStarted($tickets);
  try {
    const tickets = await api.tickets();
    loadSucceeded($tickets, tickets);
    const member = $user.get().userProfile;
    if (member) storeTickets(member.email, tickets, new Date());
  } catch (error) {
    loadFailed($tickets, error);
  }
}

/**
 * The tickets alone (Mi side's *Prøv igjen*). Refused (401), they are asked for once more after
 * a token switch renews the partner's session; refused again, the session has ended.
 */
export function loadTickets(api: FilmclubApi): Promise<void> {
  return task(async () => {
    await fetchTickets(api);
    if (!isUnauthorised($tickets.get().error)) return;
    if (!(await renewSession(api))) return;
    await fetchTickets(api);
    if (isUnauthorised($tickets.get().error)) sessionExpired();
  });
}

/**
 * The token switch on its own, to renew the partner's session after a 401. Resolves whether it
 * went through; a switch refused with 401 ends the session.
 */
async function renewSession(api: FilmclubApi): Promise<boolean> {
  const token = $user.get().userProfile?.token;
  if (!token) return false;
  try {
    await api.switchTokens(token);
    return true;
  } catch (error) {
    if (isUnauthorised(error)) sessionExpired();
    return false;
  }
}

/**
 * Switches tokens first (when a profile with a token is stored, SPEC §6), then fetches the
 * list. Resolves whether the token switch went through (true without a token to switch).
 */
export function loadWatchList(api: FilmclubApi): Promise<boolean> {
  return task(async () => {
    watchListRequested();
    let switched = false;
    try {
      const token = $user.get().userProfile?.token;
      if (token) await api.switchTokens(token);
      switched = true;
      watchListReceived(await api.watchList());
    } catch (error) {
      watchListFailed(error);
      // Refused right after a switch (or the switch itself refused): the session is over.
      if (isUnauthorised(error) && $user.get().userProfile) sessionExpired();
    }
    return switched;
  });
}

/** The watch list once per page: loaded only if nobody has asked for it yet. */
export function ensureWatchList(api: FilmclubApi): Promise<void> {
  if ($watchList.get().requested) return Promise.resolve();
  return loadWatchList(api).then(() => undefined);
}

const isUnauthorised = (error: unknown) => isHttpError(error) && error.status === 401;

/**
 * Mi side: the tickets run alongside the token switch and the watch list (the switch still
 * comes before the watch list), so a slow watch list never holds the tickets back. The tickets
 * need the partner's session; if they were refused (401) before the switch renewed it, they
 * are asked for once more after it.
 */
export function loadMyPage(api: FilmclubApi): Promise<void> {
  return task(async () => {
    const [, switched] = await Promise.all([fetchTickets(api), loadWatchList(api)]);
    if (!$user.get().userProfile) return;
    if (switched && isUnauthorised($tickets.get().error)) await fetchTickets(api);
    if (switched && isUnauthorised($tickets.get().error)) sessionExpired();
  });
}

/**
 * The outcome of adding a film: added (it is then on the local list too), declined (the partner
 * answered, but not yes), failed (the call itself), or the session ended on the way.
 */
export type AddOutcome =
  { readonly kind: 'added' } | { readonly kind: 'declined' } | { readonly kind: 'failed'; readonly error: unknown } | { readonly kind: 'session-ended' };

/**
 * Adds a film; a failure is only logged (SPEC §8) and handed back for the screen to explain.
 * Refused (401), the add is tried once more after a token switch renews the session; refused
 * again, the session has ended.
 */
export async function addToWatchList(api: FilmclubApi, movie: WatchItem): Promise<AddOutcome> {
  const attempt = async (): Promise<AddOutcome> => {
    try {
      const added = await api.addToWatchList(movie.movieId);
      if (added) watchListAppended(movie);
      return added ? { kind: 'added' } : { kind: 'declined' };
    } catch (error) {
      console.error('Film club: the film could not be added to the watch list', error);
      return { kind: 'failed', error };
    }
  };
  const first = await attempt();
  if (first.kind !== 'failed' || !isUnauthorised(first.error)) return first;
  if (!(await renewSession(api))) return $user.get().userProfile ? first : { kind: 'session-ended' };
  const again = await attempt();
  if (again.kind !== 'failed' || !isUnauthorised(again.error)) return again;
  sessionExpired();
  return { kind: 'session-ended' };
}
