/**
 * What a run does: the pipeline of `npm run reimport` (release/publish.ts) for the live site,
 * or the same with the CMS's drafts into the separate preview releases, followed step by step
 * into the run's record; each changed record named. A failure is put in plain words
 * (failures.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CollectionChange } from '../../import/summary';
import type { BuildCommand } from '../../release/build';
import { BUILD_START, describeBuild, readBuildLine } from '../../release/build-progress';
import { publishFromCms, type PublishRunOptions } from '../../release/publish';
import { currentRelease, releaseContentDir } from '../../release/releases';
import type { PublisherConfig } from '../config';
import { nameChanges, namingCollections, type Snapshot } from '../runs/change-names';
import { KEEP_NAMED_CHANGES, type RunRecord, type StepName } from '../runs/run-record';
import { explain } from './failures';

/** Preview releases live apart from the live ones, so a rollback never lands on a preview. */
export const previewDir = (config: PublisherConfig) => join(config.releasesDir, 'preview');

/** The staff status page as staff reach it: through the proxy, or the service's own address. */
export function statusPageUrl(config: PublisherConfig, port = config.port): string {
  return `${config.publicOrigin ?? `http://127.0.0.1:${port}`}/staff/`;
}

export function buildCommand(config: PublisherConfig): BuildCommand {
  return config.buildCommand ? { shell: config.buildCommand } : { astro: true };
}

/** What the service hands a run besides its record (publisher/server.ts). */
export interface RunExtras {
  /** The import digest known to match the live content (an unchanged box-office check then checks no records). */
  readonly knownDigest?: string;
  readonly onDownload?: PublishRunOptions['onDownload'];
  /** The service's clock: names the release. */
  readonly now?: Date;
  /** The service's clock while the run goes: stamps each step's start (tests pass a fake one). */
  readonly clock?: () => number;
  /** Told when the run enters a step (the service saves the run log). */
  readonly onStep?: (run: RunRecord) => void;
}

/** How release/build.ts passes on a line of the build's output. */
const BUILD_LINE = '  build: ';

/** The step a progress line of release/releases.ts announces (`Step "build" …`). */
export function stepOfLine(line: string): StepName | undefined {
  const name = /^Step "(\w+)"/.exec(line)?.[1];
  return name === 'import' || name === 'build' || name === 'publish' ? name : undefined;
}

/**
 * A line of the Astro build's output, read into the run's step (GET /status shows how far the
 * build is; npm start prints it): true when it was one. The log gets a line when the build's
 * phase changes, not Astro's line for every page.
 */
export function followBuild(run: RunRecord, line: string, log: (line: string) => void): boolean {
  const build = line.startsWith(BUILD_LINE) && run.step?.build ? run.step.build : undefined;
  if (!build || !run.step) return false;
  const next = readBuildLine(build, line.slice(BUILD_LINE.length));
  if (next !== build) run.step = { ...run.step, build: next };
  if (next.phase === 'done' && next.total !== undefined) run.pages = next.total;
  if (next.phase !== build.phase) log(`run ${run.id}:   build: ${describeBuild(next)}`);
  return true;
}

/** The records of the collections a run changed, as one content folder holds them (malformed files: none). */
export function readSnapshot(contentDir: string | undefined, collections: readonly string[]): Snapshot {
  const snapshot: Record<string, readonly unknown[]> = {};
  if (!contentDir) return snapshot;
  for (const collection of collections) {
    const file = join(contentDir, `${collection}.json`);
    try {
      if (!existsSync(file)) continue;
      const records: unknown = JSON.parse(readFileSync(file, 'utf8'));
      if (Array.isArray(records)) snapshot[collection] = records;
    } catch {
      // Malformed content is named by ids only.
    }
  }
  return snapshot;
}

/** Each record a run changed, named from the content before it (`beforeDir`) and after it (`afterDir`). */
export function namedChangesOf(changes: readonly CollectionChange[], beforeDir: string | undefined, afterDir: string | undefined): RunRecord['named'] {
  const touched = changes.filter((change) => change.added.length + change.changed.length + change.removed.length > 0);
  if (touched.length === 0) return undefined;
  const collections = namingCollections(touched.map((change) => change.collection));
  return nameChanges(touched, readSnapshot(beforeDir, collections), readSnapshot(afterDir, collections), KEEP_NAMED_CHANGES);
}

/** Runs one run; answers the import's digest when the import got that far. */
export async function executeRun(
  config: PublisherConfig,
  run: RunRecord,
  log: (line: string) => void = () => {},
  extras: RunExtras = {},
  /** Aborted when the service stops: the run is abandoned and its build ended. */
  signal?: AbortSignal,
  /** The status page as staff reach it (the preview's banner links it). */
  statusUrl = statusPageUrl(config),
): Promise<string | undefined> {
  const preview = run.kind === 'preview';
  const releasesDir = preview ? previewDir(config) : config.releasesDir;
  const before = currentRelease(releasesDir);
  const clock = extras.clock ?? Date.now;
  const progress = (line: string) => {
    const step = stepOfLine(line);
    if (step) {
      run.step = { name: step, startedAt: new Date(clock()).toISOString(), ...(step === 'build' && !config.buildCommand ? { build: BUILD_START } : {}) };
      extras.onStep?.(run);
    }
    if (!followBuild(run, line, log)) log(`run ${run.id}: ${line}`);
  };
  try {
    const result = await publishFromCms({
      force: run.force === true,
      ...(extras.knownDigest ? { knownDigest: extras.knownDigest } : {}),
      ...(extras.onDownload ? { onDownload: extras.onDownload } : {}),
      ...(extras.now ? { now: extras.now } : {}),
      config: config.import,
      releasesDir,
      contentDir: config.contentDir,
      build: buildCommand(config),
      drafts: preview,
      // A preview is built to be never indexed (every page says noindex, robots.txt disallows all),
      // and every page carries the banner saying it is not published, when the drafts were
      // fetched, and the way back to the status page.
      ...(preview ? { buildEnv: { SITE_NOINDEX: '1', SITE_PREVIEW_DRAFT_AT: new Date().toISOString(), SITE_PREVIEW_STATUS_URL: statusUrl } } : {}),
      progress,
      ...(signal ? { signal } : {}),
      // Previews are served by this service itself: only the live site is deployed.
      ...(preview ? {} : { goLive: config.goLive, onDeploy: (record) => (run.deploy = record) }),
    });
    run.state = result.state;
    if (result.release) run.release = result.release;
    run.changes = result.changes.map((change) => ({
      collection: change.collection,
      added: change.added.length,
      changed: change.changed.length,
      removed: change.removed.length,
    }));
    const after = result.release ?? before;
    const named = namedChangesOf(
      result.changes,
      before ? releaseContentDir(releasesDir, before) : undefined,
      after ? releaseContentDir(releasesDir, after) : undefined,
    );
    if (named) run.named = named;
    return result.digest;
  } catch (error) {
    run.state = 'failed';
    run.failure = explain(error);
    return undefined;
  }
}
