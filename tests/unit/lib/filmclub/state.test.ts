/**
 * Film-club state (SPEC §4): every transition of the user state, the shared loading / success /
 * failure pattern, the watch list and the events, and the stored profile. The partner is a
 * plain object implementing FilmclubApi, so each answer and failure can be chosen.
 */
import { allTasks, cleanStores, keepMount } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addToWatchList,
  ensureWatchList,
  loadMyPage,
  loadMovieInfo,
  loadReviews,
  loadTickets,
  loadWatchList,
  requestNewPassword,
  signIn,
  signUp,
} from '../../../../src/lib/filmclub/actions';
import type { FilmclubApi } from '../../../../src/lib/filmclub/api';
import type { WatchItem } from '../../../../src/lib/filmclub/model';
import { PROFILE_KEY, readEndedSession, readStoredProfile, SESSION_ENDED_KEY } from '../../../../src/lib/filmclub/profile-storage';
import {
  $movieInfo,
  $reviews,
  $tickets,
  $user,
  $watchList,
  errorCleared,
  initialLoadable,
  initialUserState,
  initialWatchList,
  profileRestored,
  profileRequested,
  signedOut,
} from '../../../../src/lib/filmclub/stores';
import { HttpError } from '../../../../src/lib/http';
import { MemoryStorage } from '../../../support/memory-storage';

const kari = { userName: 'Kari Nordvik', email: 'medlem@kulturhuset-kaia.example', token: 'tok-1' };
const film: WatchItem = { movieId: 7, title: 'Naustet', edis: ['318119'], poster: null, link: null };
const failure = new HttpError('Request failed with status code 500', 'status', 'http://partner/x', 500, { Message: 'nei' });

/** A partner whose every call succeeds unless told otherwise; calls are recorded in order. */
function partner(overrides: Partial<FilmclubApi> = {}) {
  const calls: string[] = [];
  const answer = <T>(call: string, value: T) => {
    calls.push(call);
    return Promise.resolve(value);
  };
  const api: FilmclubApi = {
    login: () => answer('login', kari),
    signUp: () => answer('signUp', kari),
    forgotPassword: () => answer('forgotPassword', undefined),
    switchTokens: (token) => answer(`switchTokens ${token}`, undefined),
    movieInfo: () => answer('movieInfo', { title: 'Naustet', movieId: 7, edis: ['318119'], rating: 4.1, ratingCount: 12, poster: null, link: null }),
    reviews: () => answer('reviews', []),
    tickets: () => answer('tickets', []),
    watchList: () => answer('watchList', [film]),
    addToWatchList: () => answer('addToWatchList', true),
    ...overrides,
  };
  return { api, calls };
}

