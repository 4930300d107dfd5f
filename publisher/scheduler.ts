/**
 * The schedule at work in the service (the decisions are schedule.ts and freshness.ts): it
 * wakes when the next sync or day build is due (at least once a minute, as the clock may jump),
 * asks the run queue for it, keeps what it learns beside the run log (freshness.json in the
 * state folder: the schedule's history, each source's last answer, the warnings last notified)
 * and sends one chat notification when a freshness warning starts and one when it ends.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'astro/zod';
import { readStateFile, writeStateFile } from '../release/state-file';
import { currentRelease, releaseContentDir } from '../release/releases';
import { osloDay } from '../src/lib/format/time';
import {
  alertChanges,
  endedText,
  freshnessWarnings,
  noteSource,
  notifiedKeys,
  parseSourceChecks,
  sourceKeys,
  sourceNames,
  sourceOfDataError,
  sourceOfDownload,
  type SourceChecks,
  type SourceKey,
  type Warning,
} from './freshness';
import { notify } from './pipeline';
import type { RunLog, RunQueue, RunRecord } from './runs';
import {
  historyOf,
  noteRun,
  planSchedule,
  scheduleRequest,
  syncIntervalMs,
  wakeDelay,
  type FinishedRun,
  type ScheduleHistory,
  type SchedulePlan,
} from './schedule';

export interface SchedulerDeps {
  readonly stateDir: string;
  readonly releasesDir: string;
  /** Minutes between syncs; 0: no schedule (freshness is still kept and shown). */
  readonly syncMinutes: number;
  readonly queue: RunQueue;
  readonly runLog: RunLog;
  readonly now: () => number;
  readonly notifyUrl: string | undefined;
  readonly log: (line: string) => void;
  /** Wake by itself (the service); tests call tick() on their fake clock instead. */
  readonly timer: boolean;
  /**
   * Automatic publishing paused by a rollback (pause.ts), if it is: the schedule still asks for
   * its runs, which wait with the webhooks' until «Publiser att», the day build too.
   */
  readonly paused?: () => { readonly since: string; readonly by: string } | undefined;
  /** Told when what it knows changes (a source's answer, a warning, the schedule's history): the status page's live channel. */
  readonly onChange?: () => void;
}

interface Stored {
  schedule: ScheduleHistory;
  sources: SourceChecks;
  notified: string[];
}

/** The facts the schedule learns from a run record. */
export const finishedRun = (run: RunRecord): FinishedRun => ({
  kind: run.kind,
  force: run.force === true,
  checksSources: run.trigger !== 'rollback',
  state: run.state,
  ...(run.startedAt ? { startedAt: run.startedAt } : {}),
});

/** When a release was built, from its name (20261123T101500Z, as release/releases.ts names them). */
export function releaseTime(release: string): number | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/.exec(release);
  if (!match) return undefined;
  const at = Date.parse(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}Z`);
  return Number.isFinite(at) ? at : undefined;
}

export class Scheduler {
  readonly #deps: SchedulerDeps;
  readonly #path: string;
  #stored: Stored;
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;
  readonly #contentVersions = new Map<string, string>();
  /** What each source answered in the run going (noted when it ends: an answer may yet prove to be garbage). */
  readonly #answers = new Map<SourceKey, string | undefined>();

  constructor(deps: SchedulerDeps) {
    this.#deps = deps;
    this.#path = join(deps.stateDir, 'freshness.json');
    this.#stored = this.#load();
  }

  get enabled(): boolean {
    return this.#deps.syncMinutes > 0;
  }

  get intervalMs(): number {
    return syncIntervalMs(this.#deps.syncMinutes || 5);
  }

  get history(): ScheduleHistory {
    return this.#stored.schedule;
  }

  /** Starts waking by itself (when enabled and wanted); looks at once, so a missed day build or sync runs now. */
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
        this.#deps.log(`schedule: ${request === 'day-build' ? `day build for ${plan.today}` : 'box-office sync'} (run ${run.id})`);
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
    const release = currentRelease(this.#deps.releasesDir);
    if (!release) return undefined;
    // The run that built it (not a later one it stayed live through, nor a rollback back to it).
    const run = this.#deps.runLog.runs.find(
      (candidate) => candidate.kind === 'live' && candidate.release === release && candidate.state === 'published' && candidate.trigger !== 'rollback',
    );
    const builtAt = (run?.startedAt ? Date.parse(run.startedAt) : undefined) ?? releaseTime(release);
    return {
      release,
      builtAt: builtAt === undefined ? undefined : new Date(builtAt).toISOString(),
      builtOn: builtAt === undefined ? undefined : osloDay(new Date(builtAt)),
      content: this.#contentVersion(release),
      run: run ? { id: run.id, trigger: run.trigger, ...(run.causes ? { causes: run.causes } : {}) } : undefined,
    };
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
            syncMinutes: this.#deps.syncMinutes,
            nextSyncAt: new Date(plan.nextSyncAt).toISOString(),
            nextDayBuildAt: new Date(plan.nextDayBuildAt).toISOString(),
            nextDayBuildDay: plan.nextDayBuildDay,
            // Held by the pause: nothing is synced or built until «Publiser att».
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

  /** A short fingerprint of the content a release was built from (the same content gives the same one). */
  #contentVersion(release: string): string | undefined {
    const known = this.#contentVersions.get(release);
    if (known) return known;
    const dir = releaseContentDir(this.#deps.releasesDir, release);
    if (!existsSync(dir)) return undefined;
    const hash = createHash('sha256');
    for (const name of readdirSync(dir).sort())
      hash
        .update(name)
        .update('\0')
        .update(readFileSync(join(dir, name)))
        .update('\0');
    const version = hash.digest('hex').slice(0, 12);
    this.#contentVersions.set(release, version);
    return version;
  }

  #load(): Stored {
    // Malformed: as if absent (and named in the log); the history is told again by the run log.
    const raw: Partial<Record<keyof Stored, unknown>> = readStateFile(this.#path, freshnessFile, this.#deps.log) ?? {};
    const schedule = parseHistory(raw.schedule) ?? this.#historyFromDisk();
    return {
      schedule,
      sources: parseSourceChecks(raw.sources),
      notified: Array.isArray(raw.notified) ? raw.notified.filter((key): key is string => typeof key === 'string') : [],
    };
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
      writeStateFile(this.#path, this.#stored);
    } finally {
      this.#deps.onChange?.();
    }
  }
}

/** freshness.json: each part is read on its own below, so one bad part does not lose the others. */
const freshnessFile = z.object({ schedule: z.unknown(), sources: z.unknown(), notified: z.unknown() }).partial();

function parseHistory(value: unknown): ScheduleHistory | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const raw = value as Record<string, unknown>;
  const history: { -readonly [K in keyof ScheduleHistory]: ScheduleHistory[K] } = {};
  if (typeof raw['lastCheckAt'] === 'number' && Number.isFinite(raw['lastCheckAt'])) history.lastCheckAt = raw['lastCheckAt'];
  if (typeof raw['builtDay'] === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(raw['builtDay'])) history.builtDay = raw['builtDay'];
  const failed = raw['failedBuild'] as { day?: unknown; at?: unknown } | undefined;
  if (failed && typeof failed.day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(failed.day) && typeof failed.at === 'number')
    history.failedBuild = { day: failed.day, at: failed.at };
  return history;
}
