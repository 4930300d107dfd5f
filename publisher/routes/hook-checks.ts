/**
 * The CMS's publish webhook, checked before anything runs. The contract (README, "Publishing"):
 *
 *   POST /hooks/cms
 *   X-Kaia-Delivery:  a unique id per delivery (1–100 letters, digits, - and _)
 *   X-Kaia-Timestamp: when it was sent, in Unix seconds
 *   X-Kaia-Signature: sha256=<hex HMAC-SHA256 under the shared secret of "<timestamp>.<delivery>.<raw body>">
 *
 * The timestamp and the delivery id are signed with the body, so neither can be changed to
 * replay a captured delivery. A delivery is refused when its signature is wrong (compared in
 * constant time), its timestamp is more than five minutes off, or its id was seen before.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { readStateText, writeFileAtomic, type StateLog } from '../../release/state-file';

export const DELIVERY_HEADER = 'x-kaia-delivery';
export const TIMESTAMP_HEADER = 'x-kaia-timestamp';
export const SIGNATURE_HEADER = 'x-kaia-signature';
/** How far a delivery's timestamp may be from the publisher's clock, either way. */
export const TOLERANCE_MS = 5 * 60 * 1000;
const DELIVERY_ID = /^[A-Za-z0-9_-]{1,100}$/;

export function signature(secret: string, timestamp: string, delivery: string, body: Buffer): string {
  const hmac = createHmac('sha256', secret);
  hmac.update(`${timestamp}.${delivery}.`);
  hmac.update(body);
  return `sha256=${hmac.digest('hex')}`;
}

export type HookVerdict = { readonly ok: true; readonly delivery: string } | { readonly ok: false; readonly status: number; readonly reason: string };

type Headers = Readonly<Record<string, string | string[] | undefined>>;

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? undefined : value);

/** Checks signature and timestamp; the delivery id is checked and recorded with `DeliveryLog`. */
export function verifyHook(headers: Headers, body: Buffer, secret: string, now: number): HookVerdict {
  const delivery = single(headers[DELIVERY_HEADER]);
  const timestamp = single(headers[TIMESTAMP_HEADER]);
  const given = single(headers[SIGNATURE_HEADER]);
  if (!delivery || !DELIVERY_ID.test(delivery)) return { ok: false, status: 400, reason: 'missing or malformed delivery id' };
  if (!timestamp || !/^\d{1,12}$/.test(timestamp)) return { ok: false, status: 400, reason: 'missing or malformed timestamp' };
  if (!given) return { ok: false, status: 401, reason: 'missing signature' };
  const expected = Buffer.from(signature(secret, timestamp, delivery, body));
  const actual = Buffer.from(given);
  // Lengths are not secret (the format is public); equal lengths are compared in constant time.
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return { ok: false, status: 401, reason: 'bad signature' };
  if (Math.abs(now - Number(timestamp) * 1000) > TOLERANCE_MS) return { ok: false, status: 401, reason: 'timestamp too old or in the future' };
  return { ok: true, delivery };
}

/**
 * The delivery ids seen, persisted so a restart does not open a replay window. Only ids inside
 * the timestamp window are kept (an older delivery is refused for its timestamp anyway), so the
 * store is bounded by time, never by a count a busy CMS could reach. Each new id is appended as
 * one line (cheap however many there are); the file is rewritten without the expired ones when
 * they make up most of it.
 */
export class DeliveryLog {
  readonly #seen = new Map<string, number>();
  /** Lines in the file now, expired ones included. */
  #lines = 0;

  constructor(
    readonly path: string,
    log?: StateLog,
  ) {
    // One line per delivery; a malformed line (a write cut short) is skipped, and an unreadable
    // file is treated as empty (and named in the log): the timestamp window still bounds any replay.
    const read = readStateText(path, (text) => text.split('\n'));
    if (read.state === 'malformed') log?.(`state file ${path} is malformed (${read.reason}); treated as absent`);
    for (const line of read.state === 'ok' ? read.value : []) {
      const entry = parseLine(line);
      if (entry) this.#seen.set(entry[0], entry[1]);
      if (line) this.#lines += 1;
    }
  }

  /** Whether the id was received before (inside the window). */
  seen(delivery: string, now: number): boolean {
    this.#forget(now);
    return this.#seen.has(delivery);
  }

  /**
   * Records a received delivery. Throws when it cannot be saved; it is remembered in memory
   * all the same, so this process still refuses its replay.
   */
  record(delivery: string, now: number): void {
    this.#forget(now);
    this.#seen.set(delivery, now);
    mkdirSync(dirname(this.path), { recursive: true });
    if (this.#lines > 2 * this.#seen.size + 100) this.#rewrite();
    else {
      appendFileSync(this.path, `${JSON.stringify([delivery, now])}\n`);
      this.#lines += 1;
    }
  }

  /** How many ids are remembered (all inside the window). */
  get size(): number {
    return this.#seen.size;
  }

  /** Drops the expired ids: the oldest come first (a Map keeps insertion order). */
  #forget(now: number): void {
    for (const [id, at] of this.#seen) {
      if (now - at <= 2 * TOLERANCE_MS) break;
      this.#seen.delete(id);
    }
  }

  #rewrite(): void {
    writeFileAtomic(this.path, [...this.#seen].map((entry) => `${JSON.stringify(entry)}\n`).join(''));
    this.#lines = this.#seen.size;
  }
}

function parseLine(line: string): [string, number] | undefined {
  try {
    const entry = JSON.parse(line) as unknown;
    if (Array.isArray(entry) && typeof entry[0] === 'string' && DELIVERY_ID.test(entry[0]) && typeof entry[1] === 'number') return [entry[0], entry[1]];
  } catch {
    // A malformed line (a write cut short) is skipped.
  }
  return undefined;
}
