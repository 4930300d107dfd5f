/**
 * The run log and the queue. One run at a time; a request while a run is going queues one more
 * run, and every further request before that one starts joins it, so a burst of hooks gives at
 * most two runs (the one going, and one that sees everything the burst published). The last
 * 20 runs are kept in a JSON file in the state folder, so the status page survives a restart.
 */
import type { BuildProgress } from '../release/build-progress';
import { z } from 'astro/zod';
import type { DeployRecord } from '../release/go-live';
import { readStateFile, writeStateFile, type StateLog } from '../release/state-file';
import type { NamedChange } from './change-names';

/**
 * What asked for a run: the CMS's webhook, staff («Hent innhaldet på nytt»; «Bygg sida på nytt»
 * is `rebuild`), a rollback, the service's start, or the schedule (`schedule`: the box-office
 * sync; `day-build`: the build at Oslo midnight).
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
  /** For a box-office sync that found nothing new: how many such syncs in a row this entry stands for. */
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
  /** Whether PUBLISHER_NOTIFY_URL has been told how it ended (pipeline.ts notifyRun). */
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

export const KEEP_RUNS = 20;

export class RunLog {
  readonly #path: string;
  runs: RunRecord[] = [];
  /** Why the log could not be saved the last time, if it could not. */
  saveError: string | undefined;
  /** Told after every save, written or not: the runs the status page shows may have changed (live-changes.ts). */
  onChange: (() => void) | undefined;
  #next = 1;

  constructor(path: string, log?: StateLog) {
    this.#path = path;
    // A malformed log is treated as empty (and named in the service's log); a malformed run is left out.
    this.runs = (readStateFile(path, runLogFile, log)?.runs ?? []).filter(isRun).slice(0, KEEP_RUNS);
    // Runs that were going when the service stopped did not finish; runs still waiting wait
    // on, and run once the queue starts (RunQueue.resume), as their requests were accepted.
    for (const run of this.runs) {
      delete run.step;
      if (run.named !== undefined && !isNamedChanges(run.named)) delete run.named;
      if (run.state === 'running')
        Object.assign(run, {
          state: 'failed',
          failure: { step: 'teneste', reason: 'Publiseringstenesta vart stoppa før køyringa var ferdig.', detail: 'service stopped' },
        });
    }
    this.#next = Math.max(0, ...this.runs.map((run) => run.id)) + 1;
  }

