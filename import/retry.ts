/**
 * Retries for the import's downloads. Only what is safe to repeat is retried: the import only
 * reads (GET), so a server error (5xx), a dropped connection, a time-out, or a 429 (after its
 * Retry-After) may succeed on a second try. Any other 4xx is an answer that will not change
 * (a 401 is already retried once with a fresh token by the HTTP client) and stops at once.
 * The waits grow (base, 2×, 4× …, capped) with random jitter, so several importers do not
 * hammer a recovering service in step.
 */
import { isHttpError, type HttpError } from '../src/lib/http';

export interface RetryPolicy {
  /** Tries in all, the first included (1 = no retries). */
  readonly tries: number;
  /** The first wait in milliseconds; doubled after each failed try. */
  readonly baseDelayMs: number;
  /** No wait is longer than this, and a Retry-After beyond it is not waited for. */
  readonly maxDelayMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { tries: 4, baseDelayMs: 500, maxDelayMs: 30_000 };

/** Thrown when retries ran out (or the failure was not worth retrying); says how many tries were made. */
export class RetriesExhausted extends Error {
  constructor(
    readonly tries: number,
    readonly last: unknown,
  ) {
    super(last instanceof Error ? last.message : String(last));
  }
}

/** Whether a failed GET may be tried again, and after how long at the least (Retry-After). */
export function retryable(error: unknown): { retry: boolean; afterMs?: number } {
  if (!isHttpError(error)) return { retry: false };
  if (error.kind === 'network' || error.kind === 'timeout') return { retry: true };
  if (error.kind !== 'status' || error.status === undefined) return { retry: false };
  if (error.status >= 500) return { retry: true };
  if (error.status === 429) {
    const afterMs = retryAfterMs(error);
    return afterMs === undefined ? { retry: true } : { retry: true, afterMs };
  }
  return { retry: false };
}

/** Retry-After in seconds or as an HTTP date, in milliseconds from now. */
export function retryAfterMs(error: HttpError, now = Date.now()): number | undefined {
  const raw = error.retryAfter?.trim();
  if (!raw) return undefined;
  if (/^\d+$/.test(raw)) return Number(raw) * 1000;
  const at = Date.parse(raw);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The wait before try `n + 1` (n ≥ 1): exponential, capped, with full jitter over its upper half. */
export function backoffMs(policy: RetryPolicy, n: number, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (n - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export interface RetryHooks {
  readonly sleep?: (ms: number) => Promise<void>;
  readonly random?: () => number;
  /** Told before each wait: the try that failed, the wait, the error. */
  readonly onRetry?: (failedTry: number, waitMs: number, error: unknown) => void;
}

const realSleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** Runs `work` until it succeeds, the failure is not retryable, or the tries run out. */
export async function withRetries<T>(work: () => Promise<T>, policy: RetryPolicy, hooks: RetryHooks = {}): Promise<T> {
  const { sleep = realSleep, random = Math.random, onRetry } = hooks;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const verdict = retryable(error);
      if (!verdict.retry || attempt >= policy.tries) throw new RetriesExhausted(attempt, error);
      const wait = Math.max(backoffMs(policy, attempt, random), verdict.afterMs ?? 0);
      if (wait > policy.maxDelayMs) throw new RetriesExhausted(attempt, error);
      onRetry?.(attempt, wait, error);
      await sleep(wait);
    }
  }
}