beforeEach(() => {
  (globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
  // Mounted as a page's islands mount it: the profile is restored and persisted from here on.
  $user.set(initialUserState);
  keepMount($user);
  $movieInfo.set(initialLoadable());
  $reviews.set(initialLoadable());
  $tickets.set(initialLoadable());
  $watchList.set(initialWatchList);
});
afterEach(() => {
  cleanStores($user, $movieInfo, $reviews, $tickets, $watchList);
  delete (globalThis as { localStorage?: unknown }).localStorage;
  vi.restoreAllMocks();
});

describe('user state', () => {
  it('starts signed out, not loading, no error, e-mail not sent', () => {
    expect($user.get()).toEqual({ userProfile: null, loading: false, error: null, isEmailSent: false, sessionEnded: null });
  });

  it('sets loading on while a profile is requested, then stores the profile and keeps it in cw-profile', async () => {
    const pending = signIn(partner().api, kari.email, 'Kinokveld2026');
    expect($user.get().loading).toBe(true);
    expect(await pending).toBe(true);
    expect($user.get()).toMatchObject({ userProfile: kari, loading: false, error: null });
    expect(JSON.parse(localStorage.getItem(PROFILE_KEY) ?? '')).toEqual(kari);
  });

  it('stores a sign-in failure as the error, and a separate action clears it', async () => {
    const { api } = partner({ login: () => Promise.reject(failure) });
    expect(await signIn(api, kari.email, 'feil')).toBe(false);
    expect($user.get()).toMatchObject({ userProfile: null, loading: false, error: failure });
    errorCleared();
    expect($user.get().error).toBeNull();
  });

  it('stores a sign-up failure as the error, and a sign-up success as the profile', async () => {
    expect(await signUp(partner({ signUp: () => Promise.reject(failure) }).api, 'a@b.no', 'passord12', 'A')).toBe(false);
    expect($user.get().error).toBe(failure);
    expect(await signUp(partner().api, 'a@b.no', 'passord12', 'A')).toBe(true);
    expect($user.get()).toMatchObject({ userProfile: kari, error: null });
  });

  it('forgotten password: success clears the error and sets isEmailSent; failure stores the error', async () => {
    $user.set({ ...$user.get(), error: failure });
    expect(await requestNewPassword(partner().api, kari.email)).toBe(true);
    expect($user.get()).toMatchObject({ error: null, isEmailSent: true, loading: false });
    expect(await requestNewPassword(partner({ forgotPassword: () => Promise.reject(failure) }).api, kari.email)).toBe(false);
    expect($user.get()).toMatchObject({ error: failure, loading: false });
  });

  it('restores a stored profile when the store mounts on a new page, and signing out clears it and member data', () => {
    cleanStores($user);
    $user.set(initialUserState);
    localStorage.setItem(PROFILE_KEY, JSON.stringify(kari));
    keepMount($user);
    expect($user.get().userProfile).toEqual(kari);
    $tickets.set({ loading: false, data: [], error: null });
    signedOut();
    expect($user.get()).toEqual(initialUserState);
    expect($tickets.get()).toEqual(initialLoadable());
    expect(localStorage.getItem(PROFILE_KEY)).toBeNull();
  });

  it.each([
    ['corrupt JSON', '{"userName": "Kari", '],
    ['another app’s data', '{"theme":"dark"}'],
    ['a profile without token', JSON.stringify({ ...kari, token: '' })],
    ['a number', '42'],
    ['null', 'null'],
  ])('treats %s in cw-profile as signed out and removes it', (_, stored) => {
    localStorage.setItem(PROFILE_KEY, stored);
    expect(profileRestored()).toBeNull();
    expect($user.get().userProfile).toBeNull();
    expect(localStorage.getItem(PROFILE_KEY)).toBeNull();
  });

  it('works signed out when storage is unavailable', () => {
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get: () => {
        throw new Error('SecurityError');
      },
    });
    expect(readStoredProfile()).toBeNull();
    profileRequested();
    expect($user.get().loading).toBe(true);
  });
});

describe('movie info, reviews and tickets: loading, success, failure', () => {
  it('reviews: loading on request, items on success, error on failure', async () => {
    const pending = loadReviews(partner().api, '318119');
    expect($reviews.get().loading).toBe(true);
    await pending;
    expect($reviews.get()).toEqual({ loading: false, data: [], error: null });
    await loadReviews(partner({ reviews: () => Promise.reject(failure) }).api, '318119');
    expect($reviews.get()).toMatchObject({ loading: false, error: failure });
  });

  it('tickets: loading on request, items on success, error on failure', async () => {
    const pending = loadTickets(partner().api);
    expect($tickets.get().loading).toBe(true);
    await pending;
    expect($tickets.get()).toEqual({ loading: false, data: [], error: null });
    await loadTickets(partner({ tickets: () => Promise.reject(failure) }).api);
    expect($tickets.get()).toMatchObject({ loading: false, error: failure });
  });

  it('movie info: stored on success; a failure is only logged', async () => {
    await loadMovieInfo(partner().api, '318119');
    expect($movieInfo.get().data?.movieId).toBe(7);
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await loadMovieInfo(partner({ movieInfo: () => Promise.reject(failure) }).api, '318119');
    expect(log).toHaveBeenCalledOnce();
    expect($movieInfo.get()).toEqual({ loading: false, data: null, error: null });
  });
});

