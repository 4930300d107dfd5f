/**
 * Releases of the built site. Each release is a directory named by its UTC time; `current` is a
 * symbolic link to the one being served. The link is switched by renaming a new link over it,
 * which is atomic: a request sees the old site or the new one, never a mix or nothing. The last
 * five releases are kept for rollback (rollback.ts).
 *
 * Beside each release, `<name>.content/` keeps the content it was built from, so the next run
 * imports on top of what is live (and can tell when nothing changed), and content/ can be made
 * to match the live release again after a rollback. A run works only in `.staging-<name>` and
 * `.staging-<name>.content` until its last step succeeded; a lock (lock.ts) keeps two runs
 * apart, and the next run removes what an interrupted one left behind.
 */
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readlinkSync, realpathSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { withLock } from './lock';

export const CURRENT = 'current';
export const KEEP_RELEASES = 5;
const RELEASE_NAME = /^\d{8}T\d{6}Z(?:-\d+)?$/;

export class ReleaseError extends Error {}

/** What marks a release as whole: publishRelease moves a release in only once its build wrote this. */
export const RELEASE_ENTRY = 'index.html';

/**
 * The folder of the release `id` in `releasesDir`, checked: the only way a release is made live
 * (switchCurrent) or deployed (go-live.ts), so no caller can send anything else there. `id`
 * must be a release name (20261123T101500Z, -2 …), never a path: not `.publisher`, `current`,
 * `..`, `/` nor an absolute path; the folder must be a real directory (not a link) directly
 * inside `releasesDir`, and a whole release (its build finished: RELEASE_ENTRY is there).
 * Throws ReleaseError otherwise.
 */
export function releaseFolder(releasesDir: string, id: string): string {
  const refuse = (why: string): never => {
    throw new ReleaseError(`${JSON.stringify(id).slice(0, 80)} is not a release that can go live: ${why}.`);
  };
  if (typeof id !== 'string' || !isReleaseName(id)) refuse('not a release name');
  const folder = join(releasesDir, id);
  let stat;
  try {
    stat = lstatSync(folder);
  } catch {
    return refuse('there is no such release');
  }
  if (!stat.isDirectory()) refuse('not a folder of its own (a link or a file)');
  let real: string;
  try {
    real = realpathSync(folder);
    if (dirname(real) !== realpathSync(releasesDir)) refuse('not inside the releases folder');
  } catch (error) {
    if (error instanceof ReleaseError) throw error;
    return refuse('it cannot be resolved');
  }
  let entry;
  try {
    entry = lstatSync(join(real!, RELEASE_ENTRY));
  } catch {
    return refuse(`it is not a whole release (no ${RELEASE_ENTRY})`);
  }
  if (!entry.isFile()) refuse(`it is not a whole release (${RELEASE_ENTRY} is not a file)`);
  return folder;
}

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

/** When `current` was last switched (the link is replaced on every switch), if a release is live. */
export function currentSince(releasesDir: string): Date | undefined {
  try {
    return lstatSync(join(releasesDir, CURRENT)).mtime;
  } catch {
    return undefined;
  }
}

/** Where the content a release was built from is kept. */
export function releaseContentDir(releasesDir: string, release: string): string {
  return join(releasesDir, `${release}.content`);
}

/** A new, unused release name for `now`: 20261123T101500Z, with -2, -3 … on a clash. */
export function releaseName(releasesDir: string, now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  let name = stamp;
  for (let n = 2; existsSync(join(releasesDir, name)) || existsSync(join(releasesDir, `.staging-${name}`)); n += 1) name = `${stamp}-${n}`;
  return name;
}

