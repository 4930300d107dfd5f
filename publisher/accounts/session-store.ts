/**
 * Staff sessions: who is logged in, until when, and with which password. A session lasts eight
 * hours from login (a working day), then the person logs in again. It carries a stamp of the
 * account's password hash (accounts.ts, passwordStamp): when the password is changed or the
 * account removed, every session of that person ends at its next request, on every device.
 * Sessions live in memory, so a restart of the service means logging in again. The clock is
 * an input, so tests move it.
 */
import { randomBytes } from 'node:crypto';
import { passwordStamp, type StaffAccount } from './accounts';

export const SESSION_MS = 8 * 60 * 60 * 1000;

export interface StaffSession {
  readonly id: string;
  /** The token the session's forms carry (CSRF). */
  readonly csrf: string;
  readonly username: string;
  /** The display name, for the run log ('Anne Aas'). */
  readonly name: string;
  /** passwordStamp of the account at login. */
  readonly stamp: string;
  /** Milliseconds since the epoch. */
  readonly expires: number;
}

/** An account as the store finds it now (undefined: removed). */
export type AccountLookup = (username: string) => StaffAccount | undefined;

export class SessionStore {
  readonly #sessions = new Map<string, StaffSession>();

  constructor(
    readonly clock: () => number = () => Date.now(),
    /** Sessions kept at most; the oldest goes first. */
    readonly maxSessions = 1000,
  ) {}

  create(account: StaffAccount): StaffSession {
    const now = this.clock();
    for (const [id, session] of this.#sessions) if (session.expires <= now) this.#sessions.delete(id);
    const session: StaffSession = {
      id: randomBytes(32).toString('base64url'),
      csrf: randomBytes(32).toString('base64url'),
      username: account.username,
      name: account.name,
      stamp: passwordStamp(account),
      expires: now + SESSION_MS,
    };
    this.#sessions.set(session.id, session);
    if (this.#sessions.size > this.maxSessions) this.#sessions.delete(this.#sessions.keys().next().value as string);
    return session;
  }

  /** The session with this id if it is still valid: not expired, and the account still has the password it was made with. */
  get(id: string | undefined, lookup: AccountLookup): StaffSession | undefined {
    if (!id) return undefined;
    const session = this.#sessions.get(id);
    if (!session) return undefined;
    const account = lookup(session.username);
    if (session.expires <= this.clock() || !account || passwordStamp(account) !== session.stamp) {
      this.#sessions.delete(id);
      return undefined;
    }
    // The display name may have been corrected since login.
    return account.name === session.name ? session : { ...session, name: account.name };
  }

  end(id: string | undefined): void {
    if (id) this.#sessions.delete(id);
  }

  get size(): number {
    return this.#sessions.size;
  }
}