describe('watch list', () => {
  it('switches tokens with the stored token before every fetch, then puts the full list', async () => {
    localStorage.setItem(PROFILE_KEY, JSON.stringify(kari));
    profileRestored();
    const { api, calls } = partner();
    const pending = loadWatchList(api);
    expect($watchList.get()).toMatchObject({ requested: true, loading: true });
    await pending;
    await loadWatchList(api);
    expect(calls).toEqual(['switchTokens tok-1', 'watchList', 'switchTokens tok-1', 'watchList']);
    expect($watchList.get()).toEqual({ requested: true, items: [film], loading: false, error: null });
  });

  it('skips the token switch when no token is stored', async () => {
    const { api, calls } = partner();
    await loadWatchList(api);
    expect(calls).toEqual(['watchList']);
  });

  it('stores a failure of the switch or the list as the error', async () => {
    localStorage.setItem(PROFILE_KEY, JSON.stringify(kari));
    profileRestored();
    await loadWatchList(partner({ switchTokens: () => Promise.reject(failure) }).api);
    expect($watchList.get()).toMatchObject({ loading: false, error: failure });
  });

  it('appends the added movie locally when the answer is truthy, once; a declined add is told apart; logs a failure only', async () => {
    expect(await addToWatchList(partner().api, film)).toEqual({ kind: 'added' });
    expect(await addToWatchList(partner().api, film)).toEqual({ kind: 'added' });
    expect($watchList.get().items).toEqual([film]);
    expect(await addToWatchList(partner({ addToWatchList: () => Promise.resolve(false) }).api, { ...film, movieId: 8 })).toEqual({ kind: 'declined' });
    expect($watchList.get().items).toHaveLength(1);
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await addToWatchList(partner({ addToWatchList: () => Promise.reject(failure) }).api, { ...film, movieId: 9 })).toEqual({
      kind: 'failed',
      error: failure,
    });
    expect(log).toHaveBeenCalledOnce();
    expect($watchList.get()).toMatchObject({ items: [film], error: null });
  });
});

describe('the stored profile as a reaction, apart from the transitions', () => {
  it('writes the profile when it changes and removes it on sign-out, whoever changed it', () => {
    $user.set({ ...$user.get(), userProfile: kari });
    expect(JSON.parse(localStorage.getItem(PROFILE_KEY) ?? '')).toEqual(kari);
    signedOut();
    expect(localStorage.getItem(PROFILE_KEY)).toBeNull();
  });

  it('writes nothing while the store is not mounted', () => {
    cleanStores($user);
    $user.set({ ...initialUserState, userProfile: kari });
    expect(localStorage.getItem(PROFILE_KEY)).toBeNull();
  });

  it('follows another tab signing in and out (the storage event)', () => {
    const listeners: ((event: { key: string | null }) => void)[] = [];
    (globalThis as { window?: unknown }).window = {
      addEventListener: (_: string, listener: (event: { key: string | null }) => void) => listeners.push(listener),
      removeEventListener: () => {},
    };
    try {
      cleanStores($user);
      $user.set(initialUserState);
      keepMount($user);
      expect(listeners).toHaveLength(1);
      localStorage.setItem(PROFILE_KEY, JSON.stringify(kari));
      listeners[0]?.({ key: PROFILE_KEY });
      expect($user.get().userProfile).toEqual(kari);
      $watchList.set({ ...initialWatchList, requested: true, items: [film] });
      localStorage.removeItem(PROFILE_KEY);
      listeners[0]?.({ key: PROFILE_KEY });
      expect($user.get().userProfile).toBeNull();
      expect($watchList.get()).toEqual(initialWatchList);
    } finally {
      cleanStores($user);
      delete (globalThis as { window?: unknown }).window;
    }
  });
});

