/**
 * What the status page's buttons do, once the request is known to come from a signed-in staff
 * member (staff-routes.ts): queue a live run or a preview, or roll back. Each answers the key
 * of the message the page then shows.
 */
import { LockHeld } from '../release/lock';
import { ReleaseError } from '../release/releases';
import { rollbackLive } from '../release/rollback';
import type { MessageKey } from './page';
import type { RunLog, RunQueue } from './runs';

export interface ActionDeps {
  readonly releasesDir: string;
  readonly contentDir: string;
  readonly queue: RunQueue;
  readonly runLog: RunLog;
  readonly log: (line: string) => void;
}

export type StaffAction = 'refresh' | 'preview' | 'rollback';

/** Performs `action` for the staff member named `by` (their display name goes into the run log). */
export function performAction(action: StaffAction, deps: ActionDeps, by: string): MessageKey {
  switch (action) {
    case 'refresh':
      deps.queue.request('live', 'staff', by);
      return 'queued';
    case 'preview':
      deps.queue.request('preview', 'staff', by);
      return 'preview-queued';
    case 'rollback':
      return rollBackFromStatusPage(deps, by);
  }
}

/** Rolls back between runs (never during one), recorded in the run log like a run. */
function rollBackFromStatusPage({ releasesDir, contentDir, queue, runLog, log }: ActionDeps, by: string): MessageKey {
  if (queue.busy) return 'busy';
  const run = runLog.add('live', 'rollback', new Date(), by);
  const started = Date.now();
  run.startedAt = new Date(started).toISOString();
  let key: MessageKey;
  try {
    run.release = rollbackLive(releasesDir, contentDir);
    run.state = 'published';
    key = 'rolled-back';
  } catch (error) {
    run.state = 'failed';
    const detail = error instanceof Error ? error.message : String(error);
    // A ReleaseError is "nothing to go back to"; LockHeld is another process holding the lock.
    const nothingOlder = error instanceof ReleaseError && !(error instanceof LockHeld);
    run.failure = {
      step: 'Tilbakerulling',
      reason: nothingOlder
        ? 'Det finst inga eldre versjon å gå tilbake til.'
        : 'Kunne ikkje byte versjon no. Den publiserte nettstaden er uendra; prøv igjen om litt.',
      detail,
    };
    key = nothingOlder ? 'no-rollback' : 'busy';
  }
  run.finishedAt = new Date().toISOString();
  run.durationMs = Date.now() - started;
  runLog.trySave();
  log(`rollback: ${run.state} ${run.release ?? run.failure?.detail ?? ''}`);
  return key;
}
