/**
 * The schedule at work in the service (the decisions are schedule.ts and freshness.ts): it
 * wakes when the next box-office check or day build is due (at least once a minute, as the clock may jump),
 * asks the run queue for it, keeps what it learns beside the run log (freshness.json in the
 * state folder: the schedule's history, each source's last answer, the warnings last notified)
 * and sends one chat notification when a freshness warning starts and one when it ends.
 */
import { join } from 'node:path';
import { currentRelease } from '../../release/releases';
import { osloDay } from '../../src/lib/format/time';
import { notify } from '../pipeline/notify';
import type { RunLog } from '../runs/run-log';
import type { RunQueue } from '../runs/run-queue';
import type { RunRecord } from '../runs/run-record';
import {
  alertChanges,
  endedText,
  freshnessWarnings,
  noteSource,
  notifiedKeys,
  sourceKeys,
  sourceNames,
  sourceOfDataError,
  sourceOfDownload,
  type SourceKey,
  type Warning,
} from './freshness';
import { readFreshnessFile, writeFreshnessFile, type FreshnessState } from './freshness-file';
import { LiveRelease, releaseTime } from './live-release';
import {
  finishedRun,
  historyOf,
  noteRun,
  planSchedule,
  scheduleRequest,
  boxOfficeIntervalMs,
  wakeDelay,
  type ScheduleHistory,
  type SchedulePlan,
} from './schedule';

export interface SchedulerDeps {
  readonly stateDir: string;
  readonly releasesDir: string;
  /** Minutes between box-office checks; 0: no schedule (freshness is still kept and shown). */
  readonly boxOfficeMinutes: number;
  readonly queue: RunQueue;
  readonly runLog: RunLog;
  readonly now: () => number;
  readonly notifyUrl: string | undefined;
  readonly log: (line: string) => void;
  /** Wake by itself (the service); tests call tick() on their fake clock instead. */
  readonly timer: boolean;
  /**
   * Automatic publishing paused by a rollback (runs/pause.ts), if it is: the schedule still asks for
   * its runs, which wait with the webhooks' until «Publiser att», the day build too.
   */
  readonly paused?: () => { readonly since: string; readonly by: string } | undefined;
  /** Told when what it knows changes (a source's answer, a warning, the schedule's history): the status page's live channel. */
  readonly onChange?: () => void;
}

export class Scheduler {
  readonly #deps: SchedulerDeps;
  readonly #path: string;
  #stored: FreshnessState;
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;
  readonly #live: LiveRelease;
  /** What each source answered in the run going (noted when it ends: an answer may yet prove to be garbage). */
  readonly #answers = new Map<SourceKey, string | undefined>();

  constructor(deps: SchedulerDeps) {
    this.#deps = deps;
    this.#path = join(deps.stateDir, 'freshness.json');
    this.#live = new LiveRelease(deps.releasesDir, () => deps.runLog.runs);
    // Malformed: as if absent (and named in the log); the history is told again by the run log.
    this.#stored = readFreshnessFile(this.#path, deps.log, () => this.#historyFromDisk());
  }

  get enabled(): boolean {
    return this.#deps.boxOfficeMinutes > 0;
  }

