/**
 * The releases directory's lock, which keeps two runs (or a run and a rollback) from working
 * on the releases at once: a file `.lock`, created exclusively, saying which process holds it
 * (its id, its start time and the boot, so a process id reused after a reboot or by another
 * program never passes for the holder) and which process group its build runs in. A lock
 * whose holder is gone (a killed run) is taken over; a build that holder left running is ended
 * first, so it can neither overlap the next run nor re-create its staging folders.
 */
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { bootId, groupAlive, isAlive, processStart, signalGroup } from './processes';
import { writeFileAtomic } from './state-file';

export const LOCK = '.lock';

/** Another live process holds the lock; nothing was changed. */
export class LockHeld extends Error {}

export interface LockRecord {
  readonly pid: number;
  /** The holder's start time (clock ticks since boot), when the system tells. */
  readonly start?: string | undefined;
  readonly boot?: string | undefined;
  /** The process group of the build the holder started, and when its leader started. */
  readonly group?: number | undefined;
  readonly groupStart?: string | undefined;
}

/** The record naming process `pid` as it runs now. */
export function recordOf(pid: number): LockRecord {
  return { pid, start: processStart(pid), boot: bootId() };
}

/** Takes the lock for `work` (sync or async) and gives it back when the work is done, however it ends. */
export function withLock<T>(releasesDir: string, work: () => T): T {
  mkdirSync(releasesDir, { recursive: true });
  const path = join(releasesDir, LOCK);
  const fd = takeLock(path);
  try {
    writeSync(fd, JSON.stringify(recordOf(process.pid)));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  let async = false;
  try {
    const result = work();
    if (result instanceof Promise) {
      async = true;
      return result.finally(() => rmSync(path, { force: true })) as T;
    }
    return result;
  } finally {
    if (!async) rmSync(path, { force: true });
  }
}

/** Notes in the lock this process holds that its build runs as process group `group`. */
export function noteBuildGroup(releasesDir: string, group: number): void {
  writeFileAtomic(join(releasesDir, LOCK), JSON.stringify({ ...recordOf(process.pid), group, groupStart: processStart(group) }));
}

/** A lock file's record; a bare process id (an older lock) or anything malformed proves nothing. */
export function readRecord(text: string): LockRecord | undefined {
  try {
    const data = JSON.parse(text) as Partial<LockRecord> | number;
    if (typeof data === 'number') return Number.isInteger(data) && data > 0 ? { pid: data } : undefined;
    if (data && typeof data === 'object' && Number.isInteger(data.pid) && (data.pid as number) > 0) return data as LockRecord;
  } catch {
    // Malformed: no holder.
  }
  return undefined;
}

/** Whether the record's process is alive and is the very process that wrote it. */
export function holderAlive(record: LockRecord): boolean {
  if (!isAlive(record.pid)) return false;
  const start = processStart(record.pid);
  // Without /proc (another OS) a live process id is all there is to go on.
  if (start === undefined && bootId() === undefined) return true;
  return record.start === start && record.boot === bootId();
}

/**
 * Ends the build a dead holder left running: its whole process group, if that group is still
 * the one the record names (its leader gone, or the same process). Waits until it is gone.
 */
export function endOrphanBuild(record: LockRecord, waitMs = 10_000): boolean {
  const group = record.group;
  if (!group || !groupAlive(group)) return false;
  const leaderStart = processStart(group);
  if (leaderStart !== undefined && record.groupStart !== undefined && leaderStart !== record.groupStart) return false;
  signalGroup(group, 'SIGKILL');
  const deadline = Date.now() + waitMs;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  while (groupAlive(group) && Date.now() < deadline) Atomics.wait(pause, 0, 0, 20);
  return true;
}

function takeLock(path: string): number {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      return openSync(path, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let text = '';
      try {
        text = readFileSync(path, 'utf8');
      } catch {
        // Gone meanwhile: try again.
      }
      // An empty lock is one being written this moment, unless it is old (its writer died at once).
      if (text.trim() === '' && Date.now() - mtimeOf(path) < 5_000) throw new LockHeld('Another run is taking the releases lock; try again when it is done.');
      const record = readRecord(text.trim());
      if (record && record.pid !== process.pid && holderAlive(record))
        throw new LockHeld(`Another run (process ${record.pid}) is working on the releases; try again when it is done.`);
      if (record) endOrphanBuild(record);
      rmSync(path, { force: true });
    }
  }
  throw new LockHeld('Could not take the releases lock.');
}

function mtimeOf(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}
