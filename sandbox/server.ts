/**
 * The platform sandbox: one loopback HTTP server playing the identity provider, the management
 * API, the runtime API and the platform data API over a dataset, with real authentication and
 * injectable faults. The content import is tested against it over real HTTP, so retries, token
 * refresh and parse errors are exercised the way production would exercise them.
 *
 * Only node:http, on purpose: no framework quietly normalises paths, bodies or headers that the
 * real services would not.
 */
import { closeOnce, listenOnLoopback, readBody, splitUrl, waitWhileWanted } from './kit';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { assertDataset, loadDataset, type Dataset } from './dataset';
import { rollDates } from './dates';
import { breakFirstRecord, checkFault, cutInHalf, FaultTable, isApi, type Api, type Fault } from './faults';
import { applyCors, defaultSiteOrigins, NewsletterList, subscribeAnswer } from './newsletter';
import { applyBoxOfficeChange, BoxOfficeError, parseBoxOfficeChange, showingsOn } from './box-office';
import { applyEdit, defaultDrafts, parseEdit, sendWebhook, withDrafts, type Drafts, type Webhook } from './cms';
import { articlePath, EDITOR_CSP, editableArticle, editPage, indexPage, messagePage, parseArticleForm, rootPage, type EditorLinks } from './editor';
import { BOX_OFFICE_PAGE, boxOfficePage, changedText, osloDayOf, pageDays, parseBoxOfficeForm, type BoxOfficeView } from './box-office-page';

export type { Dataset } from './dataset';
export { loadDataset } from './dataset';
export type { Api, Fault } from './faults';

export interface Credentials {
  username: string;
  password: string;
}

export interface SandboxOptions {
  /** TCP port on 127.0.0.1; 0 (the default) picks a free one. */
  port?: number;
  /** Data to serve; wins over dataDir. */
  dataset?: Dataset;
  /** Directory with site.json, articles.json, block-data.json, productions.json, events.json. */
  dataDir?: string;
  /** HTTP Basic credentials of the platform data API. */
  basic?: Credentials;
  /** OAuth client of the identity provider. */
  client?: { id: string; secret: string };
  /** Lifetime of issued tokens in seconds (default 300). */
  tokenTtlSeconds?: number;
  /** Origins whose browser calls may read the newsletter API's answers (default: the site's dev, preview and test origins). */
  corsOrigins?: readonly string[];
  /** Where to send the CMS's signed publish webhook after an edit (`POST /__sandbox/edit`); none when unset. */
  webhook?: Webhook;
  /** Drafts to start with (default: the demo's one draft, see cms.ts). */
  drafts?: Drafts;
  /** Serve the events moved to the weeks starting on this day (dates.ts): the demo that never goes stale. */
  rollDatesTo?: Date;
  /** Where the CMS editor pages (`/__sandbox/`, editor.ts) link: the staff status page and the public site. */
  editorLinks?: EditorLinks;
  /** How often the site fetches box-office changes, in minutes, for the box-office page to say when a change goes out (unset: not said). */
  boxOfficeMinutes?: number;
  /** The sandbox's clock (the box-office page's today); tests pass a fixed one. */
  now?: () => Date;
}

export type AuthKind = 'none' | 'basic' | 'bearer';

export interface RequestLog {
  api: Api;
  method: string;
  /** Path with query string, as the client sent it. */
  path: string;
  /** The scheme of the Authorization header sent, whether or not it was accepted. */
  auth: AuthKind;
  /** Status answered; 0 while pending, and for dropped or abandoned requests. */
  status: number;
}

export interface Sandbox {
  /** 'http://127.0.0.1:PORT', no trailing slash. */
  url: string;
  port: number;
  /** Injects a fault into one API or all of them; null clears it. */
  setFault(api: Api | 'all', fault: Fault | null): void;
  /** Invalidates every token issued so far, as if they had all expired. */
  revokeTokens(): void;
  /** Every API request in arrival order (admin requests are not logged). */
  requests: RequestLog[];
  /** Addresses signed up for the newsletter (normalised), in sign-up order. */
  newsletterSubscribers(): string[];
  /** Clears faults, the request log and the newsletter list; issued tokens stay valid (see revokeTokens). */
  reset(): void;
  /** Stops listening and cuts open connections, so no test waits on keep-alive sockets. */
  close(): Promise<void>;
}