  get intervalMs(): number {
    return boxOfficeIntervalMs(this.#deps.boxOfficeMinutes || 5);
  }

  get history(): ScheduleHistory {
    return this.#stored.schedule;
  }

  /** Starts waking by itself (when enabled and wanted); looks at once, so a missed day build or box-office check runs now. */
  start(): void {
    if (!this.enabled) return;
    this.tick();
  }

  stop(): void {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
  }

  plan(): SchedulePlan {
    return planSchedule(this.#deps.now(), this.#stored.schedule, this.intervalMs);
  }

  /** Asks the queue for what is due, updates the warnings, and sleeps until the next due time. */
  tick(): void {
    if (this.#stopped) return;
    if (this.enabled) {
      const plan = this.plan();
      const pending = this.#deps.runLog.runs
        .filter((run) => run.kind === 'live' && (run.state === 'queued' || run.state === 'running'))
        .map((run) => ({ state: run.state as 'queued' | 'running', force: run.force === true, ...(run.startedAt ? { startedAt: run.startedAt } : {}) }));
      const request = scheduleRequest(plan, pending);
      if (request) {
        const run = this.#deps.queue.request('live', request === 'day-build' ? 'day-build' : 'schedule', undefined, { force: request === 'day-build' });
        this.#deps.log(`schedule: ${request === 'day-build' ? `day build for ${plan.today}` : 'box-office check'} (run ${run.id})`);
      }
    }
    this.#alert();
    if (this.enabled && this.#deps.timer) {
      if (this.#timer) clearTimeout(this.#timer);
      const now = this.#deps.now();
      // Never a busy loop: something due waits for the run in hand, which ticks when it ends.
      this.#timer = setTimeout(() => this.tick(), Math.max(1000, wakeDelay(now, this.plan())));
    }
  }

  /** Learns from a finished run (the queue's onFinished), then looks again. */
  runFinished(run: RunRecord): void {
    this.#stored.schedule = noteRun(this.#stored.schedule, finishedRun(run));
    this.#noteAnswers(run);
    this.#save();
    this.tick();
  }

  /** A download of the run going answered (no error) or failed for good; noted when the run ends. */
  downloaded(download: string, error?: unknown): void {
    const key = sourceOfDownload[download];
    if (!key) return;
    const message = error === undefined ? undefined : error instanceof Error ? error.message : typeof error === 'string' ? error : JSON.stringify(error);
    // A source of two downloads (the CMS) failed if either did.
    if (message !== undefined || !this.#answers.has(key)) this.#answers.set(key, message);
  }

  /** What each source answered in a finished run: an answer whose data the import refused counts as a failure of that source. */
  #noteAnswers(run: RunRecord): void {
    const garbage = run.state === 'failed' && run.failure ? sourceOfDataError(run.failure.detail) : undefined;
    const at = this.#deps.now();
    for (const [key, message] of this.#answers)
      this.#stored.sources =
        message === undefined && key === garbage
          ? noteSource(this.#stored.sources, key, at, run.failure!.detail, true)
          : noteSource(this.#stored.sources, key, at, message);
    this.#answers.clear();
  }

  /** The live release: when it was built, from which content, by which run. */
  live() {
    return this.#live.now();
  }

  /** Everything the status page and /status say about freshness. */
  view() {
    const now = this.#deps.now();
    const plan = this.plan();
    const live = this.live();
    return {
      now: new Date(now).toISOString(),
      live,
      sources: sourceKeys.map((key) => {
        const check = this.#stored.sources[key];
        return {
          key,
          name: sourceNames[key],
          checkedAt: check?.checkedAt === undefined ? undefined : new Date(check.checkedAt).toISOString(),
          answered: check?.checkedAt === undefined ? undefined : check.failingSince === undefined,
          answeredAt: check?.answeredAt === undefined ? undefined : new Date(check.answeredAt).toISOString(),
          error: check?.error,
          invalid: check?.failingSince !== undefined && check.invalid === true,
        };
      }),
      schedule: this.enabled
        ? {
            enabled: true as const,
            boxOfficeMinutes: this.#deps.boxOfficeMinutes,
            nextBoxOfficeCheckAt: new Date(plan.nextBoxOfficeCheckAt).toISOString(),
            nextDayBuildAt: new Date(plan.nextDayBuildAt).toISOString(),
            nextDayBuildDay: plan.nextDayBuildDay,
            // Held by the pause: nothing is checked or built until «Publiser att».
            paused: this.#deps.paused?.() !== undefined,
          }
        : { enabled: false as const },
      warnings: this.warnings(),
    };
  }

  warnings(): Warning[] {
    const now = this.#deps.now();
    const live = this.live();
    const plan = this.plan();
    const failedBuild = this.#stored.schedule.failedBuild;
    const failedRun =
      failedBuild && failedBuild.day === osloDay(new Date(now))
        ? this.#deps.runLog.runs.find((run) => run.kind === 'live' && run.force && run.state === 'failed' && run.failure)
        : undefined;
    const paused = this.#deps.paused?.();
    return freshnessWarnings(now, {
      liveBuiltAt: live?.builtAt === undefined ? undefined : Date.parse(live.builtAt),
      sources: this.#stored.sources,
      ...(paused ? { paused: { since: Date.parse(paused.since), by: paused.by } } : {}),
      ...(failedRun?.failure ? { dayBuildFailure: { reason: failedRun.failure.reason, retryAt: plan.nextDayBuildAt } } : {}),
    });
  }

  /** One notification per warning that started, one per warning that ended. */
  #alert(): void {
    const current = this.warnings();
    const { started, ended } = alertChanges(this.#stored.notified, current);
    if (started.length === 0 && ended.length === 0) return;
    this.#stored.notified = notifiedKeys(current);
    this.#save();
    const url = this.#deps.notifyUrl;
    for (const warning of started) {
      this.#deps.log(`freshness warning: ${warning.key}`);
      if (url) void notify(url, { text: `Kulturhuset Kaia, nettstaden: ${warning.text}`, warning: warning.key, state: 'started' }, this.#deps.log);
    }
    for (const key of ended) {
      this.#deps.log(`freshness warning over: ${key}`);
      if (url) void notify(url, { text: `Kulturhuset Kaia, nettstaden: ${endedText(key)}`, warning: key, state: 'ended' }, this.#deps.log);
    }
  }

  /** Without a stored history: what the run log tells, and the live release's own build day. */
  #historyFromDisk(): ScheduleHistory {
    const history = historyOf(this.#deps.runLog.runs.map(finishedRun));
    if (history.builtDay) return history;
    const release = currentRelease(this.#deps.releasesDir);
    const builtAt = release ? releaseTime(release) : undefined;
    return builtAt === undefined ? history : { ...history, builtDay: osloDay(new Date(builtAt)) };
  }

  #save(): void {
    try {
      writeFreshnessFile(this.#path, this.#stored);
    } finally {
      this.#deps.onChange?.();
    }
  }
}
