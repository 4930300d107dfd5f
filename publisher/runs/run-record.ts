/**
 * What the run log records of one run: what asked for it, its kind and state, its step while it
 * goes, what it changed, how it failed, and who started it. The log (run-log.ts) keeps the last
 * 20 of these; the queue (run-queue.ts) runs them one at a time.
 */
import type { BuildProgress } from '../../release/build-progress';
import type { DeployRecord } from '../../release/go-live';
import type { NamedChange } from './change-names';

/**
 * What asked for a run: the CMS's webhook, staff («Hent innhaldet på nytt»; «Bygg sida på nytt»
 * is `rebuild`), a rollback, the service's start, or the schedule (`schedule`: the box-office
 * check; `day-build`: the build at Oslo midnight).
 */
export type Trigger = 'webhook' | 'staff' | 'rollback' | 'start' | 'schedule' | 'day-build' | 'rebuild' | 'resume';
export type RunKind = 'live' | 'preview';
export type RunState = 'queued' | 'running' | 'published' | 'unchanged' | 'failed';

export interface ChangeCount {
  readonly collection: string;
  readonly added: number;
  readonly changed: number;
  readonly removed: number;
}

/** The steps of a run as staff see them: fetching the content, building the site, making it live. */
export type StepName = 'import' | 'build' | 'publish';

/** The step a running run is in, and when it began (ISO 8601). */
export interface RunStep {
  readonly name: StepName;
  readonly startedAt: string;
  /** While it builds: how far the build is, from Astro's output (release/build-progress.ts). */
  readonly build?: BuildProgress;
}

/** What a run changed, each record named (change-names.ts): the first ones, and how many more. */
export interface NamedChanges {
  readonly items: readonly NamedChange[];
  readonly more: number;
}

/** How many named changes a run keeps in the log. */
export const KEEP_NAMED_CHANGES = 20;

export interface Failure {
  /** The step that failed, in plain words (nynorsk). */
  readonly step: string;
  /** Why, in plain words (nynorsk). */
  readonly reason: string;
  /** The technical message, for whoever looks into it. */
  readonly detail: string;
}

export interface RunRecord {
  readonly id: number;
  readonly kind: RunKind;
  readonly trigger: Trigger;
  /** How many requests (hooks, clicks, schedule ticks) this run answers. */
  requests: number;
  /** Every cause joined into this run after the first, in order (absent: only `trigger`). */
  causes?: Trigger[];
  /** Build even when the content is unchanged (a day build, «Bygg sida på nytt»). */
  force?: boolean;
  /** For a box-office check that found nothing new: how many such checks in a row this entry stands for. */
  repeats?: number;
  state: RunState;
  readonly queuedAt: string;
  startedAt?: string;
  finishedAt?: string;
  durationMs?: number;
  /** The release the run published, or that stayed live. */
  release?: string;
  changes?: ChangeCount[];
  /** Each changed record named, at most KEEP_NAMED_CHANGES of them. */
  named?: NamedChanges;
  /** The pages its build wrote, when it built (the next build's progress counts against it). */
  pages?: number;
  /** While the run is going: its step and when that began (cleared when it ends). */
  step?: RunStep;
  failure?: Failure;
  /** What the deploy to the CDN did (PUBLISHER_GO_LIVE=deploy): exit code, the last lines of its output, how long it took. */
  deploy?: DeployRecord;
  /** Who started it: a staff member's name, «CMS», «tidsplan» or «oppstart». */
  by?: string;
  /** Whether PUBLISHER_NOTIFY_URL has been told how it ended (pipeline/notify.ts notifyRun). */
  notified?: boolean;
}

/** Who a run was started by when no person is named: the CMS's webhook, or the service's own start. */
export function starterOf(trigger: Trigger): string {
  switch (trigger) {
    case 'webhook':
      return 'CMS';
    case 'start':
      return 'oppstart';
    case 'schedule':
    case 'day-build':
      return 'tidsplanen';
    default:
      return 'ein tilsett';
  }
}