export const defaultBasic: Credentials = { username: 'kaia-import', password: 'sandbox-password' };
export const defaultClient = { id: 'kaia-import', secret: 'sandbox-secret' };
export const defaultTokenTtlSeconds = 300;

/** Largest request body read (token requests and admin calls are tiny). */

/** What a handler answers before faults and serialisation. */
interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

interface State {
  readonly dataset: Dataset;
  readonly basic: Credentials;
  readonly client: { id: string; secret: string };
  readonly ttlSeconds: number;
  /** Issued tokens and when they expire (ms since epoch). */
  readonly tokens: Map<string, number>;
  readonly faults: FaultTable;
  readonly requests: RequestLog[];
  /** Aborted on close(), so slow-fault waits end at once. */
  readonly closing: AbortController;
  readonly newsletter: NewsletterList;
  readonly corsOrigins: readonly string[];
  readonly drafts: Drafts;
  readonly webhook: Webhook | undefined;
  readonly editorLinks: EditorLinks;
  readonly boxOfficeMinutes: number | undefined;
  readonly now: () => Date;
  /** When the runtime API's basic_events (what the site's import and box-office check read) was last answered. */
  lastBoxOfficeCheck: Date | undefined;
}

interface Context {
  readonly req: IncomingMessage;
  readonly pathname: string;
  readonly query: URLSearchParams;
  readonly state: State;
}

interface Route {
  readonly method: 'GET' | 'POST';
  readonly pattern: RegExp;
  readonly handle: (ctx: Context, params: string[]) => Answer | Promise<Answer>;
}

/** How an API is guarded and routed. The idp is unguarded: its handler checks the client. */
interface ApiSpec {
  readonly guard: 'none' | 'basic' | 'bearer';
  /** Sent with every 401 of this API, including injected ones. */
  readonly challenge: string;
  readonly routes: readonly Route[];
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const state = createState(options);
  const server = createServer((req, res) => {
    handle(req, res, state).catch((error: unknown) => failSafely(res, error));
  });
  await listenOnLoopback(server, options.port ?? 0);
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    setFault: (api, fault) => setFault(state, api, fault),
    revokeTokens: () => state.tokens.clear(),
    requests: state.requests,
    newsletterSubscribers: () => state.newsletter.list(),
    reset: () => resetState(state),
    close: closeOnce(server, state.closing),
  };
}

function createState(options: SandboxOptions): State {
  const ttlSeconds = options.tokenTtlSeconds ?? defaultTokenTtlSeconds;
  if (!(Number.isFinite(ttlSeconds) && ttlSeconds > 0)) throw new RangeError('tokenTtlSeconds must be positive');
  const given = options.dataset ? assertDataset(options.dataset) : loadDataset(options.dataDir);
  const dataset = options.rollDatesTo ? rollDates(given, options.rollDatesTo) : given;
  return {
    dataset,
    drafts: options.drafts ?? defaultDrafts(dataset),
    webhook: options.webhook,
    editorLinks: options.editorLinks ?? {},
    boxOfficeMinutes: options.boxOfficeMinutes,
    now: options.now ?? (() => new Date()),
    lastBoxOfficeCheck: undefined,
    basic: options.basic ?? defaultBasic,
    client: options.client ?? defaultClient,
    ttlSeconds,
    tokens: new Map(),
    faults: new FaultTable(),
    requests: [],
    closing: new AbortController(),
    newsletter: new NewsletterList(),
    corsOrigins: options.corsOrigins ?? defaultSiteOrigins,
  };
}

function resetState(state: State): void {
  state.faults.clear();
  // Emptied in place, so a reference to sandbox.requests stays live.
  state.requests.length = 0;
  state.newsletter.clear();
}

function setFault(state: State, api: Api | 'all', fault: Fault | null): void {
  if (api !== 'all' && !isApi(api)) throw new TypeError(`unknown api ${JSON.stringify(api)}`);
  state.faults.set(api, fault === null ? null : checkFault(fault));
}

