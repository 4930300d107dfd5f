/**
 * What staff read: GET /status (JSON, for a session or `Authorization: Bearer <staff password>`)
 * and GET /staff/, the status page (or the login form without a session).
 */
import { readFileSync } from 'node:fs';
import { currentRelease, currentSince } from '../release/releases';
import { html, methodNotAllowed, redirect, send, sendJson, type Route } from './http';
import { loginPage, messageKey, PREVIEW_OPEN, STATUS_SCRIPT, statusPage } from './page';
import { PREVIEW_ENTRY } from './release-sites';
import type { RunLog, RunQueue } from './runs';
import type { FreshnessView } from './freshness-page';
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

export function statusRoutes(deps: StatusDeps): Route {
  const { sessions } = deps;
  return (req, res, url) => {
    switch (url.pathname) {
      case '/status': {
        if (req.method !== 'GET') {
          methodNotAllowed(res, 'GET');
          return true;
        }
        const access = sessions.readAccess(req);
        if (access.ok) sendJson(res, 200, statusOf(deps));
        else if (access.waitSeconds > 0)
          sendJson(res, 429, { error: 'too many wrong passwords; try again later' }, { 'retry-after': String(access.waitSeconds) });
        else sendJson(res, 401, { error: 'staff authentication required' }, { 'www-authenticate': 'Bearer realm="kaia-publisher"' });
        return true;
      }
      case '/staff':
        redirect(res, '/staff/');
        return true;
      case STATUS_SCRIPT:
        if (req.method !== 'GET') methodNotAllowed(res, 'GET');
        else send(res, 200, 'text/javascript; charset=utf-8', statusScript);
        return true;
      case PREVIEW_OPEN: {
        // Opens the preview signed in: a one-time ticket the preview turns into its own cookie.
        if (req.method !== 'GET') methodNotAllowed(res, 'GET');
        else {
          const session = sessions.of(req);
          if (!session) redirect(res, '/staff/');
          else redirect(res, `${new URL(PREVIEW_ENTRY, deps.previewUrl()).href}?billett=${sessions.previewTicket(session)}`);
        }
        return true;
      }
      case '/staff/': {
        if (req.method !== 'GET') {
          methodNotAllowed(res, 'GET');
          return true;
        }
        const session = sessions.of(req);
        if (!session) html(res, 200, loginPage());
        else
          html(
            res,
            200,
            statusPage({
              ...statusOf(deps),
              csrf: session.csrf,
              message: messageKey(url.searchParams.get('melding')),
              signedInAs: session.name,
              siteOrigin: deps.siteOrigin,
              now: (deps.now ?? Date.now)(),
            }),
          );
        return true;
      }
      default:
        return false;
    }
  };
}
