/**
 * Automatic publishing paused: after a rollback, webhooks and scheduled box-office checks are queued but not
 * applied, so the rolled-back change does not come back with the next publish of something else,
 * until staff press «Publiser att». Kept in a file in the state folder, so a restart stays
 * paused. A malformed file counts as not paused (and is named in the service's log).
 */
import { rmSync } from 'node:fs';
import { z } from 'astro/zod';
import { readStateFile, syncDirectory, writeStateFile, type StateLog } from '../../release/state-file';
import { dirname } from 'node:path';

export interface Pause {
  /** ISO 8601. */
  readonly since: string;
  /** Who paused (by rolling back). */
  readonly by: string;
  /** The release rolled back to. */
  readonly release: string;
}

export class PauseState {
  readonly #path: string;
  #pause: Pause | undefined;
  /** Told when the pause starts or ends (the status page's live channel, status/live-changes.ts). */
  onChange: (() => void) | undefined;

  constructor(path: string, log?: StateLog) {
    this.#path = path;
    this.#pause = PauseState.read(path, log);
  }

  /** The pause kept at `path`; malformed: not paused (and named in the log). */
  static read(path: string, log?: StateLog): Pause | undefined {
    const pause = readStateFile(path, pauseFile, log);
    return pause ? { since: pause.since, by: pause.by, release: pause.release } : undefined;
  }

  get current(): Pause | undefined {
    return this.#pause;
  }

  pause(pause: Pause): void {
    writeStateFile(this.#path, pause);
    this.#pause = pause;
    this.onChange?.();
  }

  resume(): void {
    rmSync(this.#path, { force: true });
    syncDirectory(dirname(this.#path));
    this.#pause = undefined;
    this.onChange?.();
  }
}

const pauseFile = z.object({
  since: z.string().refine((since) => !Number.isNaN(Date.parse(since)), 'not a time'),
  by: z.string(),
  release: z.string(),
});
