/**
 * The film club's calls (SPEC §7), all through the shared HTTP layer with credentials
 * included, so the partner's session cookie goes along. Partners 118 and 178 share this shape.
 *
 * Sign-up's path is not named by the spec; we use POST `signup` with the fields SPEC §7 names,
 * {email, password, userName} (login keeps its {Email, Password}).
 */
import { createHttpClient, defaultXsrf, type HttpClient } from '../http';
import {
  profileFromLogin,
  profileFromSignUp,
  readList,
  readReview,
  readTicket,
  readWatchItem,
  toMovieInfo,
  type MovieInfo,
  type Review,
  type Ticket,
  type UserProfile,
  type WatchItem,
} from './model';
import type { FilmclubSettings } from './settings';

/** Page sizes (SPEC §9). */
export const REVIEWS_PAGE = { skip: 0, take: 20 } as const;
export const TICKETS_PAGE = { skip: 0, take: 10 } as const;
export const WATCH_LIST_PAGE = { skip: 0, take: 10 } as const;

/**
 * The spec's default is no time-out; a member should not wait for ever on a hung partner,
 * so film-club calls give up after this and say so.
 */
export const FILMCLUB_TIMEOUT_MS = 10_000;

/** A partner answer that is not what the contract promises (say, a login without a token). */
export class UnexpectedAnswer extends Error {
  constructor(readonly body: unknown) {
    super('Unexpected answer');
  }
}

export interface FilmclubApi {
  login(email: string, password: string): Promise<UserProfile>;
  signUp(email: string, password: string, userName: string): Promise<UserProfile>;
  forgotPassword(email: string): Promise<void>;
  switchTokens(token: string): Promise<void>;
  movieInfo(ediNumber: string): Promise<MovieInfo | null>;
  reviews(ediNumber: string): Promise<Review[]>;
  tickets(): Promise<Ticket[]>;
  watchList(): Promise<WatchItem[]>;
  addToWatchList(movieId: number): Promise<boolean>;
}

/** A list answer; anything else (an HTML error page from a gateway, say) is a failure. */
function asList(answer: unknown): unknown[] {
  if (!Array.isArray(answer)) throw new UnexpectedAnswer(answer);
  return answer;
}

/** A JSON answer; text where JSON was promised (an HTML page) is a failure. */
function asJson(answer: unknown): unknown {
  if (typeof answer === 'string' && answer !== '') throw new UnexpectedAnswer(answer);
  return answer;
}

export function createFilmclubApi(settings: Pick<FilmclubSettings, 'apiUrl'>, http?: HttpClient): FilmclubApi {
  const client = http ?? createHttpClient({ baseURL: settings.apiUrl, credentials: 'include', xsrf: defaultXsrf, timeout: FILMCLUB_TIMEOUT_MS });
  return {
    async login(email, password) {
      const answer = asJson(await client.request('login', { method: 'POST', body: { Email: email, Password: password } }));
      const profile = profileFromLogin(answer);
      if (!profile) throw new UnexpectedAnswer(answer);
      return profile;
    },
    async signUp(email, password, userName) {
      const answer = asJson(await client.request('signup', { method: 'POST', body: { email, password, userName } }));
      const profile = profileFromSignUp(answer);
      if (!profile) throw new UnexpectedAnswer(answer);
      return profile;
    },
    async forgotPassword(email) {
      const answer = await client.request('forgotPassword', { method: 'POST', body: { Email: email } });
      // An empty body means the e-mail was sent (SPEC §5).
      if (answer !== null && answer !== '') throw new UnexpectedAnswer(answer);
    },
    async switchTokens(token) {
      await client.request('switchTokensDx', { method: 'POST', headers: { 'X-Token': token } });
    },
    async movieInfo(ediNumber) {
      const answer = asJson(await client.request('movieInfo', { query: { ediNumber } }));
      return answer === null || answer === '' ? null : toMovieInfo(answer);
    },
    async reviews(ediNumber) {
      return readList(asList(await client.request('reviews', { query: { ediNumber, ...REVIEWS_PAGE } })), readReview, 'review');
    },
    async tickets() {
      return readList(asList(await client.request('tickets', { query: TICKETS_PAGE })), readTicket, 'ticket');
    },
    async watchList() {
      return readList(asList(await client.request('watchlist', { query: WATCH_LIST_PAGE })), readWatchItem, 'watch list');
    },
    async addToWatchList(movieId) {
      return Boolean(asJson(await client.request('addMovieToWatchList', { method: 'POST', query: { id: movieId } })));
    },
  };
}