/** When a release was made, read from its name (20261123T101500Z-2 → 2026-11-23 10:15:00 UTC); undefined for any other name. */
export function releaseMadeAt(name: string): Date | undefined {
  const match = /^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z(?:-\d+)?$/.exec(name);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  const at = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/** Whether `name` has the form of a release's name (its UTC time); says nothing of whether it exists. */
export function isReleaseName(name: string): boolean {
  return RELEASE_NAME.test(name);
}

/** Points `current` at `release` atomically. */
export function switchCurrent(releasesDir: string, release: string): void {
  releaseFolder(releasesDir, release);
  const temporary = join(releasesDir, `.${CURRENT}-${process.pid}-${Date.now()}`);
  symlinkSync(release, temporary);
  try {
    renameSync(temporary, join(releasesDir, CURRENT));
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** Deletes the oldest releases (and their content) beyond `keep`, never the current one. */
export function pruneReleases(releasesDir: string, keep = KEEP_RELEASES, keepAlso: readonly string[] = []): string[] {
  const current = currentRelease(releasesDir);
  const releases = listReleases(releasesDir);
  const doomed = releases.slice(0, Math.max(0, releases.length - keep)).filter((release) => release !== current && !keepAlso.includes(release));
  for (const release of doomed) {
    rmSync(join(releasesDir, release), { recursive: true, force: true });
    rmSync(releaseContentDir(releasesDir, release), { recursive: true, force: true });
  }
  return doomed;
}

/**
 * What an interrupted run leaves: its staging folders, the import's own copies beside the
 * staging content (import/write.ts puts a dot before the folder's name: `..staging-<name>.content-import-…`
 * and `..staging-<name>.content-previous`), and temporary links.
 */
const LEFTOVER = /^(?:\.{1,2}staging-|\.current-\d+-\d+$)/;

/** Removes what interrupted runs left; call only while holding the lock. */
export function cleanUpInterrupted(releasesDir: string): string[] {
  if (!existsSync(releasesDir)) return [];
  const leftovers = readdirSync(releasesDir).filter((name) => LEFTOVER.test(name));
  for (const name of leftovers) rmSync(join(releasesDir, name), { recursive: true, force: true });
  return leftovers;
}

export interface StepContext {
  /** Where the built site must end up. */
  readonly siteDir: string;
  /** The content the release is built from: a copy of the live release's content to import into. */
  readonly contentDir: string;
}

export interface ReleaseStep {
  /** Shown in progress and in the error when the step fails. */
  readonly name: string;
  /**
   * Does the step's work; `releaseDir` is where the built site must end up. Answering
   * 'unchanged' ends the run there: nothing is published (an import that changed nothing).
   */
  readonly run: (releaseDir: string, context: StepContext) => Promise<void | 'unchanged'>;
}

export class StepFailed extends Error {
  constructor(
    readonly step: string,
    readonly reason: unknown,
  ) {
    super(`The step "${step}" failed: ${reason instanceof Error ? reason.message : String(reason)}`);
  }
}

export interface PublishOptions {
  now?: Date;
  progress?: (line: string) => void;
  /** Content to start from when the live release kept none (default: no content copy). */
  baseContentDir?: string;
  /**
   * Makes the finished release live (go-live.ts: a deploy to a CDN, which switches `current`
   * only when it succeeded); default: switch `current`. When it fails, the release is removed
   * and `current` keeps pointing where it did.
   */
  goLive?: (release: string) => Promise<void>;
}

export type PublishResult = { readonly state: 'published'; readonly release: string } | { readonly state: 'unchanged'; readonly release: string | undefined };

/**
 * Runs the steps into a fresh release directory and, when all succeed, makes it current and
 * prunes old releases. If a step fails, the unfinished release is removed and `current` keeps
 * pointing where it did.
 */
export async function publishRelease(releasesDir: string, steps: readonly ReleaseStep[], options: PublishOptions = {}): Promise<PublishResult> {
  return withLock(releasesDir, () => publishLocked(releasesDir, steps, options));
}

async function publishLocked(
  releasesDir: string,
  steps: readonly ReleaseStep[],
  { now = new Date(), progress = () => {}, baseContentDir, goLive }: PublishOptions,
): Promise<PublishResult> {
  const leftovers = cleanUpInterrupted(releasesDir);
  if (leftovers.length > 0) progress(`Removed what an interrupted run left: ${leftovers.join(', ')}`);
  const name = releaseName(releasesDir, now);
  const staging = join(releasesDir, `.staging-${name}`);
  const stagingContent = `${staging}.content`;
  const live = currentRelease(releasesDir);
  const liveContent = live ? releaseContentDir(releasesDir, live) : undefined;
  const base = liveContent && existsSync(liveContent) ? liveContent : baseContentDir;
  try {
    if (base) cpSync(base, stagingContent, { recursive: true });
    else mkdirSync(stagingContent, { recursive: true });
    for (const step of steps) {
      progress(`Step "${step.name}" …`);
      let outcome: void | 'unchanged';
      try {
        outcome = await step.run(staging, { siteDir: staging, contentDir: stagingContent });
      } catch (error) {
        throw new StepFailed(step.name, error);
      }
      if (outcome === 'unchanged') return { state: 'unchanged', release: live };
    }
    if (!existsSync(join(staging, RELEASE_ENTRY))) throw new StepFailed(steps.at(-1)?.name ?? 'build', new Error('the release has no index.html'));
    renameSync(stagingContent, releaseContentDir(releasesDir, name));
    renameSync(staging, join(releasesDir, name));
  } finally {
    rmSync(staging, { recursive: true, force: true });
    rmSync(stagingContent, { recursive: true, force: true });
  }
  if (!goLive) switchCurrent(releasesDir, name);
  else {
    progress('Step "publish" …');
    try {
      await goLive(name);
    } catch (error) {
      rmSync(join(releasesDir, name), { recursive: true, force: true });
      rmSync(releaseContentDir(releasesDir, name), { recursive: true, force: true });
      throw new StepFailed('publish', error);
    }
  }
  const pruned = pruneReleases(releasesDir, KEEP_RELEASES, live ? [live] : []);
  if (pruned.length > 0) progress(`Removed old releases: ${pruned.join(', ')}`);
  return { state: 'published', release: name };
}
