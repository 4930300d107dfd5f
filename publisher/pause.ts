/**
 * Automatic publishing paused: after a rollback, webhooks and scheduled syncs are queued but not
 * applied, so the rolled-back change does not come back with the next publish of something else,
 * until staff press «Publiser att». Kept in a file in the state folder, so a restart stays
 * paused. A malformed file counts as not paused (and is named in the service's log).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
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

  constructor(path: string) {
    this.#path = path;
    this.#pause = PauseState.read(path);
  }

  static read(path: string): Pause | undefined {
    try {
      if (!existsSync(path)) return undefined;
      const data = JSON.parse(readFileSync(path, 'utf8')) as Partial<Pause> | null;
      if (data && typeof data.since === 'string' && !Number.isNaN(Date.parse(data.since)) && typeof data.by === 'string' && typeof data.release === 'string')
        return { since: data.since, by: data.by, release: data.release };
    } catch {
      // Malformed: not paused.
    }
    return undefined;
  }

  get current(): Pause | undefined {
    return this.#pause;
  }

  pause(pause: Pause): void {
    mkdirSync(dirname(this.#path), { recursive: true });
    const temporary = `${this.#path}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(pause));
    renameSync(temporary, this.#path);
    this.#pause = pause;
  }

  resume(): void {
    rmSync(this.#path, { force: true });
    this.#pause = undefined;
  }
}
