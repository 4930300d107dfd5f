/**
 * Staff authentication and protection against cross-site requests. Staff log in with their
 * own account (user name and password, accounts.ts) and get a session cookie (HttpOnly,
 * SameSite=Strict, Secure behind https; sessions.ts: eight hours, ended by a password change);
 * sessions live in memory, so a restart means logging in again. Every POST must come from the
 * status page itself: the Origin header must be the service's own origin (or
 * PUBLISHER_PUBLIC_ORIGIN), a browser's Sec-Fetch-Site must not be cross-site, and the actions
 * carry the session's own CSRF token. Scripts may read GET /status with
 * `Authorization: Bearer <service password>` (PUBLISHER_STAFF_PASSWORD). Guessing is slowed
 * down: after five wrong passwords from one client within 15 minutes (the login form and the
 * bearer together), that client's passwords are refused unchecked until the oldest failure is
 * 15 minutes old; after twenty for one account from any clients, that account's are.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { generateCookie } from 'hono/cookie';
import { parse } from 'hono/utils/cookie';
import { checkLogin, type AccountBook } from './accounts';
import { SESSION_MS, SessionStore, type StaffSession } from './sessions';

export const COOKIE = 'kaia_staff';
export const PREVIEW_COOKIE = 'kaia_preview';
export type { StaffSession };

/** What the guards read of a request: its peer and headers (a node request, or one the app builds from Hono's). */
export interface StaffRequest {
  readonly socket: { readonly remoteAddress?: string | undefined };
  readonly headers: IncomingHttpHeaders;
}

