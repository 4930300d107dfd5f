/**
 * What the status page's buttons do, once the request is known to come from a signed-in staff
 * member (staff-routes.ts): queue a live run or a preview (rollback: rollback-routes.ts). Each answers the key
 * of the message the page then shows.
 */
import type { MessageKey } from '../status/messages';
import type { RunLog } from '../runs/run-log';
import type { RunQueue } from '../runs/run-queue';

export interface ActionDeps {
  readonly releasesDir: string;
  readonly contentDir: string;
  readonly queue: RunQueue;
  readonly runLog: RunLog;
  readonly log: (line: string) => void;
  /** Whether automatic publishing is paused by a rollback: live runs then wait for «Publiser att». */
  readonly paused?: () => boolean;
}

export type StaffAction = 'refresh' | 'rebuild' | 'preview';

/** Performs `action` for the staff member named `by` (their display name goes into the run log). */
export function performAction(action: StaffAction, deps: ActionDeps, by: string): MessageKey {
  switch (action) {
    case 'refresh':
      deps.queue.request('live', 'staff', by);
      return 'queued';
    case 'rebuild':
      // «Bygg sida på nytt»: a full build even when nothing changed (a stale day fixed by hand).
      deps.queue.request('live', 'rebuild', by, { force: true });
      // While paused it waits, like everything live, and is built when staff press «Publiser att».
      return deps.paused?.() ? 'rebuild-held' : 'rebuild-queued';
    case 'preview':
      deps.queue.request('preview', 'staff', by);
      return 'preview-queued';
  }
}
