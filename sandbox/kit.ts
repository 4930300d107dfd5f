/** Plumbing both sandboxes share: loopback listening, URL splitting and fault field checks. */
import type { createServer } from 'node:http';

/** Listens on 127.0.0.1 only: sandboxes have well-known credentials and open admin endpoints. */
export function listenOnLoopback(server: ReturnType<typeof createServer>, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Splits by hand rather than with new URL(): a path such as '//host/x' must stay a path. */
export function splitUrl(raw: string): { pathname: string; query: URLSearchParams } {
  const queryAt = raw.indexOf('?');
  return { pathname: queryAt < 0 ? raw : raw.slice(0, queryAt), query: new URLSearchParams(queryAt < 0 ? '' : raw.slice(queryAt + 1)) };
}

/** The optional `times` of a fault, checked; spread into the fault. */
export function faultTimes(raw: Record<string, unknown>): { times?: number } {
  const times = raw['times'];
  if (times !== undefined && !(Number.isInteger(times) && (times as number) > 0)) throw new RangeError('fault.times must be a positive integer');
  return times === undefined ? {} : { times: times as number };
}

/** A status fault's code, between `min` and 599. */
export function faultStatus(raw: Record<string, unknown>, min: number): number {
  const status = raw['status'];
  if (!Number.isInteger(status) || (status as number) < min || (status as number) > 599)
    throw new RangeError(`fault.status must be an HTTP status code (${min}-599)`);
  return status as number;
}

/** A slow fault's delay in milliseconds. */
export function faultDelay(raw: Record<string, unknown>): number {
  const delayMs = raw['delayMs'];
  if (typeof delayMs !== 'number' || !Number.isFinite(delayMs) || delayMs < 0) throw new RangeError('fault.delayMs must be a non-negative number');
  return delayMs;
}
