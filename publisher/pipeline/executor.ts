/**
 * What the service's queue does with each run it starts: runs the pipeline (execute.ts) with the
 * service's clock and the import digest this process knows, saves the run log at each step,
 * records a published release in the history of what was live, and sends the chat notification.
 */
import { currentRelease } from '../../release/releases';
import type { PublisherConfig } from '../config';
import type { LiveHistory } from '../runs/live-history';
import type { RunLog } from '../runs/run-log';
import { starterOf, type RunRecord } from '../runs/run-record';
import { executeRun, type RunExtras } from './execute';
import { notifyRun } from './notify';

export interface ExecutorDeps {
  readonly config: PublisherConfig;
  readonly runLog: RunLog;
  readonly history: LiveHistory;
  /** The service's clock (tests pass a fake one). */
  readonly now: () => number;
  readonly log: (line: string) => void;
  /** Aborted when the service stops: the run going is abandoned and its build ended. */
  readonly signal: AbortSignal;
  /** The status page as staff reach it, known once the server listens (the preview's banner links it). */
  readonly statusUrl: () => string;
  /** Told of each download of a live run, answered or failed (the schedule notes how each source answers). */
  readonly onDownload?: RunExtras['onDownload'];
}

/** The queue's `execute`: one run, start to end, logged. */
export function runExecutor(deps: ExecutorDeps): (run: RunRecord) => Promise<void> {
  const { config, runLog, history, now, log } = deps;
  // The import digest of the live release's content, while this process knows it: an unchanged
  // box-office check then checks no records. Memory only, so a restart (new code) checks
  // everything once.
  let knownContent: { release: string; digest: string } | undefined;
  return async (run) => {
    log(`run ${run.id} (${run.kind}, ${[run.trigger, ...(run.causes ?? [])].join(', ')}${run.force ? ', full build' : ''}, by ${run.by ?? '?'}) started`);
    const live = run.kind === 'live';
    const liveBefore = live ? currentRelease(config.releasesDir) : undefined;
    const digest = await executeRun(
      config,
      run,
      log,
      {
        now: new Date(now()),
        clock: now,
        onStep: () => runLog.trySave(),
        ...(live && knownContent && knownContent.release === liveBefore ? { knownDigest: knownContent.digest } : {}),
        ...(live && deps.onDownload ? { onDownload: deps.onDownload } : {}),
      },
      deps.signal,
      deps.statusUrl(),
    );
    if (live && digest && run.state !== 'failed' && run.release) knownContent = { release: run.release, digest };
    if (live && run.state === 'published' && run.release)
      history.record({ release: run.release, at: new Date(now()).toISOString(), by: run.by ?? starterOf(run.trigger), reason: 'publish' });
    log(`run ${run.id} ${run.state}${run.failure ? `: ${run.failure.detail}` : ''}`);
    void notifyRun(config.notifyUrl, run, log);
  };
}
