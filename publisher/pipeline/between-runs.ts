/**
 * A publish step done outside the queue's runs (a rollback's deploy, a deploy redone at start),
 * recorded in the run log as a run of its own.
 */
import { StepFailed } from '../../release/releases';
import type { RunLog } from '../runs/run-log';
import type { RunQueue } from '../runs/run-queue';
import type { RunRecord, Trigger } from '../runs/run-record';
import { explain } from './failures';

/**
 * A publish step done outside the queue's runs (a rollback's deploy, a deploy redone at start),
 * between runs and recorded as a run of its own: running while `work` goes, then as `work`
 * ends it (state, release), or failed with why; the run log is saved at start and end.
 */
export async function publishBetweenRuns(
  deps: { readonly queue: RunQueue; readonly runLog: RunLog; readonly now: () => Date },
  start: { readonly trigger: Trigger; readonly by?: string },
  work: (run: RunRecord) => Promise<{ readonly state: RunRecord['state']; readonly release?: string | undefined }>,
): Promise<RunRecord> {
  return deps.queue.exclusive(async () => {
    const at = deps.now();
    const run = deps.runLog.add('live', start.trigger, at, start.by);
    Object.assign(run, { state: 'running', startedAt: at.toISOString(), step: { name: 'publish', startedAt: at.toISOString() } });
    deps.runLog.trySave();
    const started = performance.now();
    try {
      Object.assign(run, await work(run));
    } catch (error) {
      Object.assign(run, { state: 'failed', failure: explain(new StepFailed('publish', error)) });
    }
    delete run.step;
    run.finishedAt = deps.now().toISOString();
    run.durationMs = Math.round(performance.now() - started);
    deps.runLog.trySave();
    return run;
  });
}
