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
import type { UserProfile, WatchItem } from './model';
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

/**
 * The member a call is asked for, taken when the request goes out. Another tab may sign someone
 * else in while it is under way; its answer is then another member's and is dropped.
 */
type Asker = Pick<UserProfile, 'email'> | null;

const askingMember = (): Asker => $user.get().userProfile;

const sameMember = (a: Asker, b: Asker) => (a?.email.trim().toLowerCase() ?? null) === (b?.email.trim().toLowerCase() ?? null);

/** Whether the one signed in (or nobody) is still who a call was asked for. */
const stillAsking = (asker: Asker) => sameMember(asker, $user.get().userProfile);

/** Whether the member a call was asked for is still the one signed in. */
const stillSignedIn = (asker: Asker) => asker !== null && stillAsking(asker);

/** A 401 ends the session only of the member who was refused, never of one signed in since. */
function sessionEndedFor(asker: Asker): void {
  if (stillSignedIn(asker)) sessionExpired();
}

/**
 * Fetches the tickets; the upcoming ones are kept on the device for the member who asked. An
 * answer (or failure) that arrives after another member signed in is dropped.
 */
async function fetchTickets(api: FilmclubApi): Promise<void> {
  const asker = askingMember();
  loadStarted($tickets);
  try {
    const tickets = await api.tickets();
    if (!stillAsking(asker)) return;
    loadSucceeded($tickets, tickets);
    if (asker) storeTickets(asker.email, tickets, new Date());
  } catch (error) {
    if (stillAsking(asker)) loadFailed($tickets, error);
  }
}

/**
 * The tickets alone (Mi side's *Prøv igjen*). Refused (401), they are asked for once more after
 * a token switch renews the partner's session; refused again, the session has ended.
 */
export function loadTickets(api: FilmclubApi): Promise<void> {
  return task(async () => {
    const asker = askingMember();
    await fetchTickets(api);
    if (!stillAsking(asker) || !isUnauthorised($tickets.get().error)) return;
    if (!(await renewSession(api))) return;
    await fetchTickets(api);
    if (isUnauthorised($tickets.get().error)) sessionEndedFor(asker);
  });
}

/**
 * The token switch on its own, to renew the partner's session after a 401. Resolves whether it
 * went through; a switch refused with 401 ends the session.
 */
async function renewSession(api: FilmclubApi): Promise<boolean> {
  const asker = askingMember();
  const token = $user.get().userProfile?.token;
  if (!token) return false;
  try {
    await api.switchTokens(token);
    return stillSignedIn(asker);
  } catch (error) {
    if (isUnauthorised(error)) sessionEndedFor(asker);
    return false;
  }
}

/**
 * Switches tokens first (when a profile with a token is stored, SPEC §6), then fetches the
 * list. Resolves whether the token switch went through (true without a token to switch).
 */
export function loadWatchList(api: FilmclubApi): Promise<boolean> {
  return task(async () => {
    const asker = askingMember();
    watchListRequested();
    let switched = false;
    try {
      const token = $user.get().userProfile?.token;
      if (token) await api.switchTokens(token);
      switched = true;
      const items = await api.watchList();
      // Another member signed in meanwhile: this list is not theirs.
      if (stillAsking(asker)) watchListReceived(items);
    } catch (error) {
      if (!stillAsking(asker)) return false;
      watchListFailed(error);
      // Refused right after a switch (or the switch itself refused): the session is over.
      if (isUnauthorised(error)) sessionEndedFor(asker);
    }
    return switched && stillAsking(asker);
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
    const asker = askingMember();
    const [, switched] = await Promise.all([fetchTickets(api), loadWatchList(api)]);
    if (!stillSignedIn(asker)) return;
    if (switched && isUnauthorised($tickets.get().error)) await fetchTickets(api);
    if (switched && isUnauthorised($tickets.get().error)) sessionEndedFor(asker);
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
  const asker = askingMember();
  const attempt = async (): Promise<AddOutcome> => {
    try {
      const added = await api.addToWatchList(movie.movieId);
      if (added && stillAsking(asker)) watchListAppended(movie);
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
  sessionEndedFor(asker);
  return { kind: 'session-ended' };
}
