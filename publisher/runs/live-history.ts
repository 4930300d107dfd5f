/**
 * The recorded history of what was live: every switch of `current` (a publish, a rollback) with
 * when and by whom, kept in a JSON file in the state folder. Rollback goes to the release that was
 * live before the current one according to this history, never to the release whose name sorts
 * before it: live B → C, rollback → B, publish D, rollback goes to B again (what was live before
 * D), not to C, the very version staff rolled back from.
 *
 * A malformed file is treated as empty (nothing to go back to by history) and is replaced at the
 * next switch. The last 50 switches are kept.
 */
import { z } from 'astro/zod';
import { readStateFile, writeStateFile, type StateLog } from '../../release/state-file';

export type SwitchReason = 'publish' | 'rollback' | 'found';

export interface LiveSwitch {
  readonly release: string;
  /** ISO 8601, when it went live. */
  readonly at: string;
  /** Who made it live: a staff member's name, «CMS», «tidsplan», or «oppstart». */
  readonly by: string;
  /** publish, rollback, or found (live when the service first kept a history). */
  readonly reason: SwitchReason;
}

export const KEEP_SWITCHES = 50;

const historyFile = z.object({ switches: z.array(z.unknown()) });

function isSwitch(value: unknown): value is LiveSwitch {
  const entry = value as Partial<LiveSwitch> | null;
  return (
    !!entry &&
    typeof entry.release === 'string' &&
    typeof entry.at === 'string' &&
    !Number.isNaN(Date.parse(entry.at)) &&
    typeof entry.by === 'string' &&
    (entry.reason === 'publish' || entry.reason === 'rollback' || entry.reason === 'found')
  );
}

export class LiveHistory {
  readonly #path: string;
  #entries: LiveSwitch[] = [];

  constructor(path: string, log?: StateLog) {
    this.#path = path;
    // A malformed history is treated as empty (and named in the log); a malformed entry is left out.
    this.#entries = (readStateFile(path, historyFile, log)?.switches ?? []).filter(isSwitch).slice(-KEEP_SWITCHES);
  }

  /** Oldest first. */
  get entries(): readonly LiveSwitch[] {
    return this.#entries;
  }

  /** The switch that made `release` live most recently. */
  lastOf(release: string): LiveSwitch | undefined {
    return this.#entries.findLast((entry) => entry.release === release);
  }

  record(entry: LiveSwitch): void {
    this.#entries = [...this.#entries, entry].slice(-KEEP_SWITCHES);
    this.save();
  }

  /**
   * Notes the live release when the history does not end with it (a first start, or a switch
   * made by hand); kept in memory, and written with the next switch.
   */
  notice(release: string | undefined, since: Date | undefined): void {
    if (!release || this.#entries.at(-1)?.release === release) return;
    this.#entries = [...this.#entries, { release, at: (since ?? new Date()).toISOString(), by: 'oppstart', reason: 'found' as const }].slice(-KEEP_SWITCHES);
  }

  /**
   * The release that was live before `current`, among those that still exist: the entry before
   * the latest switch to `current`, skipping entries for `current` itself and for releases that
   * are gone. Undefined when the history knows of none.
   */
  before(current: string, exists: (release: string) => boolean): LiveSwitch | undefined {
    const at = this.#entries.findLastIndex((entry) => entry.release === current);
    if (at < 0) return undefined;
    for (let index = at - 1; index >= 0; index--) {
      const entry = this.#entries[index] as LiveSwitch;
      if (entry.release !== current && exists(entry.release)) return entry;
    }
    return undefined;
  }

  save(): void {
    writeStateFile(this.#path, { switches: this.#entries });
  }
}
