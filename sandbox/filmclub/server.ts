/**
 * The film-club partner sandbox: one loopback HTTP server per partner (118 or 178), playing that
 * partner's film-club API with real behaviour: accounts with scrypt-hashed passwords persisted
 * on disk, tokens and cookie sessions, movie info and reviews for the demo films' EDI numbers,
 * tickets and a watch list per member, CORS with credentials for the site's origins, and
 * switchable faults. The browser islands and their tests run against it.
 *
 * Only node:http, on purpose (as the platform sandbox): no framework normalises paths, bodies
 * or headers that the real partner would not. See sandbox/filmclub/README.md for the contract.
 */
import { closeOnce, listenOnLoopback, readBody, splitUrl, waitWhileWanted } from '../kit';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { AccountStore, demoMember, minPasswordLength, type MemberRecord } from './accounts';
import { defaultProductionsFile, loadCatalogue, movieLink, partners, ratingFor, reviewsFor, type Catalogue, type Movie, type Partner } from './catalogue';
import { checkFault, faultMessage, FaultTable, htmlErrorPage, routeOfFilter, type FilmclubFault } from './faults';
import { checkShape, inShape, ShapeTable, type AnswerShape } from './shapes';

export { demoMember } from './accounts';
export { loadCatalogue, movieIdOf, type Catalogue, type Movie, type Partner, type Review } from './catalogue';
export type { FilmclubFault, RouteName } from './faults';
export type { AnswerShape } from './shapes';
export type { Ticket } from './tickets';

export interface FilmclubSandboxOptions {
  partner: Partner;
  /** TCP port on 127.0.0.1; 0 (the default) picks a free one. */
  port?: number;
  /** Where the members are persisted (default `.sandbox-data/filmclub-<partner>` in the repo). */
  dataDir?: string;
  /** Origins allowed to call with credentials (CORS). */
  allowedOrigins?: string[];
  /** The productions the films come from (default content/productions.json); showtimes come from the events.json beside it. */
  productionsFile?: string;
}

export interface OutboxMail {
  /** The account's e-mail address, as registered. */
  email: string;
  /** When the reset mail was 'sent' (ISO 8601). */
  at: string;
}

export interface LoggedRequest {
  method: string;
  /** Path with query string, as the client sent it. */
  path: string;
  /** Request headers, names in lower case. */
  headers: Record<string, string>;
  /** The request body as text ('' without one). */
  body: string;
}

export interface FilmclubSandbox {
  /** 'http://127.0.0.1:PORT', no trailing slash. */
  url: string;
  port: number;
  partner: Partner;
  /** Injects a fault into every route, or only `path` ('reviews', '/tickets'); null clears (all, or that route's). */
  setFault(fault: FilmclubFault | null, path?: string): void;
  /** Answers records of every shaped route, or only `path` ('reviews', 'tickets'), in this shape; null goes back to capitalised. */
  setShape(shape: AnswerShape | null, path?: string): void;
  /** Password-reset mails 'sent', oldest first. */
  outbox: OutboxMail[];
  /** API requests in arrival order (admin calls and CORS preflights are not logged). */
  requests: LoggedRequest[];
  /** Clears faults, answer shapes, the request log and the outbox; accounts stay. */
  reset(): void;
  /** Stops listening and cuts open connections. */
  close(): Promise<void>;
}

export const defaultAllowedOrigins: readonly string[] = ['http://localhost:4321', 'http://127.0.0.1:4321'];

export const sessionCookie = 'cw_session';

/** The repository's git-ignored `.sandbox-data/filmclub-<partner>`. */
export function defaultDataDir(partner: Partner): string {
  return fileURLToPath(new URL(`../../.sandbox-data/filmclub-${partner}`, import.meta.url));
}

/** Largest request body read (every call of this API is tiny). */

/** Page size ceiling of the list calls. */
const MAX_TAKE = 50;

/** What a handler answers: a JSON body, or none (undefined) for the empty 200s. */
interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

