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
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

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

/** Checks signature and timestamp; the delivery id is checked (and recorded) by `DeliveryLog.claim`. */
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
 * The delivery ids seen, persisted in a small JSON file so a restart does not open a replay
 * window. Only ids inside the timestamp window are kept (older deliveries are refused for their
 * timestamp anyway), so the file stays bounded by the deliveries of ten minutes; past `limit`
 * ids in that window, new deliveries are refused until older ones age out.
 */
export class DeliveryLog {
  readonly #seen = new Map<string, number>();

  constructor(
    readonly path: string,
    readonly limit = 10_000,
  ) {
    try {
      if (existsSync(path)) {
        const data = JSON.parse(readFileSync(path, 'utf8')) as unknown;
        if (data && typeof data === 'object')
          for (const [id, at] of Object.entries(data)) if (typeof at === 'number' && DELIVERY_ID.test(id)) this.#seen.set(id, at);
      }
    } catch {
      // A malformed file is treated as empty; the timestamp window still bounds any replay.
    }
  }

  /** Records the id; false if it was seen before (a replay) or the log is full. */
  claim(delivery: string, now: number): 'new' | 'replay' | 'full' {
    for (const [id, at] of this.#seen) if (now - at > 2 * TOLERANCE_MS) this.#seen.delete(id);
    if (this.#seen.has(delivery)) return 'replay';
    if (this.#seen.size >= this.limit) return 'full';
    this.#seen.set(delivery, now);
    this.#save();
    return 'new';
  }

  #save(): void {
    mkdirSync(dirname(this.path), { recursive: true });
    const temporary = `${this.path}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(Object.fromEntries(this.#seen)));
    renameSync(temporary, this.path);
  }
}
