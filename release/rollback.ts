/**
 * Rollback: serve the release before the live one again, and make content/ match it, so the
 * next run imports on top of what is live. Used by `npm run rollback` and the status page.
 */
import { matchLiveContent } from './live-content';
import { withLock } from './lock';
import { currentRelease, listReleases, ReleaseError, switchCurrent } from './releases';

/** Switches `current` to the release before it; returns its name. */
export function rollback(releasesDir: string): string {
  return withLock(releasesDir, () => {
    const releases = listReleases(releasesDir);
    const current = currentRelease(releasesDir);
    const index = current ? releases.indexOf(current) : -1;
    if (index <= 0) throw new ReleaseError(current ? `${current} is the oldest release kept; there is nothing to roll back to.` : 'No release is live yet.');
    const previous = releases[index - 1]!;
    switchCurrent(releasesDir, previous);
    return previous;
  });
}

/** Rolls back and brings content/ along; returns the release now live. */
export function rollbackLive(releasesDir: string, contentDir: string): string {
  const release = rollback(releasesDir);
  matchLiveContent(releasesDir, contentDir);
  return release;
}
