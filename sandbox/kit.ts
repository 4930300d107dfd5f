/** Plumbing both sandboxes share: loopback listening, URL splitting, slow answers and fault field checks. */
import type { createServer, IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';

/**
 * A close() for a sandbox: aborts its waits (slow answers), stops listening, drops open
 * connections, and resolves once the server is closed; calling it again returns the same promise.
 */
export function closeOnce(server: ReturnType<typeof createServer>, closing: AbortController): () => Promise<void> {
  let closed: Promise<void> | undefined;
  return () => {
    closed ??= new Promise<void>((resolve) => {
      closing.abort();
      server.close(() => resolve());
      server.closeAllConnections();
    });
    return closed;
  };
}

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

/** Waits (a slow answer), but gives up when the client goes away or the sandbox closes; true if still wanted. */
export async function waitWhileWanted(ms: number, res: ServerResponse, closing: AbortSignal): Promise<boolean> {
  const gone = new AbortController();
  const onClose = () => gone.abort();
  res.once('close', onClose);
  try {
    await delay(ms, undefined, { signal: AbortSignal.any([gone.signal, closing]) });
    return !res.destroyed;
  } catch {
    return false;
  } finally {
    res.off('close', onClose);
  }
}

/** Bodies larger than this are refused: a sandbox answers tests and a developer, not uploads. */
export const MAX_BODY_BYTES = 64 * 1024;

/** The request body as text, or undefined when it exceeds MAX_BODY_BYTES. */
export async function readBody(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