// ---------------------------------------------------------------------------------------------
// Request flow: admin or API; for an API, log, early faults, auth, route, late faults, send.

async function handle(req: IncomingMessage, res: ServerResponse, state: State): Promise<void> {
  const raw = req.url ?? '/';
  const { pathname, query } = splitUrl(raw);
  const ctx: Context = { req, pathname, query, state };

  if (pathname === '/__sandbox' || pathname.startsWith('/__sandbox/')) {
    send(res, await route(ctx, adminRoutes));
    return;
  }
  if (pathname === '/' && (req.method === 'GET' || req.method === 'HEAD')) {
    send(res, htmlAnswer(200, rootPage()));
    return;
  }
  const api = apiOf(pathname);
  if (!api) {
    send(res, errorAnswer(404, 'not found'));
    return;
  }
  // Browsers call the newsletter from the site: CORS headers on every answer, preflights answered here.
  if (api === 'newsletter' && applyCors(req, res, state.corsOrigins)) return;
  // The runtime API is public and read by every visitor's browser: any origin may read it.
  if (api === 'runtime') res.setHeader('access-control-allow-origin', '*');
  const entry: RequestLog = { api, method: req.method ?? 'GET', path: raw, auth: authKind(req), status: 0 };
  state.requests.push(entry);
  if (!(await applyEarlyFault(api, res, entry, state))) return;
  const answer = await answerApi(ctx, api);
  entry.status = send(res, applyLateFaults(api, answer, state));
}

function apiOf(pathname: string): Api | undefined {
  const first = pathname.split('/')[1];
  return isApi(first) ? first : undefined;
}

/**
 * The faults that strike before the request is looked at: an error status, a dropped
 * connection, or a delay. Returns whether the request should still be answered normally.
 */
async function applyEarlyFault(api: Api, res: ServerResponse, entry: RequestLog, state: State): Promise<boolean> {
  const fault = state.faults.take(api, ['status', 'drop', 'slow']);
  if (!fault) return true;
  if (fault.kind === 'status') {
    const headers: Record<string, string> = fault.status === 401 ? { 'www-authenticate': specs[api].challenge } : {};
    if (fault.retryAfter !== undefined) headers['retry-after'] = fault.retryAfter;
    entry.status = send(res, errorAnswer(fault.status, 'sandbox fault', headers));
    return false;
  }
  if (fault.kind === 'drop') {
    res.socket?.destroy();
    return false;
  }
  return waitWhileWanted(fault.delayMs, res, state.closing.signal);
}

async function answerApi(ctx: Context, api: Api): Promise<Answer> {
  const spec = specs[api];
  const refused = checkAuth(ctx, spec);
  return refused ?? route(ctx, spec.routes);
}

/** An answer ready to write: status, body text and extra headers. */
interface Prepared {
  status: number;
  text: string;
  headers: Record<string, string>;
}

function prepare(answer: Answer): Prepared {
  // A string body with its own content type (the newsletter's page) goes out as it is.
  const raw = typeof answer.body === 'string' && 'content-type' in answer.headers;
  return { status: answer.status, text: raw ? (answer.body as string) : JSON.stringify(answer.body), headers: answer.headers };
}

/** Faults that spoil a successful answer: a broken first record, then a truncated body. */
function applyLateFaults(api: Api, answer: Answer, state: State): Prepared {
  if (answer.status !== 200) return prepare(answer);
  const breakIt = Array.isArray(answer.body) && state.faults.take(api, ['bad-record']) !== undefined;
  const prepared = prepare(breakIt ? { ...answer, body: breakFirstRecord(answer.body as unknown[]) } : answer);
  if (state.faults.take(api, ['malformed-json'])) prepared.text = cutInHalf(prepared.text);
  return prepared;
}

/** Writes a JSON answer unless the connection is gone; returns the status sent (0: none). */
function send(res: ServerResponse, answer: Answer | Prepared): number {
  const { status, text, headers } = 'text' in answer ? answer : prepare(answer);
  if (res.destroyed || res.headersSent) return 0;
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    ...headers,
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
  return status;
}

function failSafely(res: ServerResponse, error: unknown): void {
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  console.error('sandbox: request failed', error);
  send(res, errorAnswer(500, 'sandbox error'));
}