describe('Mi side and the film panel', () => {
  it('runs the tickets alongside the switch and the watch list; the switch still comes first', async () => {
    localStorage.setItem(PROFILE_KEY, JSON.stringify(kari));
    profileRestored();
    let releaseSwitch = () => {};
    const switchHeld = new Promise<void>((resolve) => (releaseSwitch = resolve));
    const { api, calls } = partner({
      switchTokens: async (token) => {
        calls.push(`switchTokens ${token}`);
        await switchHeld;
      },
    });
    void loadMyPage(api);
    await vi.waitFor(() => expect($tickets.get().data).toEqual([]));
    expect($watchList.get().loading).toBe(true);
    releaseSwitch();
    await allTasks();
    expect(calls).toEqual(['tickets', 'switchTokens tok-1', 'watchList']);
    expect($watchList.get().items).toEqual([film]);
  });

  it('asks for the tickets once more after the switch when they were refused before it', async () => {
    localStorage.setItem(PROFILE_KEY, JSON.stringify(kari));
    profileRestored();
    const refused = new HttpError('Request failed with status code 401', 'status', 'http://partner/tickets', 401, {});
    let first = true;
    const { api, calls } = partner({
      // eslint-disable-next-line @typescript-eslint/require-await -- the partner's call as a fake: its throw is the call's rejection
      tickets: async () => {
        calls.push('tickets');
        if (first) {
          first = false;
          throw refused;
        }
        return [];
      },
    });
    void loadMyPage(api);
    await allTasks();
    expect(calls).toEqual(['tickets', 'switchTokens tok-1', 'watchList', 'tickets']);
    expect($tickets.get()).toEqual({ loading: false, data: [], error: null });
  });

  it("keeps an answer only for the member it was asked for: Ada's slow tickets never land under Bo", async () => {
    const ada = { userName: 'Ada', email: 'ada@example.no', token: 'tok-ada' };
    const bo = { userName: 'Bo', email: 'bo@example.no', token: 'tok-bo' };
    const adaTicket = {
      movieId: 7,
      movieTitle: 'Naustet',
      notes: '',
      qrCode: 'ADA-1',
      qrUrl: 'https://billett.example/kaia/ticket/ADA-1',
      startTime: '2099-11-23T19:30:00+01:00',
      expirationDate: '2099-11-23T21:30:00+01:00',
      image: null,
      sal: 'Wickssalen',
      seatsInfo: { info: '1 plass', seats: [{ row: 5, seats: [7] }] },
    };
    localStorage.setItem(PROFILE_KEY, JSON.stringify(ada));
    profileRestored();
    let answerAda = () => {};
    const adaAnswered = new Promise<void>((resolve) => (answerAda = resolve));
    let failRefusal = () => {};
    const refusalSent = new Promise<void>((resolve) => (failRefusal = resolve));
    const { api } = partner({
      tickets: async () => {
        await adaAnswered;
        return [adaTicket];
      },
      watchList: async () => {
        await refusalSent;
        throw new HttpError('Request failed with status code 401', 'status', 'http://partner/watchlist', 401, {});
      },
    });
    const loading = loadMyPage(api);
    await vi.waitFor(() => expect($tickets.get().loading).toBe(true));
    // Bo signs in in another tab while Ada's answers are on their way.
    localStorage.setItem(PROFILE_KEY, JSON.stringify(bo));
    profileRestored();
    answerAda();
    failRefusal();
    await loading;
    await allTasks();
    expect($user.get().userProfile).toEqual(bo);
    expect($tickets.get().data).toBeNull();
    expect($watchList.get().error).toBeNull();
    expect(localStorage.getItem('cw-tickets') ?? '').not.toContain('ADA-1');
    // The refusal of Ada's watch list does not end Bo's session.
    expect(readStoredProfile()).toEqual(bo);
  });

  it('loads the watch list once per page for the panel', async () => {
    const { api, calls } = partner();
    void ensureWatchList(api);
    void ensureWatchList(api);
    await allTasks();
    await ensureWatchList(api);
    expect(calls).toEqual(['watchList']);
  });
});

