/**
 * At start, for a site on a CDN (PUBLISHER_GO_LIVE=deploy): when the last process was killed in
 * the middle of a deploy (release/go-live.ts leaves its mark), the CDN may serve the release it
 * was deploying or the one before, so the release `current` names is deployed again, between
 * runs, and the run log says so. Otherwise nothing is deployed: `current` is what the CDN serves.
 */
import { interruptedDeploy, redeployCurrent, type GoLive } from '../../release/go-live';
import { noteBuildGroup } from '../../release/lock';
import { currentRelease } from '../../release/releases';
import { publishBetweenRuns } from './between-runs';
import type { RunLog } from '../runs/run-log';
import type { RunQueue } from '../runs/run-queue';

export interface CdnRecoveryDeps {
  readonly releasesDir: string;
  readonly goLive: GoLive;
  readonly queue: RunQueue;
  readonly runLog: RunLog;
  readonly now: () => number;
  readonly log: (line: string) => void;
  /** Aborted when the service stops: the deploy is ended, and tried again at the next start. */
  readonly signal?: AbortSignal;
}

/** Deploys the live release again when a deploy was cut off; resolves when done (undefined when nothing was needed). */
export async function bringCdnInLine(deps: CdnRecoveryDeps): Promise<'redeployed' | 'failed' | undefined> {
  if (deps.goLive.mode !== 'deploy') return undefined;
  const cutOff = interruptedDeploy(deps.releasesDir);
  if (cutOff === undefined) return undefined;
  const live = currentRelease(deps.releasesDir);
  deps.log(`a deploy${cutOff ? ` of ${cutOff}` : ''} was cut off; deploying the live release ${live ?? '(none)'} again`);
  const run = await publishBetweenRuns({ queue: deps.queue, runLog: deps.runLog, now: () => new Date(deps.now()) }, { trigger: 'start' }, async (run) => {
    await redeployCurrent(deps.releasesDir, deps.goLive, {
      progress: (line) => deps.log(`run ${run.id}: ${line}`),
      signal: deps.signal,
      onGroup: (group) => noteBuildGroup(deps.releasesDir, group),
      onDeploy: (record) => (run.deploy = record),
    });
    return { state: 'published', ...(live ? { release: live } : {}) };
  });
  deps.log(`run ${run.id} ${run.state}${run.failure ? `: ${run.failure.detail}` : ''}`);
  return run.state === 'failed' ? 'failed' : 'redeployed';
}
