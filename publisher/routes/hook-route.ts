/**
 * POST /hooks/cms: the CMS's signed webhook (checked in hook-checks.ts). A delivery that passes
 * queues a run (a preview run for a draft event, else a live one) and is answered 202.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import type { DeliveryLog } from './hook-checks';
import { verifyHook } from './hook-checks';
import type { AppEnv } from './http';
import { methodNotAllowed } from './respond';
import type { RunKind } from '../runs/run-record';
import type { RunQueue } from '../runs/run-queue';

export interface HookRouteDeps {
  readonly secret: string;
  readonly maxBodyBytes: number;
  readonly deliveries: DeliveryLog;
  readonly queue: RunQueue;
  readonly now: () => number;
  readonly log: (line: string) => void;
}

export const HOOK_PATH = '/hooks/cms';

/** What the service reads of a delivery's body: only whether it is a draft; anything else (or no JSON) publishes. */
const hookBody = z.object({ event: z.unknown().optional() });

export function hookRoute<E extends AppEnv = AppEnv>(deps: HookRouteDeps): Hono<E> {
  const { maxBodyBytes, log } = deps;
  const app = new Hono<E>();
  const refuse = (c: Context, status: ContentfulStatusCode, reason: string) => {
    log(`hook refused (${status}): ${reason}`);
    return c.json({ error: reason }, status, { connection: 'close' });
  };
  app.post(HOOK_PATH, bodyLimit({ maxSize: maxBodyBytes, onError: (c) => refuse(c, 413, 'body too large') }), async (c) => {
    const body = Buffer.from(await c.req.arrayBuffer());
    const verdict = verifyHook(Object.fromEntries(c.req.raw.headers), body, deps.secret, deps.now());
    if (!verdict.ok) return refuse(c, verdict.status as ContentfulStatusCode, verdict.reason);
    return receive(c, deps, verdict.delivery, body, refuse);
  });
  app.all(HOOK_PATH, (c) => methodNotAllowed(c, 'POST'));
  return app;
}

function receive(
  c: Context,
  { deliveries, queue, now, log }: HookRouteDeps,
  delivery: string,
  body: Buffer,
  refuse: (c: Context, status: ContentfulStatusCode, reason: string) => Response,
): Response {
  if (deliveries.seen(delivery, now())) return refuse(c, 409, 'delivery already received');
  const kind: RunKind = isDraftEvent(body) ? 'preview' : 'live';
  // A delivery counts as received only once its run is durably queued: when the run log cannot
  // be saved (a full disk), the CMS is told to try again, and its retry is not a replay.
  let run;
  try {
    run = queue.request(kind, 'webhook');
  } catch (error) {
    log(`hook ${delivery}: the run could not be queued: ${String(error)}`);
    return c.json({ error: 'could not queue the run; try again' }, 503, { 'retry-after': '60', connection: 'close' });
  }
  try {
    deliveries.record(delivery, now());
  } catch (error) {
    // The run is queued; only the replay record is not on disk (it is in memory).
    log(`hook ${delivery}: the delivery log could not be saved: ${String(error)}`);
  }
  log(`hook ${delivery} accepted: run ${run.id} (${kind})`);
  return c.json({ accepted: true, run: run.id, kind }, 202);
}

/** A `{"event":"draft"}` delivery asks for a preview; anything else publishes. */
export function isDraftEvent(body: Buffer): boolean {
  try {
    const data = hookBody.safeParse(JSON.parse(body.toString('utf8')));
    return data.success && data.data.event === 'draft';
  } catch {
    return false;
  }
}
