/**
 * What the screens call: each action runs one call (SPEC §7) and moves the stores through the
 * transitions of SPEC §4. Failures are handled as SPEC §8 says: stored for sign-in, sign-up,
 * forgotten password, reviews, tickets and watch list; only logged for movie info and adding to
 * the watch list.
 */
import type { FilmclubApi } from './api';
import type { WatchItem } from './model';
import { readStoredProfile } from './profile-storage';
import {
  $movieInfo,
  $reviews,
  $tickets,
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

/** Switches tokens first (when a token is stored), then fetches the list. */
export async function loadWatchList(api: FilmclubApi): Promise<void> {
  watchListRequested();
  try {
    const token = readStoredProfile()?.token;
    if (token) await api.switchTokens(token);
    watchListReceived(await api.watchList());
  } catch (error) {
    watchListFailed(error);
  }
}

/** Resolves true when the partner accepted the film (it is then on the local list too). */
export async function addToWatchList(api: FilmclubApi, movie: WatchItem): Promise<boolean> {
  try {
    const added = await api.addToWatchList(movie.movieId);
    if (added) watchListAppended(movie);
    return added;
  } catch (error) {
    console.error('Film club: the film could not be added to the watch list', error);
    return false;
  }
}
