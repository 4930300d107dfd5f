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
 * While paused, webhooks and scheduled box-office checks are accepted and queued but not run (runs/run-queue.ts
 * `mayStart`), so the next publish of another article does not bring the rolled-back change back.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { currentRelease, isReleaseName, listReleases } from '../../release/releases';
import { SWITCH, type GoLive } from '../../release/go-live';
import { LockHeld, noteBuildGroup } from '../../release/lock';
import { deployLiveTo, switchLiveTo, type SwitchOutcome } from '../../release/rollback';
import { staffRequest } from './http';
import { methodNotAllowed, page, plain, seeOther } from './respond';
import { actionForm } from './staff-routes';
import { signedInWithToken, staffPost, valid, type StaffEnv } from './staff-guards';
import type { LiveHistory } from '../runs/live-history';
import { formatMoment } from '../status/run-words';
import type { RollbackTarget } from '../status/status-view';
import { rollbackConfirmPage } from '../views/pages';
import type { PauseState } from '../runs/pause';
import { publishBetweenRuns } from '../pipeline/between-runs';
import type { RunLog } from '../runs/run-log';
import type { RunQueue } from '../runs/run-queue';
import type { Sessions } from '../accounts/staff-access';

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

/** The rollback form: the live release it switches from and the kept release it goes to, both by id, never a path. */
export const rollbackForm = z.object({
  csrf: z.string().max(256).optional(),
  from: z
    .string()
    .refine((id) => id === '' || isReleaseName(id))
    .optional(),
  to: z
    .string()
    .refine((id) => id === '' || isReleaseName(id))
    .optional(),
});

const UNKNOWN_VERSION = {
  title: 'Ukjend versjon',
  text: 'Versjonen finst ikkje lenger, eller han har aldri vore publisert. Gå tilbake til publiseringssida og prøv igjen.',
};

export function rollbackRoutes(deps: RollbackDeps): Hono<StaffEnv> {
  const { sessions, log } = deps;
  const app = new Hono<StaffEnv>();
  const post = staffPost(deps.publicOrigin);

  app.get('/staff/tilbake', (c) => {
    const session = sessions.of(staffRequest(c));
    if (!session) return seeOther(c, '/staff/');
    const target = rollbackTarget(deps);
    if (!target) return seeOther(c, '/staff/?melding=no-rollback');
    return page(c, 200, rollbackConfirmPage(target, session.csrf));
  });

  app.post('/staff/publiser-att', post, valid('form', actionForm, log), signedInWithToken(sessions), (c) => {
    const session = c.get('session');
    const wasPaused = deps.pause.current !== undefined;
    deps.pause.resume();
    log(`publishing resumed by ${session.name}`);
    // What waited runs now; without anything waiting, one run fetches what the CMS has.
    if (wasPaused && deps.queue.held.length === 0) deps.queue.request('live', 'resume', session.name);
    deps.queue.resume();
    return seeOther(c, '/staff/?melding=resumed');
  });

  app.post('/staff/rollback', post, valid('form', rollbackForm, log, UNKNOWN_VERSION), signedInWithToken(sessions), async (c) => {
    const session = c.get('session');
    const now = deps.now?.() ?? new Date();
    const { from, to } = c.req.valid('form');
    if (!from || !to) return seeOther(c, '/staff/tilbake');
    // The form names versions by id; the service only goes to a kept version that was live before.
    if (!knownTarget(deps, to)) {
      log(`rollback refused: ${JSON.stringify(to)} is not a kept version that was live before`);
      return plain(c, 400, UNKNOWN_VERSION.title, UNKNOWN_VERSION.text);
    }
    // A run switching `current` now would race the rollback: wait for it.
    if (deps.queue.busy) return seeOther(c, '/staff/?melding=busy');
    const way = deps.goLive ?? SWITCH;
    if (way.mode === 'deploy') return seeOther(c, await rollbackByDeploy(deps, way, session.name, from, to, now));
    let outcome;
    try {
      outcome = switchLiveTo(deps.releasesDir, deps.contentDir, from, to);
    } catch (error) {
      log(`rollback failed: ${String(error)}`);
      return seeOther(c, `/staff/?melding=${rollbackFailure(error)}`);
    }
    if (outcome === 'moved') return seeOther(c, '/staff/?melding=rollback-moved');
    if (outcome === 'switched') {
      const run = deps.runLog.add('live', 'rollback', now, session.name);
      Object.assign(run, { state: 'published', release: to, startedAt: now.toISOString(), finishedAt: now.toISOString(), durationMs: 0 });
      deps.runLog.trySave();
      deps.history.record({ release: to, at: now.toISOString(), by: session.name, reason: 'rollback' });
      log(`rollback by ${session.name}: ${from} → ${to} (${formatMoment(now)})`);
    }
    // Paused either way: a repeated request leaves the same state as the first.
    if (!deps.pause.current) deps.pause.pause({ since: now.toISOString(), by: session.name, release: to });
    return seeOther(c, `/staff/?melding=${outcome === 'switched' ? 'rolled-back' : 'already-rolled-back'}`);
  });

  app.all('/staff/tilbake', (c) => methodNotAllowed(c, 'GET'));
  app.all('/staff/rollback', (c) => methodNotAllowed(c, 'POST'));
  app.all('/staff/publiser-att', (c) => methodNotAllowed(c, 'POST'));
  return app;
}

/**
 * What a failed switch is called on the status page: a run holding the releases (busy), a full
 * disk, or anything else; each says the live site is as it was.
 */
export function rollbackFailure(error: unknown): 'busy' | 'rollback-disk-full' | 'rollback-error' {
  if (error instanceof LockHeld) return 'busy';
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT' ? 'rollback-disk-full' : 'rollback-error';
}

/**
 * Rollback on a CDN: the earlier release is deployed again, between runs (the queue holds new
 * ones meanwhile), and recorded live only when that deploy succeeded; the run log keeps what
 * the deploy did either way. A failed deploy leaves the live release, and publishing, as they were.
 */
async function rollbackByDeploy(deps: RollbackDeps, way: GoLive, by: string, from: string, to: string, now: Date): Promise<string> {
  const live = currentRelease(deps.releasesDir);
  if (live === to) {
    if (!deps.pause.current) deps.pause.pause({ since: now.toISOString(), by, release: to });
    return '/staff/?melding=already-rolled-back';
  }
  if (live !== from) return '/staff/?melding=rollback-moved';
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
  if (outcome === undefined) return '/staff/?melding=rollback-failed';
  if (outcome === 'moved') return '/staff/?melding=rollback-moved';
  if (outcome === 'switched') {
    deps.history.record({ release: to, at: now.toISOString(), by, reason: 'rollback' });
    deps.log(`rollback by ${by}: ${from} → ${to} deployed (${formatMoment(now)})`);
  }
  if (!deps.pause.current) deps.pause.pause({ since: now.toISOString(), by, release: to });
  return `/staff/?melding=${outcome === 'switched' ? 'rolled-back' : 'already-rolled-back'}`;
}
