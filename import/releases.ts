/**
 * Releases of the built site for the staff reimport. Each release is a directory named by
 * its UTC time; `current` is a symbolic link to the one being served. The link is switched by
 * renaming a new link over it, which is atomic: a request sees the old site or the new one,
 * never a mix or nothing. The last five releases are kept for rollback.
 */
import { existsSync, mkdirSync, readdirSync, readlinkSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { basename, join } from 'node:path';

export const CURRENT = 'current';
export const KEEP_RELEASES = 5;
const RELEASE_NAME = /^\d{8}T\d{6}Z(?:-\d+)?$/;

export class ReleaseError extends Error {}

/** Release directories, oldest first. */
export function listReleases(releasesDir: string): string[] {
  if (!existsSync(releasesDir)) return [];
  return readdirSync(releasesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && RELEASE_NAME.test(entry.name))
    .map((entry) => entry.name)
    .sort();
}

/** The release `current` points at, if any. */
export function currentRelease(releasesDir: string): string | undefined {
  try {
    return basename(readlinkSync(join(releasesDir, CURRENT)));
  } catch {
    return undefined;
  }
}

/** A new, unused release name for `now`: 20261123T101500Z, with -2, -3 … on a clash. */
export function releaseName(releasesDir: string, now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  let name = stamp;
  for (let n = 2; existsSync(join(releasesDir, name)); n += 1) name = `${stamp}-${n}`;
  return name;
}

/** Points `current` at `release` atomically. */
export function switchCurrent(releasesDir: string, release: string): void {
  if (!existsSync(join(releasesDir, release))) throw new ReleaseError(`There is no release ${release}.`);
  const link = join(releasesDir, `.${CURRENT}-${process.pid}-${Date.now()}`);
  symlinkSync(release, link);
  try {
    renameSync(link, join(releasesDir, CURRENT));
  } catch (error) {
    rmSync(link, { force: true });
    throw error;
  }
}

/** Deletes the oldest releases beyond `keep`, never the current one. */
export function pruneReleases(releasesDir: string, keep = KEEP_RELEASES): string[] {
  const current = currentRelease(releasesDir);
  const releases = listReleases(releasesDir);
  const doomed = releases.slice(0, Math.max(0, releases.length - keep)).filter((release) => release !== current);
  for (const release of doomed) rmSync(join(releasesDir, release), { recursive: true, force: true });
  return doomed;
}

/** Switches `current` to the release before it; returns its name. */
export function rollback(releasesDir: string): string {
  const releases = listReleases(releasesDir);
  const current = currentRelease(releasesDir);
  const index = current ? releases.indexOf(current) : -1;
  if (index <= 0) throw new ReleaseError(current ? `${current} is the oldest release kept; there is nothing to roll back to.` : 'No release is live yet.');
  const previous = releases[index - 1]!;
  switchCurrent(releasesDir, previous);
  return previous;
}

export interface ReleaseStep {
  /** Shown in progress and in the error when the step fails. */
  readonly name: string;
  /** Does the step's work; `releaseDir` is where the built site must end up. */
  readonly run: (releaseDir: string) => Promise<void>;
}

export class StepFailed extends Error {
  constructor(
    readonly step: string,
    readonly reason: unknown,
  ) {
    super(`The step "${step}" failed: ${reason instanceof Error ? reason.message : String(reason)}`);
  }
}

/**
 * Runs the steps into a fresh release directory and, when all succeed, makes it current and
 * prunes old releases. If a step fails, the unfinished release is removed and `current` keeps
 * pointing where it did.
 */
export async function publishRelease(
  releasesDir: string,
  steps: readonly ReleaseStep[],
  { now = new Date(), progress = () => {} }: { now?: Date; progress?: (line: string) => void } = {},
): Promise<string> {
  mkdirSync(releasesDir, { recursive: true });
  const name = releaseName(releasesDir, now);
  const staging = join(releasesDir, `.staging-${name}`);
  rmSync(staging, { recursive: true, force: true });
  try {
    for (const step of steps) {
      progress(`Step "${step.name}" …`);
      try {
        await step.run(staging);
      } catch (error) {
        throw new StepFailed(step.name, error);
      }
    }
    if (!existsSync(join(staging, 'index.html'))) throw new StepFailed(steps.at(-1)?.name ?? 'build', new Error('the release has no index.html'));
    renameSync(staging, join(releasesDir, name));
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  switchCurrent(releasesDir, name);
  const pruned = pruneReleases(releasesDir);
  if (pruned.length > 0) progress(`Removed old releases: ${pruned.join(', ')}`);
  return name;
}