function route(ctx: Context, routes: readonly Route[]): Answer | Promise<Answer> {
  const allowed: string[] = [];
  for (const candidate of routes) {
    const match = candidate.pattern.exec(ctx.pathname);
    if (!match) continue;
    if (candidate.method !== ctx.req.method) {
      allowed.push(candidate.method);
      continue;
    }
    const params = decodeParams(match.slice(1));
    return params ? candidate.handle(ctx, params) : errorAnswer(404, 'not found');
  }
  if (allowed.length > 0) return errorAnswer(405, 'method not allowed', { allow: allowed.join(', ') });
  return errorAnswer(404, 'not found');
}

function decodeParams(raw: (string | undefined)[]): string[] | undefined {
  try {
    return raw.map((part) => decodeURIComponent(part ?? ''));
  } catch {
    return undefined;
  }
}

function ok(body: unknown, headers: Record<string, string> = {}): Answer {
  return { status: 200, body, headers };
}

function errorAnswer(status: number, error: string, headers: Record<string, string> = {}): Answer {
  return { status, body: { error }, headers };
}

// ---------------------------------------------------------------------------------------------
// Authentication.

function authKind(req: IncomingMessage): AuthKind {
  const scheme = (req.headers.authorization ?? '').split(' ')[0]?.toLowerCase();
  return scheme === 'basic' ? 'basic' : scheme === 'bearer' ? 'bearer' : 'none';
}

/** The 401 answer when the API's guard refuses the request, else undefined. */
function checkAuth(ctx: Context, spec: ApiSpec): Answer | undefined {
  if (spec.guard === 'none') return undefined;
  if (spec.guard === 'basic') {
    const given = basicCredentials(ctx.req);
    const { username, password } = ctx.state.basic;
    if (given && safeEqual(given.username, username) && safeEqual(given.password, password)) return undefined;
    return errorAnswer(401, 'unauthorized', { 'www-authenticate': spec.challenge });
  }
  if (validToken(ctx)) return undefined;
  return errorAnswer(401, 'invalid_token', { 'www-authenticate': spec.challenge });
}

function validToken(ctx: Context): boolean {
  const match = /^Bearer +(\S+)\s*$/i.exec(ctx.req.headers.authorization ?? '');
  const expiresAt = match?.[1] === undefined ? undefined : ctx.state.tokens.get(match[1]);
  return expiresAt !== undefined && Date.now() < expiresAt;
}

