/**
 * What staff read: GET /status (JSON, for a session or `Authorization: Bearer <staff password>`),
 * GET /staff/, the status page (or the login form without a session), and GET /staff/rettleiing,
 * the guide «Slik publiserer du» (guide.ts), to anyone: it says nothing the repository does not,
 * and an editor who cannot sign in still finds in it whom to call.
 */
import { readFileSync } from 'node:fs';
import { currentRelease, currentSince } from '../release/releases';
import { Hono } from 'hono';
import { z } from 'zod';
import { staffRequest } from './http';
import { methodNotAllowed, page, seeOther } from './respond';
import { valid, type StaffEnv } from './staff-guards';
import { messageKey, PREVIEW_OPEN, type FreshnessView } from './status-text';
import { STATUS_SCRIPT } from './views/layout';
import { GUIDE_PATH, guideTree } from './guide';
import { guidePage } from './views/guide-page';
import { loginPage } from './views/pages';
import { statusPage } from './views/status-page';
import { PREVIEW_ENTRY } from './release-sites';
import type { RunLog, RunQueue } from './runs';
import type { LiveChanges } from './live-changes';
import type { PauseState } from './pause';
import type { Sessions } from './staff';

export interface StatusDeps {
  readonly releasesDir: string;
  readonly previewDir: string;
  /** The preview's address, known once its server listens. */
  readonly previewUrl: () => string;
  readonly queue: RunQueue;
  readonly runLog: RunLog;
  readonly sessions: Sessions;
  /** How current the live site is: built when and from what, the sources, the schedule (scheduler.ts). */
  readonly freshness?: () => FreshnessView;
  /** Automatic publishing paused by a rollback (none in tests that do not roll back). */
  readonly pause?: PauseState;
  /** The live site's address, for links to changed pages (none: relative links, as behind the proxy). */
  readonly siteOrigin?: string | undefined;
  /** The service's clock (ms since the epoch). */
  readonly now?: () => number;
  /** What the live channel tells of changes (live-route.ts): the page names the version it shows. */
  readonly changes?: LiveChanges;
}

/** The status page's script: follows the runs without a reload (the page's CSP allows scripts from this service only). */
const statusScript = readFileSync(new URL('./status-live.js', import.meta.url), 'utf8');

/** The live release, the preview, whether a run is going, and the last runs. */
export function statusOf({ releasesDir, previewDir, previewUrl, queue, runLog, freshness, pause }: StatusDeps) {
  const release = currentRelease(releasesDir);
  const since = currentSince(releasesDir);
  const preview = currentRelease(previewDir);
  return {
    live: release && since ? { release, since: since.toISOString() } : undefined,
    preview: preview ? { release: preview, url: previewUrl() } : undefined,
    busy: queue.busy,
    paused: pause?.current
      ? {
          since: pause.current.since,
          by: pause.current.by,
          waiting: queue.held.length,
          causes: queue.held.flatMap((run) => [run.trigger, ...(run.causes ?? [])]).filter((cause, index, all) => all.indexOf(cause) === index),
        }
      : undefined,
    held: queue.held.map((run) => run.id),
    runs: runLog.runs,
    freshness: freshness?.(),
  };
}

/** The status page's address: an optional message key (unknown keys show no message). */
export const statusQuery = z.object({ melding: z.string().max(64).optional() });

export function statusRoutes(deps: StatusDeps & { readonly log: (line: string) => void }): Hono<StaffEnv> {
  const { sessions } = deps;
  const app = new Hono<StaffEnv>();

  app.get('/status', (c) => {
    const access = sessions.readAccess(staffRequest(c));
    if (access.ok) return c.json(statusOf(deps));
    if (access.waitSeconds > 0) return c.json({ error: 'too many wrong passwords; try again later' }, 429, { 'retry-after': String(access.waitSeconds) });
    return c.json({ error: 'staff authentication required' }, 401, { 'www-authenticate': 'Bearer realm="kaia-publisher"' });
  });
  app.all('/staff', (c) => seeOther(c, '/staff/'));
  app.get(STATUS_SCRIPT, (c) => c.body(statusScript, 200, { 'content-type': 'text/javascript; charset=utf-8' }));
  // Opens the preview signed in: a one-time ticket the preview turns into its own cookie.
  app.get(PREVIEW_OPEN, (c) => {
    const session = sessions.of(staffRequest(c));
    if (!session) return seeOther(c, '/staff/');
    return seeOther(c, `${new URL(PREVIEW_ENTRY, deps.previewUrl()).href}?billett=${sessions.previewTicket(session)}`);
  });
  app.get(GUIDE_PATH, (c) => page(c, 200, guidePage(guideTree())));
  app.get('/staff/', valid('query', statusQuery, deps.log), (c) => {
    const session = sessions.of(staffRequest(c));
    if (!session) return page(c, 200, loginPage());
    return page(
      c,
      200,
      statusPage({
        ...statusOf(deps),
        csrf: session.csrf,
        message: messageKey(c.req.valid('query').melding ?? null),
        signedInAs: session.name,
        siteOrigin: deps.siteOrigin,
        now: (deps.now ?? Date.now)(),
        version: deps.changes?.version,
      }),
    );
  });
  for (const path of ['/status', STATUS_SCRIPT, PREVIEW_OPEN, GUIDE_PATH, '/staff/']) app.all(path, (c) => methodNotAllowed(c, 'GET'));
  return app;
}
