/**
 * Who may do what, for the staff pages: staff log in with their own account (user name and
 * password, accounts.ts) and get a session cookie (HttpOnly, SameSite=Strict, Secure behind
 * https; session-store.ts: eight hours, ended by a password change); sessions live in memory,
 * so a restart means logging in again. Scripts may read GET /status with
 * `Authorization: Bearer <service password>` (PUBLISHER_STAFF_PASSWORD). The preview has a token
 * of its own, handed over by a one-time ticket. Every password try passes the throttle
 * (throttle.ts) for its client and for its account: twenty wrong ones for one account from any
 * clients, and that account waits too. (Same origin and CSRF are checked by the routes' guards.)
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { generateCookie } from 'hono/cookie';
import { checkLogin, type AccountBook } from './accounts';
import { SESSION_MS, SessionStore, type StaffSession } from './session-store';
import { clientKey, cookieOf, type StaffRequest } from './staff-request';
import { PasswordThrottle } from './throttle';

export const COOKIE = 'kaia_staff';
export const PREVIEW_COOKIE = 'kaia_preview';
export type { StaffSession };

/** Constant-time comparison (of digests, so unequal lengths are fine too). */
export function safeEqual(a: string, b: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(a), digest(b));
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