describe('a session the partner ends (401)', () => {
  const refused = () => new HttpError('Request failed with status code 401', 'status', 'http://partner/x', 401, {});

  function signedInAsKari() {
    localStorage.setItem(PROFILE_KEY, JSON.stringify(kari));
    profileRestored();
  }

  it('a watch list refused after the switch drops the token and member data but keeps name and e-mail', async () => {
    signedInAsKari();
    $tickets.set({ loading: false, data: [], error: null });
    await loadWatchList(partner({ watchList: () => Promise.reject(refused()) }).api);
    expect($user.get()).toMatchObject({ userProfile: null, sessionEnded: { userName: kari.userName, email: kari.email } });
    expect(localStorage.getItem(PROFILE_KEY)).toBeNull();
    expect(JSON.parse(localStorage.getItem(SESSION_ENDED_KEY) ?? '')).toEqual({ userName: kari.userName, email: kari.email });
    expect(localStorage.getItem(SESSION_ENDED_KEY)).not.toContain(kari.token);
    expect($tickets.get()).toEqual(initialLoadable());
  });

  it('a refused token switch ends it too; a failing one (500) does not', async () => {
    signedInAsKari();
    await loadWatchList(partner({ switchTokens: () => Promise.reject(failure) }).api);
    expect($user.get().userProfile).toEqual(kari);
    await loadWatchList(partner({ switchTokens: () => Promise.reject(refused()) }).api);
    expect($user.get().userProfile).toBeNull();
  });

  it('tickets refused once are asked for again after a switch; refused again, the session ends', async () => {
    signedInAsKari();
    let refusals = 1;
    const { api, calls } = partner({
      // eslint-disable-next-line @typescript-eslint/require-await -- the partner's call as a fake: its throw is the call's rejection
      tickets: async () => {
        calls.push('tickets');
        if (refusals-- > 0) throw refused();
        return [];
      },
    });
    await loadTickets(api);
    expect(calls).toEqual(['tickets', 'switchTokens tok-1', 'tickets']);
    expect($user.get().userProfile).toEqual(kari);
    await loadTickets(partner({ tickets: () => Promise.reject(refused()) }).api);
    expect($user.get().userProfile).toBeNull();
    expect($user.get().sessionEnded?.email).toBe(kari.email);
  });

  it('Mi side: tickets still refused after the switch end the session', async () => {
    signedInAsKari();
    void loadMyPage(partner({ tickets: () => Promise.reject(refused()) }).api);
    await allTasks();
    expect($user.get().userProfile).toBeNull();
  });

  it('an add refused once is tried again after a switch; refused again, it says the session ended', async () => {
    signedInAsKari();
    let refusals = 1;
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { api, calls } = partner({
      // eslint-disable-next-line @typescript-eslint/require-await -- the partner's call as a fake: its throw is the call's rejection
      addToWatchList: async () => {
        calls.push('addToWatchList');
        if (refusals-- > 0) throw refused();
        return true;
      },
    });
    expect(await addToWatchList(api, film)).toEqual({ kind: 'added' });
    expect(calls).toEqual(['addToWatchList', 'switchTokens tok-1', 'addToWatchList']);
    expect(await addToWatchList(partner({ addToWatchList: () => Promise.reject(refused()) }).api, film)).toEqual({ kind: 'session-ended' });
    expect($user.get().userProfile).toBeNull();
    expect(log).toHaveBeenCalled();
  });

  it('signing in again clears the note; signing out clears it too', async () => {
    signedInAsKari();
    await loadWatchList(partner({ watchList: () => Promise.reject(refused()) }).api);
    expect(localStorage.getItem(SESSION_ENDED_KEY)).not.toBeNull();
    await signIn(partner().api, kari.email, 'Kinokveld2026');
    expect($user.get()).toMatchObject({ userProfile: kari, sessionEnded: null });
    expect(localStorage.getItem(SESSION_ENDED_KEY)).toBeNull();
    await loadWatchList(partner({ watchList: () => Promise.reject(refused()) }).api);
    signedOut();
    expect(localStorage.getItem(SESSION_ENDED_KEY)).toBeNull();
  });

  it('another tab learns of it from the storage event, name and e-mail included', () => {
    const listeners: ((event: { key: string | null }) => void)[] = [];
    (globalThis as { window?: unknown }).window = {
      addEventListener: (_: string, listener: (event: { key: string | null }) => void) => listeners.push(listener),
      removeEventListener: () => {},
    };
    try {
      cleanStores($user);
      $user.set(initialUserState);
      localStorage.setItem(PROFILE_KEY, JSON.stringify(kari));
      keepMount($user);
      $watchList.set({ ...initialWatchList, requested: true, items: [film] });
      // What the tab where the 401 came writes: the note, then the profile removed.
      localStorage.setItem(SESSION_ENDED_KEY, JSON.stringify({ userName: kari.userName, email: kari.email }));
      listeners[0]?.({ key: SESSION_ENDED_KEY });
      expect($user.get().userProfile).toEqual(kari);
      localStorage.removeItem(PROFILE_KEY);
      listeners[0]?.({ key: PROFILE_KEY });
      expect($user.get()).toMatchObject({ userProfile: null, sessionEnded: { email: kari.email } });
      expect($watchList.get()).toEqual(initialWatchList);
    } finally {
      cleanStores($user);
      delete (globalThis as { window?: unknown }).window;
    }
  });

  it.each(['{"userName":', '{"email":1}', '[]'])('treats a malformed note (%s) as none and removes it', (stored) => {
    localStorage.setItem(SESSION_ENDED_KEY, stored);
    expect(readEndedSession()).toBeNull();
    expect(localStorage.getItem(SESSION_ENDED_KEY)).toBeNull();
  });
});