/** Constant-time comparison (of digests, so unequal lengths are fine too). */
export function safeEqual(a: string, b: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/**
 * Password tries per client (or account) in a sliding window; one with too many waits. A try is
 * counted when it starts (`reserve`), before the password is checked, so N requests sent in
 * parallel count as N; a right password takes back only its own try (`release`), never the
 * client's earlier failures.
 */
export class PasswordThrottle {
  readonly #tries = new Map<string, number[]>();

  constructor(
    readonly maxFailures = 5,
    readonly windowMs = 15 * 60 * 1000,
    /** Clients remembered at most; the longest quiet is forgotten first. */
    readonly maxClients = 10_000,
  ) {}

  /** Whole seconds `client` must wait before a password of theirs is checked again; 0 when it may try now. */
  waitSeconds(client: string, now = Date.now()): number {
    const recent = this.#recent(client, now);
    if (recent.length < this.maxFailures) return 0;
    return Math.max(1, Math.ceil(((recent[recent.length - this.maxFailures] as number) + this.windowMs - now) / 1000));
  }

  /** Counts a try of `client` at `now`, as a failure until `release`d; answers the wait instead (counting nothing) when it must wait. */
  reserve(client: string, now = Date.now()): number {
    const wait = this.waitSeconds(client, now);
    if (wait === 0) this.#add(client, now);
    return wait;
  }

  /** Takes back one try reserved at `at` (the password was right). */
  release(client: string, at: number): void {
    const tries = this.#tries.get(client);
    const index = tries?.indexOf(at) ?? -1;
    if (!tries || index < 0) return;
    tries.splice(index, 1);
    if (tries.length === 0) this.#tries.delete(client);
  }

  /** Counts a failure at once (tests and callers that checked without reserving). */
  failed(client: string, now = Date.now()): void {
    this.#add(client, now);
  }

  #add(client: string, now: number): void {
    const recent = this.#recent(client, now);
    this.#tries.delete(client);
    this.#tries.set(client, [...recent, now]);
    if (this.#tries.size > this.maxClients) this.#tries.delete(this.#tries.keys().next().value as string);
  }

  #recent(client: string, now: number): number[] {
    return (this.#tries.get(client) ?? []).filter((time) => time > now - this.windowMs);
  }
}

/**
 * Who is asking, for the throttle: the peer's address, or, when the peer is a proxy named in
 * PUBLISHER_TRUSTED_PROXY (nginx on this host: 127.0.0.1), the X-Real-IP it sets (README: the
 * nginx locations). Anyone else's X-Real-IP is ignored, loopback's too when no proxy is named.
 */
export function clientKey(req: StaffRequest, trustedProxies: readonly string[] = []): string {
  const peer = req.socket.remoteAddress ?? '';
  const trusted = trustedProxies.includes(peer) || trustedProxies.includes(peer.replace(/^::ffff:/, ''));
  const real = req.headers['x-real-ip'];
  return trusted && typeof real === 'string' && real.trim() ? real.trim() : peer;
}

/** A password check: right, wrong (`waitSeconds` 0), or not made because the client must wait. */
export type PasswordCheck = { ok: true } | { ok: false; waitSeconds: number };

/** Whether a request may see something: yes, or no (`waitSeconds` > 0: it is throttled and must wait). */
export type Access = { readonly ok: true } | { readonly ok: false; readonly waitSeconds: number };

/** Wrong passwords for one account, from any address, before it waits: a guesser changing address meets this. */
export const ACCOUNT_MAX_FAILURES = 20;
/** The throttle's account for the service password (the bearer token of scripts). */
const SERVICE_ACCOUNT = 'service';

export class Sessions {
  readonly store: SessionStore;
  readonly #tickets = new Map<string, { session: string; expires: number }>();
  /** Preview tokens (the preview's cookie): each grants reading the preview for one session, nothing else. */
  readonly #previews = new Map<string, string>();
  /** Wrong passwords per client address. */
  readonly throttle = new PasswordThrottle();
  /** Wrong passwords per account, whatever the address. */
  readonly accountThrottle = new PasswordThrottle(ACCOUNT_MAX_FAILURES);

  constructor(
    /** The service password (PUBLISHER_STAFF_PASSWORD): scripts read GET /status with it as a bearer token. */
    readonly password: string,
    readonly secureCookie: boolean,
    /** The named staff accounts people log in with. */
    readonly accounts: AccountBook,
    /** Proxies whose X-Real-IP names the client (PUBLISHER_TRUSTED_PROXY). */
    readonly trustedProxies: readonly string[] = [],
    readonly clock: () => number = () => Date.now(),
  ) {
    this.store = new SessionStore(clock);
  }

  /** The client a request's password tries count against. */
  clientOf(req: StaffRequest): string {
    return clientKey(req, this.trustedProxies);
  }

  /**
   * Checks the service password `client` gave (a script's bearer token). A wrong one counts
   * against the client and the service account; while either has had too many, it is not checked.
   */
  checkPassword(given: string, client: string, now = this.clock(), account = SERVICE_ACCOUNT): PasswordCheck {
    const wait = this.#reserve(client, account, now);
    if (wait > 0) return { ok: false, waitSeconds: wait };
    if (!safeEqual(given, this.password)) return { ok: false, waitSeconds: 0 };
    this.#release(client, account, now);
    return { ok: true };
  }

  /**
   * A new session for a named account's right password; else why not (`waitSeconds` > 0:
   * throttled). The try counts against the client and against the account named before the
   * password is checked (so parallel guesses count each), and a right password takes back only
   * its own try: guessing one person's password from many addresses is slowed down too.
   */
  async login(username: string, password: string, client: string): Promise<StaffSession | { waitSeconds: number }> {
    const account = `account:${username.trim().toLowerCase()}`;
    const now = this.clock();
    const wait = this.#reserve(client, account, now);
    if (wait > 0) return { waitSeconds: wait };
    const found = await checkLogin(this.accounts.accounts, username, password);
    if (!found) return { waitSeconds: 0 };
    this.#release(client, account, now);
    return this.store.create(found);
  }

  /** Reserves a try for both the client and the account, or neither (answering the longer wait). */
  #reserve(client: string, account: string, now: number): number {
    const wait = Math.max(this.throttle.waitSeconds(client, now), this.accountThrottle.waitSeconds(account, now));
    if (wait > 0) return wait;
    this.throttle.reserve(client, now);
    this.accountThrottle.reserve(account, now);
    return 0;
  }

  #release(client: string, account: string, at: number): void {
    this.throttle.release(client, at);
    this.accountThrottle.release(account, at);
  }

  logout(req: StaffRequest): void {
    this.store.end(cookieOf(req, COOKIE));
  }

  /** The session of the request's cookie, if it is valid (not expired, the password unchanged). */
  of(req: StaffRequest): StaffSession | undefined {
    return this.store.get(cookieOf(req, COOKIE), (username) => this.accounts.find(username));
  }

  /** Whether the request may read staff data: a session cookie or the bearer service password. */
  readAccess(req: StaffRequest): Access {
    if (this.of(req)) return { ok: true };
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (bearer === undefined) return { ok: false, waitSeconds: 0 };
    return this.checkPassword(bearer, this.clientOf(req));
  }

  /**
   * Whether the request may see the preview: the staff session of the status page (its cookie,
   * the preview on another port of the same host), or the preview's own token, set when staff
   * open the preview from the status page (another host) and valid while that session is.
   * No password is asked for here (no HTTP Basic): staff sign in on the status page.
   */
  previewAccess(req: StaffRequest): Access {
    if (this.of(req)) return { ok: true };
    const token = cookieOf(req, PREVIEW_COOKIE);
    const session = token ? this.#previews.get(token) : undefined;
    if (!token || !session) return { ok: false, waitSeconds: 0 };
    if (this.store.get(session, (username) => this.accounts.find(username))) return { ok: true };
    this.#previews.delete(token);
    return { ok: false, waitSeconds: 0 };
  }

  /** A one-time ticket (valid a minute) that lets the preview set its cookie for this session. */
  previewTicket(session: StaffSession): string {
    const now = this.clock();
    for (const [ticket, entry] of this.#tickets) if (entry.expires <= now) this.#tickets.delete(ticket);
    const ticket = randomBytes(24).toString('base64url');
    this.#tickets.set(ticket, { session: session.id, expires: now + 60_000 });
    return ticket;
  }

  /** The session a ticket was made for, once (the ticket is used up), if both are still valid. */
  redeemPreviewTicket(ticket: string | null): StaffSession | undefined {
    const entry = ticket ? this.#tickets.get(ticket) : undefined;
    if (!ticket || !entry) return undefined;
    this.#tickets.delete(ticket);
    if (entry.expires <= this.clock()) return undefined;
    return this.store.get(entry.session, (username) => this.accounts.find(username));
  }

  /**
   * The preview's cookie for a session: a token of its own (never the session's id, so it
   * grants reading the preview only, and signs in to nothing), valid as long as the session;
   * Lax, since staff arrive from the status page on another host.
   */
  previewCookie(session: StaffSession): string {
    for (const [token, id] of this.#previews) if (!this.store.get(id, (username) => this.accounts.find(username))) this.#previews.delete(token);
    const token = randomBytes(24).toString('base64url');
    this.#previews.set(token, session.id);
    return generateCookie(PREVIEW_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
      maxAge: Math.max(0, Math.floor((session.expires - this.clock()) / 1000)),
      secure: this.secureCookie,
    });
  }

  cookie(session: StaffSession): string {
    return this.#staffCookie(session.id, SESSION_MS / 1000);
  }

  clearedCookie(): string {
    return this.#staffCookie('', 0);
  }

  /** The staff cookie: always HttpOnly and SameSite=Strict, Secure under an https public origin. */
  #staffCookie(value: string, maxAge: number): string {
    return generateCookie(COOKIE, value, { path: '/', httpOnly: true, sameSite: 'Strict', maxAge, secure: this.secureCookie });
  }
}

export function cookieOf(req: StaffRequest, name: string): string | undefined {
  return parse(req.headers.cookie ?? '', name)[name];
}

/**
 * Whether a POST comes from our own page: an Origin header naming this service (as the
 * browser reached it: the Host header, or the public origin behind the proxy), and no
 * cross-site fetch metadata. Requests without Origin are refused: every browser sends one on POST.
 */
export function sameOrigin(req: StaffRequest, publicOrigin: string | undefined): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  const origin = req.headers.origin;
  if (!origin || origin === 'null') return false;
  const allowed = [publicOrigin, req.headers.host ? `http://${req.headers.host}` : undefined].filter(Boolean);
  return allowed.includes(origin);
}

export function validCsrf(session: StaffSession, given: string | null): boolean {
  return given !== null && safeEqual(given, session.csrf);
}
