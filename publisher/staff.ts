/**
 * Staff authentication and protection against cross-site requests. Staff log in with the
 * staff password (PUBLISHER_STAFF_PASSWORD) and get a session cookie (HttpOnly, SameSite=Strict,
 * Secure behind https); sessions live in memory, so a restart means logging in again. Every
 * POST must come from the status page itself: the Origin header must be the service's own
 * origin (or PUBLISHER_PUBLIC_ORIGIN), a browser's Sec-Fetch-Site must not be cross-site, and
 * the actions carry the session's own CSRF token. Scripts may read GET /status with
 * `Authorization: Bearer <staff password>`. Guessing is slowed down: after five wrong passwords
 * from one client within 15 minutes (the login form, the bearer and the preview's Basic
 * together), that client's passwords are refused unchecked until the oldest failure is 15
 * minutes old; after twenty for one account from any clients, that account's are.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const COOKIE = 'kaia_staff';
const SESSION_MS = 8 * 60 * 60 * 1000;

export interface Session {
  readonly id: string;
  readonly csrf: string;
  readonly expires: number;
}

/** Constant-time comparison (of digests, so unequal lengths are fine too). */
export function safeEqual(a: string, b: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/** Wrong passwords per client in a sliding window; a client with too many waits. */
export class PasswordThrottle {
  readonly #failures = new Map<string, number[]>();

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

  failed(client: string, now = Date.now()): void {
    const recent = this.#recent(client, now);
    this.#failures.delete(client);
    this.#failures.set(client, [...recent, now]);
    if (this.#failures.size > this.maxClients) this.#failures.delete(this.#failures.keys().next().value as string);
  }

  succeeded(client: string): void {
    this.#failures.delete(client);
  }

  #recent(client: string, now: number): number[] {
    return (this.#failures.get(client) ?? []).filter((time) => time > now - this.windowMs);
  }
}

/**
 * Who is asking, for the throttle: the peer's address, or, when the peer is a proxy named in
 * PUBLISHER_TRUSTED_PROXY (nginx on this host: 127.0.0.1), the X-Real-IP it sets (README: the
 * nginx locations). Anyone else's X-Real-IP is ignored, loopback's too when no proxy is named.
 */
export function clientKey(req: IncomingMessage, trustedProxies: readonly string[] = []): string {
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
/** The one account of the shared staff password. */
const SHARED_ACCOUNT = 'staff';

export class Sessions {
  readonly #sessions = new Map<string, Session>();
  /** Wrong passwords per client address. */
  readonly throttle = new PasswordThrottle();
  /** Wrong passwords per account, whatever the address. */
  readonly accountThrottle = new PasswordThrottle(ACCOUNT_MAX_FAILURES);

  constructor(
    readonly password: string,
    readonly secureCookie: boolean,
    /** Proxies whose X-Real-IP names the client (PUBLISHER_TRUSTED_PROXY). */
    readonly trustedProxies: readonly string[] = [],
  ) {}

  /** The client a request's password tries count against. */
  clientOf(req: IncomingMessage): string {
    return clientKey(req, this.trustedProxies);
  }

  /**
   * Checks a password `client` gave for `account`. A wrong one counts against the client and the
   * account; while either has had too many, passwords are not checked at all.
   */
  checkPassword(given: string, client: string, now = Date.now(), account = SHARED_ACCOUNT): PasswordCheck {
    const wait = Math.max(this.throttle.waitSeconds(client, now), this.accountThrottle.waitSeconds(account, now));
    if (wait > 0) return { ok: false, waitSeconds: wait };
    if (safeEqual(given, this.password)) {
      this.throttle.succeeded(client);
      return { ok: true };
    }
    this.throttle.failed(client, now);
    this.accountThrottle.failed(account, now);
    return { ok: false, waitSeconds: 0 };
  }

  /** A new session for the right password; else why not (`waitSeconds` > 0: throttled). */
  login(password: string, client: string, now = Date.now()): Session | { waitSeconds: number } {
    const check = this.checkPassword(password, client, now);
    if (!check.ok) return check;
    for (const [id, session] of this.#sessions) if (session.expires < now) this.#sessions.delete(id);
    const session = { id: randomBytes(32).toString('base64url'), csrf: randomBytes(32).toString('base64url'), expires: now + SESSION_MS };
    this.#sessions.set(session.id, session);
    return session;
  }

  logout(req: IncomingMessage): void {
    const id = cookieOf(req, COOKIE);
    if (id) this.#sessions.delete(id);
  }

  /** The session of the request's cookie, if it is valid. */
  of(req: IncomingMessage, now = Date.now()): Session | undefined {
    const id = cookieOf(req, COOKIE);
    const session = id ? this.#sessions.get(id) : undefined;
    if (!session || session.expires < now) return undefined;
    return session;
  }

  /** Whether the request may read staff data: a session cookie or the bearer password. */
  readAccess(req: IncomingMessage): Access {
    if (this.of(req)) return { ok: true };
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (bearer === undefined) return { ok: false, waitSeconds: 0 };
    return this.checkPassword(bearer, this.clientOf(req));
  }

  /** Whether the request may see the preview: a session cookie or the password as HTTP Basic (any user name). */
  previewAccess(req: IncomingMessage): Access {
    if (this.of(req)) return { ok: true };
    const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(req.headers.authorization ?? '');
    if (!match?.[1]) return { ok: false, waitSeconds: 0 };
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    return this.checkPassword(decoded.slice(decoded.indexOf(':') + 1), this.clientOf(req));
  }

  cookie(session: Session): string {
    return `${COOKIE}=${session.id}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${SESSION_MS / 1000}${this.secureCookie ? '; Secure' : ''}`;
  }

  clearedCookie(): string {
    return `${COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0${this.secureCookie ? '; Secure' : ''}`;
  }
}

export function cookieOf(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/**
 * Whether a POST comes from our own page: an Origin header naming this service (as the
 * browser reached it: the Host header, or the public origin behind the proxy), and no
 * cross-site fetch metadata. Requests without Origin are refused: every browser sends one on POST.
 */
export function sameOrigin(req: IncomingMessage, publicOrigin: string | undefined): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  const origin = req.headers.origin;
  if (!origin || origin === 'null') return false;
  const allowed = [publicOrigin, req.headers.host ? `http://${req.headers.host}` : undefined].filter(Boolean);
  return allowed.includes(origin);
}

export function validCsrf(session: Session, given: string | null): boolean {
  return given !== null && safeEqual(given, session.csrf);
}
