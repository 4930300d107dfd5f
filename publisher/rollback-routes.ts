/**
 * Rollback that stays rolled back (the Netlify way: the live release is a pointer, rollback
 * moves it to what was live before, and a locked deploy stays live):
 *
 *   GET  /staff/tilbake          asks for confirmation, naming the version it goes to (when it
 *                                went live, who made it live, what its run changed)
 *   POST /staff/rollback         from=<live release>&to=<target>: switches `current` from the one
 *                                to the other (never by name), idempotent for a repeated request,
 *                                and pauses automatic publishing
 *   POST /staff/publiser-att     ends the pause: what waited is published
 *
 * While paused, webhooks and scheduled syncs are accepted and queued but not run (runs.ts
 * `mayStart`), so the next publish of another article does not bring the rolled-back change back.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { currentRelease, isReleaseName, listReleases } from '../release/releases';
import { SWITCH, type GoLive } from '../release/go-live';
import { noteBuildGroup } from '../release/lock';
import { deployLiveTo, switchLiveTo, type SwitchOutcome } from '../release/rollback';
import { html, methodNotAllowed, readForm, redirect, type Route } from './http';
import type { LiveHistory } from './live-history';
import { formatMoment, plainPage, rollbackConfirmPage, type RollbackTarget } from './page';
import type { PauseState } from './pause';
import { publishBetweenRuns } from './pipeline';
import type { RunLog, RunQueue } from './runs';
import { sameOrigin, validCsrf, type Sessions } from './staff';

export interface RollbackDeps {
  readonly releasesDir: string;
  readonly contentDir: string;
  readonly queue: RunQueue;
  readonly runLog: RunLog;
  readonly history: LiveHistory;
  readonly pause: PauseState;
  readonly sessions: Sessions;
  readonly publicOrigin: string | undefined;
  readonly log: (line: string) => void;
  readonly now?: () => Date;
  /** How a release goes live (default: switch `current`); with a deploy, rollback deploys the earlier release again. */
  readonly goLive?: GoLive;
}

/** The release to go back to from the live one, by the history of what was live; undefined when there is none. */
export function rollbackTarget(deps: Pick<RollbackDeps, 'releasesDir' | 'history' | 'runLog'>): RollbackTarget | undefined {
  const current = currentRelease(deps.releasesDir);
  if (!current) return undefined;
  const kept = new Set(listReleases(deps.releasesDir));
  const entry = deps.history.before(current, (release) => kept.has(release));
  if (!entry) return undefined;
  const run = deps.runLog.runs.find((candidate) => candidate.release === entry.release && candidate.state === 'published' && candidate.kind === 'live');
  return {
    from: current,
    to: entry.release,
    at: entry.at,
    by: entry.by,
    ...(run?.changes ? { changes: run.changes } : {}),
    ...(run?.named ? { named: run.named } : {}),
  };
}

/** Whether `to` names a release that is still kept and was live at some point (the recorded history). */
function knownTarget(deps: Pick<RollbackDeps, 'releasesDir' | 'history'>, to: string): boolean {
  return isReleaseName(to) && listReleases(deps.releasesDir).includes(to) && deps.history.entries.some((entry) => entry.release === to);
}

export function rollbackRoutes(deps: RollbackDeps): Route {
  return async (req, res, url) => {
    switch (url.pathname) {
      case '/staff/tilbake':
        if (req.method !== 'GET') methodNotAllowed(res, 'GET');
        else confirm(deps, req, res);
        return true;
      case '/staff/rollback':
      case '/staff/publiser-att':
        if (req.method !== 'POST') methodNotAllowed(res, 'POST');
        else await post(url.pathname === '/staff/rollback' ? 'rollback' : 'resume', deps, req, res);
        return true;
      default:
        return false;
    }
  };
}

function confirm(deps: RollbackDeps, req: IncomingMessage, res: ServerResponse): void {
  const session = deps.sessions.of(req);
  if (!session) return redirect(res, '/staff/');
  const target = rollbackTarget(deps);
  if (!target) return redirect(res, '/staff/?melding=no-rollback');
  html(res, 200, rollbackConfirmPage(target, session.csrf));
}

