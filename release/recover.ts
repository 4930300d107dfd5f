/**
 * Putting the releases in order when a process that publishes starts, after whatever stopped
 * the last one (a kill, a crash, a reboot): a lock left by a dead run is taken over and the
 * build it left running is ended (lock.ts), staging leftovers are removed, an interrupted write
 * of content/ is recovered, and content/ is made to match the live release. When a live run of
 * another process holds a lock, its folder is left alone: that run does all this itself.
 */
import { existsSync } from 'node:fs';
import { recoverInterruptedSwap } from '../import/write';
import { matchLiveContent } from './live-content';
import { LockHeld, withLock } from './lock';
import { cleanUpInterrupted } from './releases';

export interface Recovery {
  /** Leftovers removed, by folder. */
  readonly removed: readonly string[];
  /** Whether content/ had to be brought back to the live release. */
  readonly contentMatched: boolean;
  /** Folders another live run holds, left alone. */
  readonly busy: readonly string[];
}

/** `releasesDir` holds the live releases; `otherDirs` further release folders (the previews). */
export function recoverReleases(releasesDir: string, contentDir: string, otherDirs: readonly string[] = []): Recovery {
  const removed: string[] = [];
  const busy: string[] = [];
  let contentMatched = false;
  for (const dir of [releasesDir, ...otherDirs]) {
    if (!existsSync(dir)) continue;
    try {
      withLock(dir, () => {
        removed.push(...cleanUpInterrupted(dir).map((name) => `${dir}/${name}`));
        if (dir === releasesDir) {
          recoverInterruptedSwap(contentDir);
          contentMatched = matchLiveContent(releasesDir, contentDir);
        }
      });
    } catch (error) {
      if (!(error instanceof LockHeld)) throw error;
      busy.push(dir);
    }
  }
  return { removed, contentMatched, busy };
}