interface State {
  readonly partner: Partner;
  readonly store: AccountStore;
  readonly catalogue: Catalogue;
  readonly allowedOrigins: ReadonlySet<string>;
  readonly faults: FaultTable;
  readonly shapes: ShapeTable;
  readonly outbox: OutboxMail[];
  readonly requests: LoggedRequest[];
  /** Aborted on close(), so slow-fault waits end at once. */
  readonly closing: AbortController;
}

interface Context {
  readonly req: IncomingMessage;
  readonly pathname: string;
  readonly query: URLSearchParams;
  readonly body: string;
  readonly state: State;
}

interface Route {
  readonly method: 'GET' | 'POST';
  readonly handle: (ctx: Context) => Answer | Promise<Answer>;
}

export async function startFilmclubSandbox(options: FilmclubSandboxOptions): Promise<FilmclubSandbox> {
  const { partner } = options;
  if (!partners.includes(partner)) throw new RangeError(`partner must be 118 or 178, not ${String(partner)}`);
  const catalogue = loadCatalogue(options.productionsFile ?? defaultProductionsFile);
  const store = await AccountStore.open(options.dataDir ?? defaultDataDir(partner), partner, catalogue);
  const state: State = {
    partner,
    store,
    catalogue,
    allowedOrigins: new Set((options.allowedOrigins ?? defaultAllowedOrigins).map(normaliseOrigin)),
    faults: new FaultTable(),
    shapes: new ShapeTable(),
    outbox: [],
    requests: [],
    closing: new AbortController(),
  };
  const server = createServer((req, res) => {
    handle(req, res, state).catch((error: unknown) => failSafely(req, res, state, error));
  });
  await listenOnLoopback(server, options.port ?? 0);
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    partner,
    setFault: (fault, path) => state.faults.set(fault, path),
    setShape: (shape, path) => state.shapes.set(shape, path),
    outbox: state.outbox,
    requests: state.requests,
    reset: () => resetState(state),
    close: closeOnce(server, state.closing),
  };
}

