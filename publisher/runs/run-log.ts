/**
 * The run log: the last 20 runs, kept in a JSON file in the state folder (runs.json), so the
 * status page survives a restart. The queue (run-queue.ts) adds to it and saves it as runs go.
 */
import { z } from 'astro/zod';
import { readStateFile, writeStateFile, type StateLog } from '../../release/state-file';
import type { NamedChange } from './change-names';
import { starterOf, type NamedChanges, type RunKind, type RunRecord, type Trigger } from './run-record';

export const KEEP_RUNS = 20;

export class RunLog {
  readonly #path: string;
  runs: RunRecord[] = [];
  /** Why the log could not be saved the last time, if it could not. */
  saveError: string | undefined;
  /** Told after every save, written or not: the runs the status page shows may have changed (status/live-changes.ts). */
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
   * Folds a finished box-office check that found nothing into the one before it when that one
   * found nothing too, so a quiet day does not push the publishes out of the last 20 runs.
   */
  foldQuietSync(run: RunRecord): void {
    if (!isQuietBoxOfficeCheck(run)) return;
    const index = this.runs.indexOf(run);
    const before = this.runs[index + 1];
    if (index !== 0 || !before || !isQuietBoxOfficeCheck(before)) return;
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

const isQuietBoxOfficeCheck = (run: RunRecord) => run.trigger === 'schedule' && run.state === 'unchanged' && !run.causes && !run.force;

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
