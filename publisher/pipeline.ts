/**
 * What a run does: the pipeline of `npm run reimport` (release/publish.ts) for the live site,
 * or the same with the CMS's drafts into the separate preview releases. Failures are put in
 * plain nynorsk words for the status page; the technical message is kept beside them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CollectionChange } from '../import/summary';
import { dataErrorCollection, ImportDataError } from '../import/validate';
import type { BuildCommand } from '../release/build';
import { BUILD_START, describeBuild, readBuildLine } from '../release/build-progress';
import { DeployFailed } from '../release/go-live';
import { publishFromCms, type PublishRunOptions } from '../release/publish';
import { currentRelease, releaseContentDir, StepFailed } from '../release/releases';
import { isHttpError } from '../src/lib/http';
import type { PublisherConfig } from './config';
import { nameChanges, namingCollections, type Snapshot } from './change-names';
import { KEEP_NAMED_CHANGES, type Failure, type RunLog, type RunQueue, type RunRecord, type StepName, type Trigger } from './runs';

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
  /** The import digest known to match the live content (an unchanged sync then checks no records). */
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

const stepNames = new Map([
  ['import', 'Henting av innhald frå CMS-et'],
  ['build', 'Bygging av nettstaden'],
  ['publish', 'Utlegging på CDN-et'],
]);

/** A failure in plain words: which step, why, and the technical detail. */
export function explain(error: unknown): Failure {
  const step = error instanceof StepFailed ? error.step : 'teneste';
  const cause = error instanceof StepFailed ? error.reason : error;
  const detail = cause instanceof Error ? cause.message : String(cause);
  return { step: stepNames.get(step) ?? 'Publiseringstenesta', reason: reasonOf(step, cause, detail), detail };
}

function reasonOf(step: string, cause: unknown, detail: string): string {
  if (cause instanceof ImportDataError || dataErrorCollection(detail) !== undefined)
    return `Noko i innhaldet er ikkje gyldig, så ingenting vart publisert: ${detail}. Rett det i CMS-et og publiser på nytt.`;
  const tries = /after (\d+) tries/.exec(detail)?.[1];
  const tried = tries ? ` (prøvd ${tries} gonger)` : '';
  if (isHttpError(cause) || /^Fetching /.test(detail)) {
    if (/timeout of/.test(detail)) return `CMS-et eller plattforma svarte ikkje i tide${tried}. Prøv igjen om litt.`;
    if (/Network Error/.test(detail)) return `Fekk ikkje kontakt med CMS-et eller plattforma${tried}. Prøv igjen om litt.`;
    if (/Malformed JSON/.test(detail)) return 'Svaret frå CMS-et eller plattforma var øydelagt (ikkje gyldig JSON). Prøv igjen om litt.';
    const status = /status code (\d+)/.exec(detail)?.[1];
    if (status === '401' || status === '403')
      return 'CMS-et eller plattforma godtok ikkje innloggingsdetaljane til publiseringstenesta. Den som driftar nettstaden må sjekke innstillingane.';
    if (status) return `CMS-et eller plattforma svarte med ein feil (status ${status})${tried}. Prøv igjen om litt.`;
  }
  if (step === 'build') return 'Nettstaden kunne ikkje byggjast av det nye innhaldet. Den publiserte nettstaden er uendra.';
  if (cause instanceof DeployFailed) return deployReason(cause);
  if (/Another run/.test(detail)) return 'Ei anna publisering arbeidde på same tid. Prøv igjen om litt.';
  return 'Noko gjekk gale i publiseringa. Den publiserte nettstaden er uendra.';
}

/** Why a deploy failed, in plain words; the CDN keeps serving what it served. */
export function deployReason(failure: DeployFailed): string {
  const { record } = failure;
  const why = record.timedOut
    ? `Utlegginga vart ikkje ferdig i tide og vart stoppa etter ${formatSeconds(record.durationMs)}.`
    : record.exitCode === null
      ? 'Utleggingskommandoen kunne ikkje køyrast eller vart stoppa.'
      : `Utleggingskommandoen enda med feilkode ${record.exitCode}.`;
  return `Den nye versjonen kunne ikkje leggjast ut på CDN-et. ${why} Nettstaden viser framleis den førre versjonen. Den som driftar nettstaden, finn meldinga frå kommandoen under «Teknisk».`;
}

const formatSeconds = (ms: number) => `${Math.max(1, Math.round(ms / 1000))} s`;

/**
 * A publish step done outside the queue's runs (a rollback's deploy, a deploy redone at start),
 * between runs and recorded as a run of its own: running while `work` goes, then as `work`
 * ends it (state, release), or failed with why; the run log is saved at start and end.
 */
export async function publishBetweenRuns(
  deps: { readonly queue: RunQueue; readonly runLog: RunLog; readonly now: () => Date },
  start: { readonly trigger: Trigger; readonly by?: string },
  work: (run: RunRecord) => Promise<{ readonly state: RunRecord['state']; readonly release?: string | undefined }>,
): Promise<RunRecord> {
  return deps.queue.exclusive(async () => {
    const at = deps.now();
    const run = deps.runLog.add('live', start.trigger, at, start.by);
    Object.assign(run, { state: 'running', startedAt: at.toISOString(), step: { name: 'publish', startedAt: at.toISOString() } });
    deps.runLog.trySave();
    const started = performance.now();
    try {
      Object.assign(run, await work(run));
    } catch (error) {
      Object.assign(run, { state: 'failed', failure: explain(new StepFailed('publish', error)) });
    }
    delete run.step;
    run.finishedAt = deps.now().toISOString();
    run.durationMs = Math.round(performance.now() - started);
    deps.runLog.trySave();
    return run;
  });
}

/** Whether only the schedule asked for a run (a sync, the day build), no person and no CMS. */
export function onlyScheduled(run: RunRecord): boolean {
  return [run.trigger, ...(run.causes ?? [])].every((trigger) => trigger === 'schedule' || trigger === 'day-build');
}

/**
 * One message to the chat webhook per run that went live and per run that failed, each once
 * (the run is marked before sending, and the queue saves the mark with the run, so a restart
 * never sends it again), for runs a person or the CMS asked for. Unchanged runs, previews that
 * worked and runs only the schedule asked for send nothing: a sync that goes live with the box
 * office's changes or the nightly day build is routine (the run log has them), and a source that
 * is down would fail every sync, which the freshness warnings tell once when it starts and once
 * when it ends. A failing notification is logged, never fatal.
 */
export async function notifyRun(url: string | undefined, run: RunRecord, log: (line: string) => void): Promise<void> {
  if (!url || run.notified || onlyScheduled(run)) return;
  let message: Record<string, unknown>;
  if (run.state === 'failed' && run.failure) {
    const text = `Publiseringa av kulturhuset-kaia feila (køyring ${run.id}): ${run.failure.step}: ${run.failure.reason}`;
    message = { text, run: run.id, state: 'failed', step: run.failure.step, reason: run.failure.reason };
  } else if (run.state === 'published' && run.kind === 'live') {
    const text = `Kulturhuset-kaia er publisert på nytt (køyring ${run.id}, versjon ${run.release ?? '?'}, starta av ${run.by ?? 'ukjend'}).`;
    message = { text, run: run.id, state: 'published', release: run.release };
  } else return;
  run.notified = true;
  await notify(url, message, log);
}

/** Posts one message to the chat webhook; a failure is logged, never fatal. */
export async function notify(url: string, message: Record<string, unknown>, log: (line: string) => void): Promise<void> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(message),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) log(`notification answered ${response.status}`);
  } catch (error) {
    log(`notification failed: ${String(error)}`);
  }
}
