/**
 * Password tries per client (or account) in a sliding window. After five wrong passwords from
 * one client within 15 minutes (the login form and the bearer together), that client's passwords
 * are refused unchecked until the oldest failure is 15 minutes old; staff-access.ts gives each
 * account a throttle of its own too.
 */

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