/** Username and password of an HTTP Basic Authorization header (UTF-8, RFC 7617). */
function basicCredentials(req: IncomingMessage): Credentials | undefined {
  const match = /^Basic +([A-Za-z0-9+/=]+)\s*$/i.exec(req.headers.authorization ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** Constant-time comparison (of digests, so unequal lengths are fine too). */
function safeEqual(a: string, b: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(a), digest(b));
}

// ---------------------------------------------------------------------------------------------
// Identity provider: OAuth 2 client credentials.

async function issueToken(ctx: Context): Promise<Answer> {
  const type = (ctx.req.headers['content-type'] ?? '').toLowerCase();
  if (!type.startsWith('application/x-www-form-urlencoded')) return errorAnswer(400, 'invalid_request');
  const text = await readBody(ctx.req);
  if (text === undefined) return errorAnswer(413, 'request body too large');
  const form = new URLSearchParams(text);
  const grant = form.get('grant_type');
  if (grant === null) return errorAnswer(400, 'invalid_request');
  if (grant !== 'client_credentials') return errorAnswer(400, 'unsupported_grant_type');

  // Client authentication may come as HTTP Basic (preferred by RFC 6749) or in the body.
  const basic = basicCredentials(ctx.req);
  const id = basic?.username ?? form.get('client_id') ?? '';
  const secret = basic?.password ?? form.get('client_secret') ?? '';
  const { client } = ctx.state;
  if (!(safeEqual(id, client.id) && safeEqual(secret, client.secret))) {
    return errorAnswer(401, 'invalid_client', basic ? { 'www-authenticate': specs.idp.challenge } : {});
  }
  return ok(
    { access_token: newToken(ctx.state), token_type: 'Bearer', expires_in: ctx.state.ttlSeconds },
    // Token answers must never be cached (RFC 6749, 5.1).
    { 'cache-control': 'no-store', pragma: 'no-cache' },
  );
}

function newToken(state: State): string {
  const now = Date.now();
  // Keeps the table small when a benchmark fetches tokens by the thousand.
  if (state.tokens.size >= 1000) {
    for (const [token, expiresAt] of state.tokens) if (expiresAt <= now) state.tokens.delete(token);
  }
  const token = randomBytes(32).toString('base64url');
  state.tokens.set(token, now + state.ttlSeconds * 1000);
  return token;
}

// ---------------------------------------------------------------------------------------------
// Data APIs.

/**
 * Management collections answer the stable (published) state with `stable=1`, and the latest
 * saved state, drafts included, without it; any other value of `stable` is refused.
 */
function managementCollection(key: 'articles' | 'blockData'): Route['handle'] {
  return (ctx, [siteId]) => {
    if (siteId !== ctx.state.dataset.site.id) return errorAnswer(404, 'site not found');
    const stable = ctx.query.get('stable');
    if (stable === null) return ok(withDrafts(ctx.state.dataset[key], ctx.state.drafts.get(key)));
    if (stable !== '1') return errorAnswer(400, 'stable must be 1 or left out');
    return ok(ctx.state.dataset[key]);
  };
}

/** Runtime site keys look like 'site118a'. */
function isRuntimeSite(site: string): boolean {
  return /^site\d+a$/.test(site);
}

/** basic_events: every performance and showtime of the site (our events). */
function runtimeBasicEvents(ctx: Context, [site]: string[]): Answer {
  if (site === undefined || !isRuntimeSite(site)) return errorAnswer(404, 'site not found');
  ctx.state.lastBoxOfficeCheck = ctx.state.now();
  return ok(ctx.state.dataset.events);
}

function runtimeEventsByKeys(ctx: Context): Answer {
  const keys = (ctx.query.get('keys') ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key !== '');
  if (keys.length === 0) return errorAnswer(400, 'keys is required');
  const site = ctx.query.get('site');
  if (site === null) return errorAnswer(400, 'site is required');
  if (!isRuntimeSite(site)) return errorAnswer(404, 'site not found');
  const wanted = new Set(keys);
  return ok(ctx.state.dataset.events.filter((event) => wanted.has(idOf(event))));
}

function idOf(record: unknown): string {
  const id = (record as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? id : '';
}

/** The platform calls a film or culture production an "event" (our productions). */
function platformEvents(ctx: Context, [siteId]: string[]): Answer {
  if (siteId !== ctx.state.dataset.site.id) return errorAnswer(404, 'site not found');
  return ok(ctx.state.dataset.productions);
}

const specs: Record<Api, ApiSpec> = {
  idp: {
    guard: 'none',
    challenge: 'Basic realm="idp"',
    routes: [{ method: 'POST', pattern: /^\/idp\/token$/, handle: issueToken }],
  },
  management: {
    guard: 'bearer',
    challenge: 'Bearer error="invalid_token"',
    routes: [
      {
        method: 'GET',
        pattern: /^\/management\/site\/([^/]+)\/article$/,
        handle: managementCollection('articles'),
      },
      {
        method: 'GET',
        pattern: /^\/management\/site\/([^/]+)\/block-data$/,
        handle: managementCollection('blockData'),
      },
    ],
  },
  runtime: {
    guard: 'none',
    challenge: 'Bearer realm="runtime"',
    routes: [
      { method: 'GET', pattern: /^\/runtime\/sites\/([^/]+)\/basic_events$/, handle: runtimeBasicEvents },
      { method: 'GET', pattern: /^\/runtime\/events$/, handle: runtimeEventsByKeys },
    ],
  },
  platform: {
    guard: 'basic',
    challenge: 'Basic realm="platform"',
    routes: [
      { method: 'GET', pattern: /^\/platform\/sites$/, handle: (ctx) => ok([ctx.state.dataset.site]) },
      { method: 'GET', pattern: /^\/platform\/sites\/([^/]+)\/events$/, handle: platformEvents },
    ],
  },
  newsletter: {
    guard: 'none',
    challenge: 'Bearer realm="newsletter"',
    routes: [
      {
        method: 'POST',
        pattern: /^\/newsletter\/subscribe$/,
        handle: async (ctx) => subscribeAnswer(ctx.req, await readBody(ctx.req), ctx.state.newsletter, ctx.state.corsOrigins),
      },
    ],
  },
};

// ---------------------------------------------------------------------------------------------
// Admin endpoints, for poking a running sandbox by hand (curl) or from another process.

async function setFaultFromRequest(ctx: Context): Promise<Answer> {
  const text = await readBody(ctx.req);
  if (text === undefined) return errorAnswer(413, 'request body too large');
  try {
    const { api, fault } = JSON.parse(text) as { api?: unknown; fault?: unknown };
    if (api !== 'all' && !isApi(api)) return errorAnswer(400, 'api must be idp, management, runtime, platform, newsletter or all');
    const checked = fault === null || fault === undefined ? null : checkFault(fault);
    setFault(ctx.state, api, checked);
    return ok({ ok: true, api, fault: checked });
  } catch (error) {
    return errorAnswer(400, (error as Error).message);
  }
}

async function editFromRequest(ctx: Context): Promise<Answer> {
  const text = await readBody(ctx.req);
  if (text === undefined) return errorAnswer(413, 'request body too large');
  let record: unknown;
  let draft: boolean;
  let payload: Record<string, unknown>;
  try {
    const edit = parseEdit(JSON.parse(text));
    record = applyEdit(ctx.state.dataset, ctx.state.drafts, edit);
    draft = edit.draft;
    payload = { event: draft ? 'draft' : 'publish', collection: edit.collection, id: edit.id };
  } catch (error) {
    return errorAnswer(error instanceof RangeError ? 404 : 400, (error as Error).message);
  }
  const webhook = ctx.state.webhook ? await sendWebhook(ctx.state.webhook, payload) : undefined;
  return ok({ record, draft, webhook: webhook ?? null });
}

// ---------------------------------------------------------------------------------------------
// The CMS editor pages (editor.ts): an editor's edit in a browser, then the CMS's signed webhook.

function htmlAnswer(status: number, html: string): Answer {
  return { status, body: html, headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': EDITOR_CSP, 'cache-control': 'no-store' } };
}

function draftOf(state: State, id: string): unknown {
  return state.drafts.get('articles')?.get(id);
}

function editorIndex(ctx: Context): Answer {
  const articles = ctx.state.dataset.articles.flatMap((record) => {
    const article = editableArticle(record);
    return article ? [{ article, hasDraft: draftOf(ctx.state, article.id) !== undefined }] : [];
  });
  return htmlAnswer(200, indexPage(articles, ctx.state.editorLinks));
}

function findArticle(state: State, id: string | undefined) {
  const record = state.dataset.articles.find((candidate) => idOf(candidate) === id);
  return record ? editableArticle(record) : undefined;
}

function editorArticle(ctx: Context, [id]: string[]): Answer {
  const published = findArticle(ctx.state, id);
  if (!published) return htmlAnswer(404, messagePage('Fann ikkje artikkelen'));
  const draft = editableArticle(draftOf(ctx.state, published.id));
  const shown = draft ?? published;
  const notice = ctx.query.get('lagra');
  const hook = ctx.query.get('webhook');
  return htmlAnswer(
    200,
    editPage(
      published,
      {
        title: shown.title,
        content: shown.content,
        hasDraft: draft !== undefined,
        notice: notice === 'draft' || notice === 'published' ? notice : undefined,
        webhookStatus: hook !== null && /^\d{1,3}$/.test(hook) ? Number(hook) : undefined,
      },
      ctx.state.editorLinks,
    ),
  );
}

async function editorSave(ctx: Context, [id]: string[]): Promise<Answer> {
  const origin = ctx.req.headers.origin;
  // Only this page may post here: another site's page cannot make the sandbox publish.
  if (origin !== undefined && origin !== `http://${ctx.req.headers.host ?? ''}`)
    return htmlAnswer(403, messagePage('Ikkje tillate: skjemaet kom frå ei anna side'));
  const article = findArticle(ctx.state, id);
  if (!article) return editorArticle(ctx, [id ?? '']);
  const text = await readBody(ctx.req);
  if (text === undefined) return errorAnswer(413, 'request body too large');
  const form = parseArticleForm(text);
  if (!form.ok)
    return htmlAnswer(
      400,
      editPage(
        article,
        { title: form.title, content: form.content, hasDraft: draftOf(ctx.state, article.id) !== undefined, error: form.error },
        ctx.state.editorLinks,
      ),
    );
  const draft = form.action === 'draft';
  applyEdit(ctx.state.dataset, ctx.state.drafts, { collection: 'articles', id: article.id, changes: { title: form.title, content: form.content }, draft });
  const payload = { event: draft ? 'draft' : 'publish', collection: 'articles', id: article.id };
  const webhook = ctx.state.webhook ? await sendWebhook(ctx.state.webhook, payload) : undefined;
  const query = new URLSearchParams({ lagra: draft ? 'draft' : 'published', ...(webhook ? { webhook: String(webhook.status) } : {}) });
  return { status: 303, body: '', headers: { 'content-type': 'text/plain; charset=utf-8', location: `${articlePath(article.id)}?${query}` } };
}

const CHANGEABLE_EVENT_FIELDS = ['startTime', 'endTime', 'availability', 'status', 'ticketUrl'] as const;

async function changeEventFromRequest(ctx: Context): Promise<Answer> {
  const text = await readBody(ctx.req);
  if (text === undefined) return errorAnswer(413, 'request body too large');
  try {
    const { id, changes } = JSON.parse(text) as { id?: unknown; changes?: Record<string, unknown> };
    const event = ctx.state.dataset.events.find((candidate) => (candidate as { id?: unknown }).id === id) as Record<string, unknown> | undefined;
    if (!event) return errorAnswer(404, 'no such event');
    for (const field of CHANGEABLE_EVENT_FIELDS) if (changes && field in changes) event[field] = changes[field];
    return ok(event);
  } catch (error) {
    return errorAnswer(400, (error as Error).message);
  }
}

/** The box office changes its data (what the runtime API serves): a new showing, a new time, sold out. No webhook: the platform sends none. */
async function boxOfficeFromRequest(ctx: Context): Promise<Answer> {
  const text = await readBody(ctx.req);
  if (text === undefined) return errorAnswer(413, 'request body too large');
  try {
    const change = parseBoxOfficeChange(JSON.parse(text));
    return ok({ event: applyBoxOfficeChange(ctx.state.dataset, change) });
  } catch (error) {
    if (error instanceof BoxOfficeError) return errorAnswer(error.status, error.message);
    if (error instanceof SyntaxError) return errorAnswer(400, `the body is not JSON: ${error.message}`);
    throw error;
  }
}

function showingsFromRequest(ctx: Context): Answer {
  try {
    return ok({ showings: showingsOn(ctx.state.dataset, ctx.query.get('day') ?? '') });
  } catch (error) {
    if (error instanceof BoxOfficeError) return errorAnswer(error.status, error.message);
    throw error;
  }
}

function boxOfficeDay(ctx: Context): string {
  const asked = ctx.query.get('dag') ?? '';
  return pageDays(ctx.state.now()).includes(asked) ? asked : osloDayOf(ctx.state.now());
}

function boxOfficeView(state: State, day: string, notice?: BoxOfficeView['notice']): string {
  return boxOfficePage({
    day,
    now: state.now(),
    showings: showingsOn(state.dataset, day),
    checks: { intervalMinutes: state.boxOfficeMinutes, lastBoxOfficeCheck: state.lastBoxOfficeCheck },
    notice,
    siteUrl: state.editorLinks.siteUrl,
  });
}

function boxOfficeIndex(ctx: Context): Answer {
  const day = boxOfficeDay(ctx);
  const changed = ctx.query.get('endra');
  const showing = changed ? showingsOn(ctx.state.dataset, day).find((candidate) => candidate.id === changed) : undefined;
  const notice = showing
    ? { text: changedText(showing, { intervalMinutes: ctx.state.boxOfficeMinutes, lastBoxOfficeCheck: ctx.state.lastBoxOfficeCheck }, ctx.state.now()) }
    : undefined;
  return htmlAnswer(200, boxOfficeView(ctx.state, day, notice));
}

/** A change from the box-office page: the same change as `npm run box-office`, then back to the day it is on. */
async function boxOfficeSave(ctx: Context): Promise<Answer> {
  const origin = ctx.req.headers.origin;
  if (origin !== undefined && origin !== `http://${ctx.req.headers.host ?? ''}`)
    return htmlAnswer(403, messagePage('Ikkje tillate: skjemaet kom frå ei anna side'));
  const text = await readBody(ctx.req);
  if (text === undefined) return errorAnswer(413, 'request body too large');
  const form = parseBoxOfficeForm(text);
  const fallbackDay = pageDays(ctx.state.now()).includes(form.day) ? form.day : osloDayOf(ctx.state.now());
  if (!form.ok) return htmlAnswer(400, boxOfficeView(ctx.state, fallbackDay, { text: form.error, error: true }));
  let event: Record<string, unknown>;
  try {
    event = applyBoxOfficeChange(ctx.state.dataset, form.change);
  } catch (error) {
    if (!(error instanceof BoxOfficeError)) throw error;
    const text = error.status === 404 ? 'Fann ikkje framsyninga. Last sida på nytt.' : `Kunne ikkje endre framsyninga: ${error.message}`;
    return htmlAnswer(error.status, boxOfficeView(ctx.state, fallbackDay, { text, error: true }));
  }
  const day = osloDayOf(new Date(String(event['startTime'])));
  const query = new URLSearchParams({ dag: day, endra: String(event['id']) });
  return { status: 303, body: '', headers: { 'content-type': 'text/plain; charset=utf-8', location: `${BOX_OFFICE_PAGE}?${query}` } };
}

const adminRoutes: readonly Route[] = [
  // The CMS editor pages: what a newcomer opens in a browser (the «sandbox admin» address).
  { method: 'GET', pattern: /^\/__sandbox\/?$/, handle: editorIndex },
  { method: 'GET', pattern: /^\/__sandbox\/cms\/artiklar\/([^/]+)$/, handle: editorArticle },
  { method: 'POST', pattern: /^\/__sandbox\/cms\/artiklar\/([^/]+)$/, handle: editorSave },
  // The box office in a browser: the coming showings by day; move, sell out, cancel one.
  { method: 'GET', pattern: /^\/__sandbox\/billettkontor$/, handle: boxOfficeIndex },
  { method: 'POST', pattern: /^\/__sandbox\/billettkontor$/, handle: boxOfficeSave },
  { method: 'POST', pattern: /^\/__sandbox\/fault$/, handle: setFaultFromRequest },
  {
    method: 'POST',
    pattern: /^\/__sandbox\/revoke-tokens$/,
    handle: (ctx) => {
      ctx.state.tokens.clear();
      return ok({ ok: true });
    },
  },
  {
    method: 'POST',
    pattern: /^\/__sandbox\/reset$/,
    handle: (ctx) => {
      resetState(ctx.state);
      return ok({ ok: true });
    },
  },
  { method: 'GET', pattern: /^\/__sandbox\/requests$/, handle: (ctx) => ok(ctx.state.requests) },
  // Changes one event as the box office would (a new time, sold out), for live-update tests.
  { method: 'POST', pattern: /^\/__sandbox\/event$/, handle: changeEventFromRequest },
  // The box office: add a showing, move one, sell out (npm run box-office).
  { method: 'POST', pattern: /^\/__sandbox\/boxoffice$/, handle: boxOfficeFromRequest },
  { method: 'GET', pattern: /^\/__sandbox\/boxoffice$/, handle: showingsFromRequest },
  { method: 'GET', pattern: /^\/__sandbox\/newsletter$/, handle: (ctx) => ok({ subscribers: ctx.state.newsletter.list() }) },
  // Edits a record as an editor in the CMS would, then sends the signed publish webhook.
  { method: 'POST', pattern: /^\/__sandbox\/edit$/, handle: editFromRequest },
];