  /** Adds a queued run and saves the log; when it cannot be saved, the run is not added and the error thrown. */
  add(kind: RunKind, trigger: Trigger, now = new Date(), by = starterOf(trigger), force = false): RunRecord {
    const run: RunRecord = { id: this.#next, kind, trigger, requests: 1, state: 'queued', queuedAt: now.toISOString(), by, ...(force ? { force } : {}) };
    const before = this.runs;
    this.runs = [run, ...before].slice(0, KEEP_RUNS);
    try {
      this.save();
    } catch (error) {
      this.runs = before;
      throw error;
    }
    this.#next += 1;
    return run;
  }

  /** Saves the log; false (and the error kept in `saveError`) when it cannot be written, e.g. on a full disk. */
  trySave(): boolean {
    try {
      this.save();
      this.saveError = undefined;
      return true;
    } catch (error) {
      this.saveError = error instanceof Error ? error.message : String(error);
      return false;
    }
  }

  /**
   * Folds a finished box-office sync that found nothing into the one before it when that one
   * found nothing too, so a quiet day does not push the publishes out of the last 20 runs.
   */
  foldQuietSync(run: RunRecord): void {
    if (!isQuietSync(run)) return;
    const index = this.runs.indexOf(run);
    const before = this.runs[index + 1];
    if (index !== 0 || !before || !isQuietSync(before)) return;
    before.repeats = (before.repeats ?? 1) + 1;
    before.requests += run.requests;
    if (run.finishedAt) before.finishedAt = run.finishedAt;
    this.runs.shift();
    this.trySave();
  }

  save(): void {
    try {
      writeStateFile(this.#path, { runs: this.runs });
    } finally {
      this.onChange?.();
    }
  }
}

/** runs.json: the runs, each checked on its own (isRun), so one bad entry does not lose the rest. */
const runLogFile = z.object({ runs: z.array(z.unknown()) });

const isQuietSync = (run: RunRecord) => run.trigger === 'schedule' && run.state === 'unchanged' && !run.causes && !run.force;

/** Named changes as stored; anything else in the file is treated as absent. */
export function isNamedChanges(value: unknown): value is NamedChanges {
  const named = value as Partial<NamedChanges> | null;
  return (
    !!named &&
    typeof named.more === 'number' &&
    Array.isArray(named.items) &&
    named.items.every((item: unknown) => {
      const change = item as Partial<NamedChange> | null;
      return !!change && typeof change.text === 'string' && (change.path === undefined || (typeof change.path === 'string' && change.path.startsWith('/')));
    })
  );
}

function isRun(value: unknown): value is RunRecord {
  const run = value as Partial<RunRecord> | null;
  return !!run && typeof run.id === 'number' && typeof run.state === 'string' && typeof run.queuedAt === 'string';
}

/** Runs one job at a time, coalescing requests into the run that waits. */
export class RunQueue {
  #busy = false;
  #idle: Promise<void> = Promise.resolve();

  constructor(
    readonly log: RunLog,
    readonly execute: (run: RunRecord) => Promise<void>,
    /** Whether a queued run may start now (false for live runs while automatic publishing is paused). */
    readonly mayStart: (run: RunRecord) => boolean = () => true,
    /** The clock runs are stamped with (tests pass a fake one). */
    readonly now: () => number = Date.now,
  ) {}

  /**
   * Queues a run, or joins the one of the same kind that has not started yet; a forced
   * request (day build, «Bygg sida på nytt») makes the waiting run a forced one.
   */
  request(kind: RunKind, trigger: Trigger, by?: string, { force = false }: { force?: boolean } = {}): RunRecord {
    const waiting = this.log.runs.find((run) => run.state === 'queued' && run.kind === kind);
    if (waiting) {
      // The waiting run is on disk already; the count of requests it answers is only for show.
      waiting.requests += 1;
      waiting.causes = [...(waiting.causes ?? []), trigger];
      if (force) waiting.force = true;
      this.log.trySave();
      this.resume();
      return waiting;
    }
    const run = this.log.add(kind, trigger, new Date(this.now()), by, force);
    this.resume();
    return run;
  }

  /** Starts what may start now (after a pause ends). */
  resume(): void {
    if (!this.#busy && this.#startable()) this.#idle = this.#drain();
  }

  /** Runs that wait and may not start now (live runs while publishing is paused). */
  get held(): RunRecord[] {
    return this.log.runs.filter((run) => run.state === 'queued' && !this.mayStart(run));
  }

  #startable(): RunRecord | undefined {
    return [...this.log.runs].reverse().find((run) => run.state === 'queued' && this.mayStart(run));
  }

  /** Runs an action (a rollback) between runs, never during one. */
  async exclusive<T>(work: () => Promise<T> | T): Promise<T> {
    while (this.#busy) await this.#idle;
    this.#busy = true;
    try {
      return await work();
    } finally {
      this.#busy = false;
      if (this.#startable()) this.#idle = this.#drain();
    }
  }

  /** Told of every run once it has finished and been saved. */
  onFinished: ((run: RunRecord) => void) | undefined;

  get busy(): boolean {
    return this.#busy;
  }

  /** Resolves when no run is going or waiting to start (runs held by a pause do not count). */
  async settled(): Promise<void> {
    while (this.#busy || this.#startable()) await this.#idle;
  }

  async #drain(): Promise<void> {
    this.#busy = true;
    try {
      for (;;) {
        const next = this.#startable();
        if (!next) return;
        const started = performance.now();
        next.state = 'running';
        next.startedAt = new Date(this.now()).toISOString();
        // A run whose start cannot be recorded (a full disk) does not run: the service keeps
        // answering, and the status page says why.
        if (!this.log.trySave())
          Object.assign(next, {
            state: 'failed',
            failure: {
              step: 'teneste',
              reason: 'Publiseringstenesta fekk ikkje lagra loggen sin (er disken full?), så ingenting vart publisert. Den publiserte nettstaden er uendra.',
              detail: this.log.saveError ?? 'the run log could not be saved',
            },
          });
        else
          try {
            await this.execute(next);
          } catch (error) {
            if (next.state === 'running')
              Object.assign(next, { state: 'failed', failure: { step: 'teneste', reason: 'Ein uventa feil i publiseringstenesta.', detail: String(error) } });
          }
        delete next.step;
        next.finishedAt = new Date(this.now()).toISOString();
        next.durationMs = Math.round(performance.now() - started);
        this.log.trySave();
        this.onFinished?.(next);
      }
    } finally {
      this.#busy = false;
    }
  }
}
