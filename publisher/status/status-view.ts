/**
 * The status model: what GET /status and the status page show (the live release, the preview,
 * the pause and what waits, the last runs, how current the site is), gathered by `statusOf`, and
 * the shapes the views are handed. The addresses the pages link to live here too.
 */
import { currentRelease, currentSince } from '../../release/releases';
import type { PauseState } from '../runs/pause';
import type { RunLog } from '../runs/run-log';
import type { RunQueue } from '../runs/run-queue';
import type { RunRecord, Trigger } from '../runs/run-record';
import type { Scheduler } from '../schedule/scheduler';
import type { MessageKey } from './messages';

/** How current the site is (the scheduler's view, shown by views/freshness-section.tsx). */
export type FreshnessView = ReturnType<Scheduler['view']>;

/** The status page's link that opens the preview signed in (routes/status-routes.ts). */
export const PREVIEW_OPEN = '/staff/forehandsvising';

/** Where the preview takes a ticket from the status page and sets its own cookie (sites/release-sites.ts). */
export const PREVIEW_ENTRY = '/__staff/opne';

/** The version a rollback goes to, as the confirmation names it. */
export interface RollbackTarget {
  /** The live release now. */
  readonly from: string;
  readonly to: string;
  /** When `to` went live (ISO 8601), and who made it live. */
  readonly at: string;
  readonly by: string;
  /** What the run that published `to` changed, when the run log still has it. */
  readonly changes?: RunRecord['changes'];
  readonly named?: RunRecord['named'];
}

/** Automatic publishing paused by a rollback (runs/pause.ts). */
export interface PauseView {
  readonly since: string;
  readonly by: string;
  /** Runs waiting for «Publiser att». */
  readonly waiting: number;
  /** What the waiting runs were asked for by (webhooks, the schedule's box-office checks and day build, staff), each once. */
  readonly causes?: readonly Trigger[];
}

export interface StatusView {
  readonly live: { readonly release: string; readonly since: string } | undefined;
  readonly preview: { readonly release: string; readonly url: string } | undefined;
  readonly runs: readonly RunRecord[];
  readonly csrf: string;
  readonly message: MessageKey | undefined;
  /** How current the site is (views/freshness-section.tsx). */
  readonly freshness?: FreshnessView | undefined;
  /** The display name of whoever is signed in. */
  readonly signedInAs?: string;
  readonly paused?: PauseView | undefined;
  /** Ids of runs held by the pause. */
  readonly held?: readonly number[];
  /** The live site's address, for the links to changed pages (none: relative, as behind the proxy). */
  readonly siteOrigin?: string | undefined;
  /** The service's clock, for the time a going run has taken (ms since the epoch). */
  readonly now?: number;
  /** The version of what the page shows (live-changes.ts): the script compares the live channel's with it. */
  readonly version?: string | undefined;
}

/** Where the status model is read from. */
export interface StatusSources {
  readonly releasesDir: string;
  readonly previewDir: string;
  /** The preview's address, known once its server listens. */
  readonly previewUrl: () => string;
  readonly queue: RunQueue;
  readonly runLog: RunLog;
  /** How current the live site is: built when and from what, the sources, the schedule (schedule/scheduler.ts). */
  readonly freshness?: () => FreshnessView;
  /** Automatic publishing paused by a rollback (none in tests that do not roll back). */
  readonly pause?: PauseState;
}

/** The live release, the preview, whether a run is going, and the last runs. */
export function statusOf({ releasesDir, previewDir, previewUrl, queue, runLog, freshness, pause }: StatusSources) {
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
