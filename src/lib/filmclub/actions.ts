/**
 * What the screens call: each action runs one call (SPEC §7) and moves the stores through the
 * transitions of SPEC §4. Failures are handled as SPEC §8 says: stored for sign-in, sign-up,
 * forgotten password, reviews, tickets and watch list; only logged for movie info and adding to
 * the watch list.
 */
import { task } from 'nanostores';
import { isHttpError } from '../http';
import type { FilmclubApi } from './api';
import type { WatchItem } from './model';
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

export async function loadTickets(api: FilmclubApi): Promise<void> {
  loadStarted($tickets);
  try {
    loadSucceeded($tickets, await api.tickets());
  } catch (error) {
    loadFailed($tickets, error);
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
    const [, switched] = await Promise.all([loadTickets(api), loadWatchList(api)]);
    if (switched && isUnauthorised($tickets.get().error)) await loadTickets(api);
  });
}

/** The outcome of adding a film: added (it is then on the local list too), refused, or failed. */
export type AddOutcome = { readonly added: true } | { readonly added: false; readonly error: unknown };

/** Adds a film; a failure is only logged (SPEC §8) and handed back for the screen to explain. */
export async function addToWatchList(api: FilmclubApi, movie: WatchItem): Promise<AddOutcome> {
  try {
    const added = await api.addToWatchList(movie.movieId);
    if (added) watchListAppended(movie);
    return added ? { added: true } : { added: false, error: null };
  } catch (error) {
    console.error('Film club: the film could not be added to the watch list', error);
    return { added: false, error };
  }
}
