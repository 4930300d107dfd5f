/**
 * The releases directory's lock, which keeps two runs (or a run and a rollback) from working
 * on the releases at once: a file `.lock` holding the process id, created exclusively. A lock
 * whose process is gone (a killed run) is taken over.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export const LOCK = '.lock';

/** Another live process holds the lock; nothing was changed. */
export class LockHeld extends Error {}

/** Takes the lock for `work` (sync or async) and gives it back when the work is done, however it ends. */
export function withLock<T>(releasesDir: string, work: () => T): T {
  mkdirSync(releasesDir, { recursive: true });
  const path = join(releasesDir, LOCK);
  const fd = takeLock(path);
  try {
    writeSync(fd, String(process.pid));
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

function takeLock(path: string): number {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      return openSync(path, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(path, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder))
        throw new LockHeld(`Another run (process ${holder}) is working on the releases; try again when it is done.`);
      rmSync(path, { force: true });
    }
  }
  throw new LockHeld('Could not take the releases lock.');
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
