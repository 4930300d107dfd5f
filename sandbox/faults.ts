/**
 * Faults the sandbox can inject, one slot per API. A fault stays until cleared or, with
 * `times`, for that many requests. Setting a fault for 'all' puts one shared fault in every
 * slot, so `times` then counts requests to any API: "the next request anywhere fails once".
 */
import { FaultSlots } from './fault-slots';
import { faultDelay, faultStatus, faultTimes } from './kit';

export type Api = 'idp' | 'management' | 'runtime' | 'platform' | 'newsletter';

export const apis: readonly Api[] = ['idp', 'management', 'runtime', 'platform', 'newsletter'];

export type Fault =
  | { kind: 'status'; status: number; times?: number; retryAfter?: string }
  | { kind: 'slow'; delayMs: number; times?: number }
  | { kind: 'malformed-json'; times?: number }
  | { kind: 'bad-record'; times?: number }
  | { kind: 'drop'; times?: number };

export type FaultKind = Fault['kind'];

export class FaultTable {
  readonly #slots = new FaultSlots<Api, Fault>();

  set(api: Api | 'all', fault: Fault | null): void {
    const targets = api === 'all' ? apis : [api];
    if (fault === null) {
      for (const target of targets) this.#slots.delete(target);
      return;
    }
    this.#slots.put(targets, checkFault(fault));
  }

  clear(): void {
    this.#slots.clear();
  }

  /** The fault in force for `api` if it is one of `kinds`, counting it as applied once. */
  take<K extends FaultKind>(api: Api, kinds: readonly K[]): Extract<Fault, { kind: K }> | undefined {
    const fault = this.#slots.take(api, (candidate) => (kinds as readonly FaultKind[]).includes(candidate.kind));
    return fault as Extract<Fault, { kind: K }> | undefined;
  }
}

export function isApi(value: unknown): value is Api {
  return typeof value === 'string' && (apis as readonly string[]).includes(value);
}

/**
 * Validates a fault that may come from JSON or the command line, and returns a clean copy,
 * so a typo fails loudly instead of silently injecting nothing.
 */
export function checkFault(value: unknown): Fault {
  if (typeof value !== 'object' || value === null) throw new TypeError('a fault must be an object');
  const raw = value as Record<string, unknown>;
  const extra = faultTimes(raw);
  switch (raw['kind']) {
    case 'status': {
      const retryAfter = raw['retryAfter'];
      if (retryAfter !== undefined && typeof retryAfter !== 'string') throw new TypeError('retryAfter must be a string (seconds or an HTTP date)');
      return { kind: 'status', status: faultStatus(raw, 100), ...(retryAfter === undefined ? {} : { retryAfter }), ...extra };
    }
    case 'slow': {
      return { kind: 'slow', delayMs: faultDelay(raw), ...extra };
    }
    case 'malformed-json':
    case 'bad-record':
    case 'drop':
      return { kind: raw['kind'], ...extra };
    default:
      throw new TypeError(`unknown fault kind ${JSON.stringify(raw['kind'])}`);
  }
}

/**
 * Parses a fault written as API:KIND[:ARG] (the CLI's --fail), such as 'management:status:500',
 * 'platform:slow:3000' or 'runtime:drop'. ARG defaults to 500 for status and 1000 ms for slow.
 */
export function parseFaultSpec(value: string): { api: Api | 'all'; fault: Fault } {
  const [api, kind, arg, ...rest] = value.split(':');
  if (rest.length > 0) throw new Error(`${value}: expected API:KIND[:ARG]`);
  if (api !== 'all' && !isApi(api)) throw new Error(`${value}: unknown API ${JSON.stringify(api)}`);
  const number = arg === undefined ? undefined : Number(arg);
  if (arg !== undefined && (arg.trim() === '' || !Number.isFinite(number))) throw new Error(`${value}: ${JSON.stringify(arg)} is not a number`);
  switch (kind) {
    case 'status':
      return { api, fault: checkFault({ kind, status: number ?? 500 }) };
    case 'slow':
      return { api, fault: checkFault({ kind, delayMs: number ?? 1000 }) };
    default:
      if (arg !== undefined) throw new Error(`${value}: ${kind} takes no argument`);
      return { api, fault: checkFault({ kind }) };
  }
}

/**
 * The record-breaking copy the 'bad-record' fault answers: the same array with a deep copy of
 * its first record put out of schema. The dataset itself is never touched.
 */
export function breakFirstRecord(records: readonly unknown[]): unknown[] {
  const copy = [...records];
  const first = copy[0];
  if (typeof first !== 'object' || first === null) return copy;
  const broken = structuredClone(first) as Record<string, unknown>;
  // Every record type has either a required string title or a required start time.
  if (typeof broken['title'] === 'string') broken['title'] = null;
  else broken['startTime'] = 'not-a-time';
  copy[0] = broken;
  return copy;
}

/** The 'malformed-json' body: the real body cut in half, which no JSON parser accepts. */
export function cutInHalf(body: string): string {
  return body.slice(0, Math.floor(body.length / 2));
}
