/**
 * GET /staff/live: the status page's live channel, server-sent events (`text/event-stream`),
 * for a signed-in session only. At once, and after every change (status/live-changes.ts), it sends one
 * event, `changed`, whose data is the version of what the page shows; the page fetches itself
 * again when the version is not the one it shows (status-live.js). A comment line every
 * `heartbeatMs` keeps proxies from closing a quiet channel, and checks the session: a session
 * that ended (signed out, expired, a new password) ends the channel, as does the service's stop.
 * `X-Accel-Buffering: no` keeps nginx from holding the events back (docs/deploy.md).
 */
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { staffRequest } from './http';
import type { LiveChanges } from '../status/live-changes';
import { methodNotAllowed } from './respond';
import type { StaffEnv } from './staff-guards';
import type { Sessions } from '../accounts/staff-access';

/** The channel's address. */
export const LIVE_CHANNEL = '/staff/live';

/** How often a quiet channel sends a comment (nginx closes a proxied answer silent for 60 s). */
export const HEARTBEAT_MS = 15_000;

/** How soon a browser reconnects after the channel drops (a restart). */
export const RECONNECT_MS = 2_000;

export interface LiveRouteDeps {
  readonly sessions: Sessions;
  readonly changes: LiveChanges;
  readonly heartbeatMs?: number;
}

export function liveRoute({ sessions, changes, heartbeatMs = HEARTBEAT_MS }: LiveRouteDeps): Hono<StaffEnv> {
  const app = new Hono<StaffEnv>();

  app.get(LIVE_CHANNEL, (c) => {
    const request = staffRequest(c);
    if (!sessions.of(request)) return c.text('staff session required', 401);
    if (changes.closed.aborted) return c.text('service stopping', 503, { 'retry-after': '5' });
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      let wake: (() => void) | undefined;
      let changed = false;
      const unsubscribe = changes.subscribe(() => {
        changed = true;
        wake?.();
      });
      const stop = () => wake?.();
      changes.closed.addEventListener('abort', stop);
      stream.onAbort(stop);
      try {
        await stream.writeSSE({ event: 'changed', data: changes.version, id: changes.version, retry: RECONNECT_MS });
        while (!stream.aborted && !changes.closed.aborted) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, heartbeatMs);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
            if (changed || stream.aborted || changes.closed.aborted) wake();
          });
          wake = undefined;
          if (stream.aborted || changes.closed.aborted || !sessions.of(request)) break;
          if (changed) {
            changed = false;
            await stream.writeSSE({ event: 'changed', data: changes.version, id: changes.version });
          } else await stream.write(': still here\n\n');
        }
      } finally {
        unsubscribe();
        changes.closed.removeEventListener('abort', stop);
      }
    });
  });
  app.all(LIVE_CHANNEL, (c) => methodNotAllowed(c, 'GET'));
  return app;
}
