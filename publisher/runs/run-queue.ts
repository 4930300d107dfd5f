/**
 * The queue. One run at a time; a request while a run is going queues one more run, and every
 * further request before that one starts joins it, so a burst of hooks gives at most two runs
 * (the one going, and one that sees everything the burst published).
 */
import type { RunLog } from './run-log';
import type { RunKind, RunRecord, Trigger } from './run-record';

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