/** 'http://Localhost:4321/' → 'http://localhost:4321'; anything that is not an http(s) origin throws. */
export function normaliseOrigin(origin: string): string {
  let url: URL;
  try {
    url = new URL(origin.trim());
  } catch {
    throw new TypeError(`not an origin: ${JSON.stringify(origin)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`not an http(s) origin: ${origin}`);
  return url.origin;
}

function resetState(state: State): void {
  state.faults.clear();
  state.shapes.clear();
  // Emptied in place, so references to sandbox.requests and sandbox.outbox stay live.
  state.requests.length = 0;
  state.outbox.length = 0;
}

// ---------------------------------------------------------------------------------------------
// Request flow: CORS preflight, admin, or API (read, log, fault, route, send).

async function handle(req: IncomingMessage, res: ServerResponse, state: State): Promise<void> {
  const raw = req.url ?? '/';
  const { pathname, query } = splitUrl(raw);
  const cors = corsHeaders(req, state);

  if (req.method === 'OPTIONS') {
    // Preflights are answered for every path and never faulted: the failure a test injects
    // should reach the page as that failure, not as a CORS error.
    const preflight = cors['access-control-allow-origin']
      ? {
          ...cors,
          'access-control-allow-methods': 'GET, POST, OPTIONS',
          'access-control-allow-headers': 'Content-Type, X-Token, X-XSRF-TOKEN',
          'access-control-max-age': '600',
        }
      : cors;
    res.writeHead(204, { ...preflight, allow: 'GET, POST, OPTIONS' });
    res.end();
    return;
  }

  if (pathname === '/' && (req.method === 'GET' || req.method === 'HEAD')) {
    // A person who opens the address in a browser learns what this is; programs never ask here.
    sendText(
      res,
      { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "default-src 'none'; frame-ancestors 'none'" },
      200,
      rootPage(state.partner),
    );
    return;
  }

  const body = await readBody(req);
  if (body === undefined) {
    send(res, cors, error(413, 'Førespurnaden er for stor.'));
    return;
  }
  const ctx: Context = { req, pathname, query, body, state };

  if (pathname === '/__sandbox' || pathname.startsWith('/__sandbox/')) {
    send(res, cors, await routeAdmin(ctx));
    return;
  }

  state.requests.push({ method: req.method ?? 'GET', path: raw, headers: flatHeaders(req), body });
  const fault = state.faults.take(pathname);
  if (fault) {
    if (fault.kind === 'down') {
      res.socket?.destroy();
      return;
    }
    if (fault.kind === 'status') {
      send(res, cors, error(fault.status, faultMessage(fault.status)));
      return;
    }
    if (fault.kind === 'html') {
      sendText(res, { ...cors, 'content-type': 'text/html; charset=utf-8' }, 200, htmlErrorPage);
      return;
    }
    if (!(await waitWhileWanted(fault.delayMs, res, state.closing.signal))) return;
  }
  const answer = await routeApi(ctx);
  send(res, cors, answer.status === 200 ? inShape(answer, state.shapes.of(pathname)) : answer);
}

function rootPage(partner: Partner): string {
  return `<!doctype html>
<html lang="nn">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sandkassa: filmklubben ${partner}</title></head>
<body>
<main>
<h1>Sandkassa: filmklubben til partnar ${partner}</h1>
<p>Denne tenaren speler API-et til filmklubb-partnaren ${partner} når nettstaden køyrer på di eiga maskin: innlogging, filmar, meldingar, billettar og ønskjeliste. Nettstaden snakkar med han frå «Mi side»; her er det ingen sider å sjå.</p>
<p>Prøv filmklubben på nettstaden med demomedlemmen <strong>${demoMember.email} (passord ${demoMember.password})</strong>.</p>
</main>
</body>
</html>
`;
}

/** CORS headers for the request's Origin: credentialed for an allowed origin, none otherwise. */
function corsHeaders(req: IncomingMessage, state: State): Record<string, string> {
  const origin = req.headers.origin;
  // The answer differs by Origin, so caches must key on it, whichever origin asked.
  const headers: Record<string, string> = { vary: 'Origin' };
  if (typeof origin === 'string' && state.allowedOrigins.has(origin)) {
    headers['access-control-allow-origin'] = origin;
    headers['access-control-allow-credentials'] = 'true';
  }
  return headers;
}

function flatHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/** Writes an answer: JSON, or an empty body; unless the connection is gone. */
function send(res: ServerResponse, cors: Record<string, string>, answer: Answer): void {
  const headers = { ...cors, 'cache-control': 'no-store', ...answer.headers };
  if (answer.body === undefined) {
    sendText(res, headers, answer.status, '');
    return;
  }
  sendText(res, { ...headers, 'content-type': 'application/json; charset=utf-8' }, answer.status, JSON.stringify(answer.body));
}

function sendText(res: ServerResponse, headers: Record<string, string>, status: number, text: string): void {
  if (res.destroyed || res.headersSent) return;
  res.writeHead(status, { ...headers, 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function failSafely(req: IncomingMessage, res: ServerResponse, state: State, failure: unknown): void {
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  console.error(`filmclub sandbox ${state.partner}: request failed`, failure);
  send(res, corsHeaders(req, state), error(500, 'Det oppstod ein feil på tenaren.'));
}

function ok(body?: unknown, headers?: Record<string, string>): Answer {
  return headers ? { status: 200, body, headers } : { status: 200, body };
}

/** The partner's error shape: `{Message}`. */
function error(status: number, message: string, headers?: Record<string, string>): Answer {
  return headers ? { status, body: { Message: message }, headers } : { status, body: { Message: message } };
}

// ---------------------------------------------------------------------------------------------
// Request parts.

/** A JSON object body, or the 4xx answer explaining why there is none. */
function jsonBody(ctx: Context): { fields: Record<string, unknown> } | { refused: Answer } {
  const type = (ctx.req.headers['content-type'] ?? '').toLowerCase();
  if (!type.startsWith('application/json')) return { refused: error(415, 'Førespurnaden må sendast som JSON.') };
  try {
    const value = JSON.parse(ctx.body) as unknown;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return { fields: value as Record<string, unknown> };
  } catch {
    // Answered below.
  }
  return { refused: error(400, 'Førespurnaden er ikkje gyldig JSON.') };
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function looksLikeEmail(email: string): boolean {
  return email.length <= 254 && /^[^\s@]+@[^\s@]+$/.test(email);
}

/** skip and take from the query: non-negative integers, take capped at MAX_TAKE. */
function paging(ctx: Context, defaultTake: number): { skip: number; take: number } | Answer {
  const read = (name: string, fallback: number): number | undefined => {
    const raw = ctx.query.get(name);
    if (raw === null || raw === '') return fallback;
    return /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
  };
  const skip = read('skip', 0);
  const take = read('take', defaultTake);
  if (skip === undefined || take === undefined) return error(400, 'skip og take må vere heile tal (0 eller meir).');
  return { skip, take: Math.min(take, MAX_TAKE) };
}

function page<T>(items: readonly T[], { skip, take }: { skip: number; take: number }): T[] {
  return items.slice(skip, skip + take);
}

/** Every cw_session value in the Cookie header (a browser may hold more than one). */
function sessionIds(req: IncomingMessage): string[] {
  const ids: string[] = [];
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    if (part.slice(0, at).trim() === sessionCookie) ids.push(part.slice(at + 1).trim());
  }
  return ids;
}

function sessionHeader(id: string): Record<string, string> {
  return { 'set-cookie': `${sessionCookie}=${id}; Path=/; HttpOnly; SameSite=Lax` };
}

const signInRequired = 'Du må logge inn for å sjå dette.';

function signedIn(ctx: Context): MemberRecord | Answer {
  return ctx.state.store.memberBySession(sessionIds(ctx.req)) ?? error(401, signInRequired);
}

function isMember(value: MemberRecord | Answer): value is MemberRecord {
  return typeof (value as MemberRecord).email === 'string';
}

function movieSummary(partner: Partner, movie: Movie) {
  return {
    MovieId: movie.movieId,
    Title: movie.title,
    Edis: [...movie.edis],
    Poster: movie.poster,
    Link: movieLink(partner, movie.movieId),
  };
}

// ---------------------------------------------------------------------------------------------
// The partner API.

async function login(ctx: Context): Promise<Answer> {
  const parsed = jsonBody(ctx);
  if ('refused' in parsed) return parsed.refused;
  const body = parsed.fields;
  const email = text(body['Email']);
  const password = typeof body['Password'] === 'string' ? body['Password'] : '';
  if (email === '' || password === '') return error(400, 'Skriv inn e-post og passord.');
  const { store } = ctx.state;
  const member = await store.verify(email, password);
  if (!member) return error(401, 'Feil e-post eller passord');
  const token = store.issueToken(member);
  const session = store.createSession(member);
  return ok({ UserName: member.userName, UserInfo: member.email, marsToken: token }, sessionHeader(session));
}

async function signup(ctx: Context): Promise<Answer> {
  const parsed = jsonBody(ctx);
  if ('refused' in parsed) return parsed.refused;
  // SPEC §7 names the sign-up fields email, password, userName (login keeps Email, Password).
  const body = parsed.fields;
  const email = text(body['email']);
  const password = typeof body['password'] === 'string' ? body['password'] : '';
  const userName = text(body['userName']);
  if (!looksLikeEmail(email)) return error(400, 'Skriv inn ei gyldig e-postadresse.');
  if (password.length < minPasswordLength) return error(400, `Passordet må ha minst ${minPasswordLength} teikn.`);
  if (password.length > 1024) return error(400, 'Passordet er for langt.');
  if (userName === '') return error(400, 'Skriv inn namnet ditt.');
  if (userName.length > 100) return error(400, 'Namnet kan ha høgst 100 teikn.');
  const { store } = ctx.state;
  const result = await store.signup(email, password, userName);
  if (!result.ok) return error(409, 'Det finst alt ein konto med denne e-postadressa.');
  const token = store.issueToken(result.member);
  const session = store.createSession(result.member);
  return ok({ UserName: result.member.userName, ContactEmail: result.member.email, Token: token }, sessionHeader(session));
}

function forgotPassword(ctx: Context): Answer {
  const parsed = jsonBody(ctx);
  if ('refused' in parsed) return parsed.refused;
  const body = parsed.fields;
  const email = text(body['Email']);
  if (email === '') return error(400, 'Skriv inn e-postadressa di.');
  if (!looksLikeEmail(email)) return error(400, 'Skriv inn ei gyldig e-postadresse.');
  const member = ctx.state.store.findByEmail(email);
  // The same empty answer either way, so nobody can probe which addresses have accounts.
  if (member) ctx.state.outbox.push({ email: member.email, at: new Date().toISOString() });
  return ok();
}

function switchTokens(ctx: Context): Answer {
  const header = ctx.req.headers['x-token'];
  const token = typeof header === 'string' ? header.trim() : '';
  const member = ctx.state.store.memberByToken(token);
  if (!member) return error(401, 'Innlogginga er ikkje gyldig lenger. Logg inn på nytt.');
  return ok(undefined, sessionHeader(ctx.state.store.createSession(member)));
}

function ediMovie(ctx: Context): Movie | Answer {
  const edi = (ctx.query.get('ediNumber') ?? '').trim();
  if (edi === '') return error(400, 'ediNumber manglar.');
  return ctx.state.catalogue.byEdi.get(edi) ?? error(404, 'Fann ikkje filmen.');
}

function isMovie(value: Movie | Answer): value is Movie {
  return typeof (value as Movie).movieId === 'number';
}

function movieInfo(ctx: Context): Answer {
  const movie = ediMovie(ctx);
  if (!isMovie(movie)) return movie;
  const { rating, count } = ratingFor(ctx.state.partner, movie);
  return ok({
    Title: movie.title,
    MovieId: movie.movieId,
    Edis: [...movie.edis],
    Rating: rating,
    RatingCount: count,
    Poster: movie.poster,
    Link: movieLink(ctx.state.partner, movie.movieId),
  });
}

function reviews(ctx: Context): Answer {
  const movie = ediMovie(ctx);
  const paged = paging(ctx, 20);
  if ('status' in paged) return paged;
  if (!isMovie(movie)) {
    // A film the partner does not know simply has no reviews (a list query, not a lookup).
    return movie.status === 404 ? ok([]) : movie;
  }
  return ok(page(reviewsFor(ctx.state.partner, movie), paged));
}

function tickets(ctx: Context): Answer {
  const member = signedIn(ctx);
  if (!isMember(member)) return member;
  const paged = paging(ctx, 10);
  if ('status' in paged) return paged;
  const sorted = [...member.tickets].sort((a, b) => Date.parse(a.StartTime) - Date.parse(b.StartTime));
  return ok(page(sorted, paged));
}

function watchlist(ctx: Context): Answer {
  const member = signedIn(ctx);
  if (!isMember(member)) return member;
  const paged = paging(ctx, 10);
  if ('status' in paged) return paged;
  const { catalogue, partner } = ctx.state;
  // Films gone from the catalogue since they were added are left out, not answered as holes.
  const movies = member.watchlist
    .map((id) => catalogue.byId.get(id))
    .filter((movie): movie is Movie => movie !== undefined)
    .map((movie) => movieSummary(partner, movie));
  return ok(page(movies, paged));
}

function addMovieToWatchList(ctx: Context): Answer {
  const member = signedIn(ctx);
  if (!isMember(member)) return member;
  const raw = (ctx.query.get('id') ?? '').trim();
  if (!/^\d{1,9}$/.test(raw)) return error(400, 'id må vere ein film-id (eit heilt tal).');
  const movie = ctx.state.catalogue.byId.get(Number(raw));
  if (!movie) return error(404, 'Fann ikkje filmen.');
  ctx.state.store.addToWatchlist(member, movie.movieId);
  return ok(true);
}

const apiRoutes: ReadonlyMap<string, Route> = new Map<string, Route>([
  ['/login', { method: 'POST', handle: login }],
  ['/signup', { method: 'POST', handle: signup }],
  ['/forgotPassword', { method: 'POST', handle: forgotPassword }],
  ['/switchTokensDx', { method: 'POST', handle: switchTokens }],
  ['/movieInfo', { method: 'GET', handle: movieInfo }],
  ['/reviews', { method: 'GET', handle: reviews }],
  ['/tickets', { method: 'GET', handle: tickets }],
  ['/watchlist', { method: 'GET', handle: watchlist }],
  ['/addMovieToWatchList', { method: 'POST', handle: addMovieToWatchList }],
]);

function routeApi(ctx: Context): Answer | Promise<Answer> {
  return dispatch(ctx, apiRoutes);
}

function dispatch(ctx: Context, routes: ReadonlyMap<string, Route>): Answer | Promise<Answer> {
  const route = routes.get(ctx.pathname);
  if (!route) return error(404, 'Fann ikkje adressa.');
  if (route.method !== ctx.req.method) return error(405, 'Metoden er ikkje tillaten her.', { allow: route.method });
  return route.handle(ctx);
}

// ---------------------------------------------------------------------------------------------
// Admin endpoints for browser tests and manual poking (no auth; the server is loopback only).

function setFaultFromRequest(ctx: Context): Answer {
  let parsed: unknown;
  try {
    parsed = JSON.parse(ctx.body === '' ? '{}' : ctx.body) as unknown;
  } catch {
    return error(400, 'body must be JSON {fault, path?}');
  }
  if (typeof parsed !== 'object' || parsed === null) return error(400, 'body must be JSON {fault, path?}');
  const { fault, path } = parsed as { fault?: unknown; path?: unknown };
  if (path !== undefined && path !== null && typeof path !== 'string') return error(400, 'path must be a string');
  try {
    const route = typeof path === 'string' ? routeOfFilter(path) : undefined;
    const checked = fault === null || fault === undefined ? null : checkFault(fault);
    ctx.state.faults.set(checked, route);
    return ok({ ok: true, fault: checked, path: route ?? null });
  } catch (failure) {
    return error(400, (failure as Error).message);
  }
}

function setShapeFromRequest(ctx: Context): Answer {
  let parsed: unknown;
  try {
    parsed = JSON.parse(ctx.body === '' ? '{}' : ctx.body) as unknown;
  } catch {
    return error(400, 'body must be JSON {shape, path?}');
  }
  if (typeof parsed !== 'object' || parsed === null) return error(400, 'body must be JSON {shape, path?}');
  const { shape, path } = parsed as { shape?: unknown; path?: unknown };
  if (path !== undefined && path !== null && typeof path !== 'string') return error(400, 'path must be a string');
  try {
    const checked = shape === null || shape === undefined ? null : checkShape(shape);
    const route = ctx.state.shapes.set(checked, typeof path === 'string' ? path : undefined);
    return ok({ ok: true, shape: checked, path: route ?? null });
  } catch (failure) {
    return error(400, (failure as Error).message);
  }
}

const adminRoutes: ReadonlyMap<string, Route> = new Map<string, Route>([
  ['/__sandbox/fault', { method: 'POST', handle: setFaultFromRequest }],
  ['/__sandbox/shape', { method: 'POST', handle: setShapeFromRequest }],
  [
    '/__sandbox/reset',
    {
      method: 'POST',
      handle: (ctx) => {
        resetState(ctx.state);
        return ok({ ok: true });
      },
    },
  ],
  ['/__sandbox/outbox', { method: 'GET', handle: (ctx) => ok(ctx.state.outbox) }],
  ['/__sandbox/requests', { method: 'GET', handle: (ctx) => ok(ctx.state.requests) }],
]);

function routeAdmin(ctx: Context): Answer | Promise<Answer> {
  return dispatch(ctx, adminRoutes);
}