async function post(action: 'rollback' | 'resume', deps: RollbackDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { sessions, log } = deps;
  if (!sameOrigin(req, deps.publicOrigin)) return html(res, 403, plainPage('Ikkje tillate', 'Handlinga må gjerast frå publiseringssida.'));
  const form = await readForm(req);
  if (!form) return html(res, 413, plainPage('For stor førespurnad', 'Skjemaet var for stort.'));
  const session = sessions.of(req);
  if (!session) return html(res, 401, plainPage('Ikkje logga inn', 'Logg inn på publiseringssida først.'));
  if (!validCsrf(session, form.get('csrf')))
    return html(res, 403, plainPage('Ikkje tillate', 'Skjemaet var gammalt eller kom ikkje frå publiseringssida. Last sida på nytt og prøv igjen.'));
  const now = deps.now?.() ?? new Date();
  if (action === 'resume') {
    const wasPaused = deps.pause.current !== undefined;
    deps.pause.resume();
    log(`publishing resumed by ${session.name}`);
    // What waited runs now; without anything waiting, one run fetches what the CMS has.
    if (wasPaused && deps.queue.held.length === 0) deps.queue.request('live', 'staff', session.name);
    deps.queue.resume();
    return redirect(res, '/staff/?melding=resumed');
  }
  const from = form.get('from') ?? '';
  const to = form.get('to') ?? '';
  if (!from || !to) return redirect(res, '/staff/tilbake');
  // The form names versions by id; the service only goes to a kept version that was live before.
  if (!isReleaseName(from) || !knownTarget(deps, to)) {
    log(`rollback refused: ${JSON.stringify(to)} is not a kept version that was live before`);
    return html(
      res,
      400,
      plainPage('Ukjend versjon', 'Versjonen finst ikkje lenger, eller han har aldri vore publisert. Gå tilbake til publiseringssida og prøv igjen.'),
    );
  }
  // A run switching `current` now would race the rollback: wait for it.
  if (deps.queue.busy) return redirect(res, '/staff/?melding=busy');
  const way = deps.goLive ?? SWITCH;
  if (way.mode === 'deploy') return rollbackByDeploy(deps, way, res, session.name, from, to, now);
  let outcome;
  try {
    outcome = switchLiveTo(deps.releasesDir, deps.contentDir, from, to);
  } catch (error) {
    log(`rollback failed: ${String(error)}`);
    return redirect(res, '/staff/?melding=busy');
  }
  if (outcome === 'moved') return redirect(res, '/staff/?melding=rollback-moved');
  if (outcome === 'switched') {
    const run = deps.runLog.add('live', 'rollback', now, session.name);
    Object.assign(run, { state: 'published', release: to, startedAt: now.toISOString(), finishedAt: now.toISOString(), durationMs: 0 });
    deps.runLog.trySave();
    deps.history.record({ release: to, at: now.toISOString(), by: session.name, reason: 'rollback' });
    log(`rollback by ${session.name}: ${from} → ${to} (${formatMoment(now)})`);
  }
  // Paused either way: a repeated request leaves the same state as the first.
  if (!deps.pause.current) deps.pause.pause({ since: now.toISOString(), by: session.name, release: to });
  redirect(res, `/staff/?melding=${outcome === 'switched' ? 'rolled-back' : 'already-rolled-back'}`);
}

/**
 * Rollback on a CDN: the earlier release is deployed again, between runs (the queue holds new
 * ones meanwhile), and recorded live only when that deploy succeeded; the run log keeps what
 * the deploy did either way. A failed deploy leaves the live release, and publishing, as they were.
 */
async function rollbackByDeploy(deps: RollbackDeps, way: GoLive, res: ServerResponse, by: string, from: string, to: string, now: Date): Promise<void> {
  const live = currentRelease(deps.releasesDir);
  if (live === to) {
    if (!deps.pause.current) deps.pause.pause({ since: now.toISOString(), by, release: to });
    return redirect(res, '/staff/?melding=already-rolled-back');
  }
  if (live !== from) return redirect(res, '/staff/?melding=rollback-moved');
  deps.log(`rollback by ${by}: deploying ${to} again`);
  let outcome: SwitchOutcome | undefined;
  await publishBetweenRuns({ queue: deps.queue, runLog: deps.runLog, now: () => deps.now?.() ?? new Date() }, { trigger: 'rollback', by }, async (run) => {
    try {
      const result = await deployLiveTo(deps.releasesDir, deps.contentDir, from, to, way, {
        progress: (line) => deps.log(`rollback: ${line}`),
        onGroup: (group) => noteBuildGroup(deps.releasesDir, group),
        onDeploy: (record) => (run.deploy = record),
      });
      outcome = result.outcome;
    } catch (error) {
      deps.log(`rollback by ${by} failed: ${String(error)}`);
      throw error;
    }
    return outcome === 'switched' ? { state: 'published', release: to } : { state: 'unchanged', release: currentRelease(deps.releasesDir) };
  });
  if (outcome === undefined) return redirect(res, '/staff/?melding=rollback-failed');
  if (outcome === 'moved') return redirect(res, '/staff/?melding=rollback-moved');
  if (outcome === 'switched') {
    deps.history.record({ release: to, at: now.toISOString(), by, reason: 'rollback' });
    deps.log(`rollback by ${by}: ${from} → ${to} deployed (${formatMoment(now)})`);
  }
  if (!deps.pause.current) deps.pause.pause({ since: now.toISOString(), by, release: to });
  redirect(res, `/staff/?melding=${outcome === 'switched' ? 'rolled-back' : 'already-rolled-back'}`);
}
