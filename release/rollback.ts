/**
 * Rollback: serve the release before the live one again, and make content/ match it, so the
 * next run imports on top of what is live. Used by `npm run rollback` and the status page.
 */
import { goLive, type DeployRecord, type GoLive, type GoLiveOptions } from './go-live';
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

/** What a switch to a named release did. */
export type SwitchOutcome = 'switched' | 'already' | 'moved';

/**
 * Switches `current` from `from` to `to` (a release chosen from the history of what was live,
 * never by name) and brings content/ along. Idempotent: when `to` is live already (a repeated
 * request) nothing changes ('already'); when something else went live since the request was
 * made, nothing changes either ('moved').
 */
export function switchLiveTo(releasesDir: string, contentDir: string, from: string, to: string): SwitchOutcome {
  const outcome = withLock(releasesDir, (): SwitchOutcome => {
    const current = currentRelease(releasesDir);
    if (current === to) return 'already';
    if (current !== from) return 'moved';
    switchCurrent(releasesDir, to);
    return 'switched';
  });
  matchLiveContent(releasesDir, contentDir);
  return outcome;
}

/**
 * switchLiveTo for a site on a CDN: deploys `to` again (the same command on the earlier
 * release's folder) and only then records it live; a failed deploy throws (go-live.ts
 * DeployFailed) and leaves `current`, content/ and the CDN as they were.
 */
export async function deployLiveTo(
  releasesDir: string,
  contentDir: string,
  from: string,
  to: string,
  way: GoLive,
  options: GoLiveOptions = {},
): Promise<{ outcome: SwitchOutcome; deploy?: DeployRecord }> {
  const result = await withLock(releasesDir, async (): Promise<{ outcome: SwitchOutcome; deploy?: DeployRecord }> => {
    const current = currentRelease(releasesDir);
    if (current === to) return { outcome: 'already' };
    if (current !== from) return { outcome: 'moved' };
    const deploy = await goLive(way, releasesDir, to, options);
    return { outcome: 'switched', ...(deploy ? { deploy } : {}) };
  });
  matchLiveContent(releasesDir, contentDir);
  return result;
}
