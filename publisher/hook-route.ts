/**
 * POST /hooks/cms: the CMS's signed webhook (checked in hooks.ts). A delivery that passes
 * queues a run (a preview run for a draft event, else a live one) and is answered 202.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DeliveryLog } from './hooks';
import { verifyHook } from './hooks';
import { methodNotAllowed, readLimited, sendJson, type Route } from './http';
import type { RunKind, RunQueue } from './runs';

export interface HookRouteDeps {
  readonly secret: string;
  readonly maxBodyBytes: number;
  readonly deliveries: DeliveryLog;
  readonly queue: RunQueue;
  readonly now: () => number;
  readonly log: (line: string) => void;
}

export const HOOK_PATH = '/hooks/cms';

export function hookRoute(deps: HookRouteDeps): Route {
  return async (req, res, url) => {
    if (url.pathname !== HOOK_PATH) return false;
    if (req.method !== 'POST') methodNotAllowed(res, 'POST');
    else await receive(deps, req, res);
    return true;
  };
}

async function receive({ secret, maxBodyBytes, deliveries, queue, now, log }: HookRouteDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const refuse = (status: number, reason: string) => {
    log(`hook refused (${status}): ${reason}`);
    sendJson(res, status, { error: reason }, { connection: 'close' });
  };
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > maxBodyBytes) return refuse(413, 'body too large');
  const body = await readLimited(req, maxBodyBytes);
  if (!body) return refuse(413, 'body too large');
  const verdict = verifyHook(req.headers, body, secret, now());
  if (!verdict.ok) return refuse(verdict.status, verdict.reason);
  if (deliveries.seen(verdict.delivery, now())) return refuse(409, 'delivery already received');
  const kind: RunKind = isDraftEvent(body) ? 'preview' : 'live';
  // A delivery counts as received only once its run is durably queued: when the run log cannot
  // be saved (a full disk), the CMS is told to try again, and its retry is not a replay.
  let run;
  try {
    run = queue.request(kind, 'webhook');
  } catch (error) {
    log(`hook ${verdict.delivery}: the run could not be queued: ${String(error)}`);
    sendJson(res, 503, { error: 'could not queue the run; try again' }, { 'retry-after': '60', connection: 'close' });
    return;
  }
  try {
    deliveries.record(verdict.delivery, now());
  } catch (error) {
    // The run is queued; only the replay record is not on disk (it is in memory).
    log(`hook ${verdict.delivery}: the delivery log could not be saved: ${String(error)}`);
  }
  log(`hook ${verdict.delivery} accepted: run ${run.id} (${kind})`);
  sendJson(res, 202, { accepted: true, run: run.id, kind });
}

/** A `{"event":"draft"}` delivery asks for a preview; anything else publishes. */
export function isDraftEvent(body: Buffer): boolean {
  try {
    const data = JSON.parse(body.toString('utf8')) as { event?: unknown };
    return data?.event === 'draft';
  } catch {
    return false;
  }
}
