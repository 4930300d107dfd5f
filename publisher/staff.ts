/**
 * Staff authentication and protection against cross-site requests. Staff log in with the
 * staff password (PUBLISHER_STAFF_PASSWORD) and get a session cookie (HttpOnly, SameSite=Strict,
 * Secure behind https); sessions live in memory, so a restart means logging in again. Every
 * POST must come from the status page itself: the Origin header must be the service's own
 * origin (or PUBLISHER_PUBLIC_ORIGIN), a browser's Sec-Fetch-Site must not be cross-site, and
 * the actions carry the session's own CSRF token. Scripts may read GET /status with
 * `Authorization: Bearer <staff password>`.
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

export class Sessions {
  readonly #sessions = new Map<string, Session>();

  constructor(
    readonly password: string,
    readonly secureCookie: boolean,
  ) {}

  login(password: string, now = Date.now()): Session | undefined {
    if (!safeEqual(password, this.password)) return undefined;
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
  allowsRead(req: IncomingMessage): boolean {
    if (this.of(req)) return true;
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    return bearer !== undefined && safeEqual(bearer, this.password);
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
