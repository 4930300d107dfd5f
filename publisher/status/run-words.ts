/**
 * The status page's words for runs, with no markup: runs, states, steps and versions named in
 * staff's nynorsk, Oslo times, durations and progress. The pages that show them are in views/
 * (Hono JSX, which escapes every text and attribute); the messages after an action are in
 * messages.ts.
 */
import { formatDecimal } from '../../src/lib/format/number';
import { formatDayName, formatTime, osloDay } from '../../src/lib/format/time';
import type { DeployRecord } from '../../release/go-live';
import { releaseMadeAt } from '../../release/releases';
import type { RunRecord, RunState, StepName, Trigger } from '../runs/run-record';

/** '23. november kl. 19.30'-style time for the staff, in Oslo time. */
export function formatMoment(iso: string | Date): string {
  const moment = new Date(iso);
  return `${formatDayName(osloDay(moment))} kl. ${formatTime(moment)}`;
}

export function formatDuration(ms: number): string {
  if (ms < 60_000) return `${formatDecimal(ms / 1000)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** Seconds for a step that is going: '12 s', '2 min 5 s'. */
function roughDuration(ms: number): string {
  if (ms < 1000) return 'under 1 s';
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

export const stepNames: Record<StepName, string> = {
  import: 'Hentar innhaldet frå CMS-et',
  build: 'Byggjer nettstaden',
  publish: 'Gjer den nye versjonen live',
};

/**
 * The last run like this one that went the whole way (same kind, published, not a rollback,
 * which only switches), whose time is
 * what this one can be expected to take; runs are newest first.
 */
export function comparableRun(run: Pick<RunRecord, 'id' | 'kind'>, runs: readonly RunRecord[]): RunRecord | undefined {
  return runs.find(
    (other) =>
      other.id !== run.id && other.kind === run.kind && other.state === 'published' && other.trigger !== 'rollback' && typeof other.durationMs === 'number',
  );
}

/**
 * Where a going run is, at `now`: its step and the time since it started, against the time
 * of the last comparable run («Byggjer nettstaden … 12 s av om lag 18 s»).
 */
export function progressText(run: Pick<RunRecord, 'id' | 'kind' | 'state' | 'startedAt' | 'step'>, runs: readonly RunRecord[], now: number): string {
  if (run.state === 'queued') return 'Ventar på tur';
  const step = run.step ? stepNames[run.step.name] : 'Startar';
  const started = run.startedAt ? Date.parse(run.startedAt) : Number.NaN;
  if (!Number.isFinite(started)) return `${step} …`;
  const elapsed = Math.max(0, now - started);
  const last = comparableRun(run, runs)?.durationMs;
  if (last === undefined) return `${step} … ${roughDuration(elapsed)} så langt`;
  // Longer only when it shows: 18,4 s against 18,2 s is «18 s av om lag 18 s».
  if (elapsed <= last || roughDuration(elapsed) === roughDuration(last)) return `${step} … ${roughDuration(elapsed)} av om lag ${roughDuration(last)}`;
  return `${step} … ${roughDuration(elapsed)}, lenger enn førre gong (${roughDuration(last)})`;
}

const collectionNames: Record<string, string> = {
  articles: 'Artiklar',
  productions: 'Produksjonar',
  events: 'Framsyningar',
  'block-data': 'Innhaldsblokker',
  blockData: 'Innhaldsblokker',
  sites: 'Innstillingar',
};

const stateNames: Record<RunState, string> = {
  queued: 'I kø',
  running: 'Køyrer',
  published: 'Publisert',
  unchanged: 'Uendra',
  failed: 'Feila',
};
export const triggerNames: Record<Trigger, string> = {
  webhook: 'Publisering i CMS-et',
  staff: 'Hent innhaldet på nytt',
  rollback: 'Gå tilbake til førre versjon',
  start: 'Oppstart',
  schedule: 'Tidsplan (synkronisering med billettsystemet)',
  'day-build': 'Dagsbygging (kl. 00.00)',
  rebuild: 'Bygg sida på nytt',
  resume: 'Publiser att',
};

/** What a run did, in staff's words: a draft saved in the CMS updates the preview and publishes nothing. */
export function runName(run: Pick<RunRecord, 'trigger' | 'kind'>): string {
  if (run.kind === 'preview') return run.trigger === 'webhook' ? 'Oppdatering av førehandsvisinga (utkast lagra i CMS-et)' : 'Oppdatering av førehandsvisinga';
  return triggerNames[run.trigger] ?? run.trigger;
}

/** What a run's state is called: a preview is never «Publisert», it is a preview that is ready. */
export function stateName(run: Pick<RunRecord, 'state' | 'kind'>): string {
  if (run.kind === 'preview') {
    if (run.state === 'published') return 'Førehandsvising klar';
    if (run.state === 'unchanged') return 'Førehandsvising uendra';
  }
  return stateNames[run.state] ?? run.state;
}

/** What the runs held by a pause wait to do, in words: 'publisering i CMS-et og dagsbygging (kl. 00.00)'. */
export function heldCauses(causes: readonly Trigger[]): string {
  const names = [...new Set(causes)].map((cause) => {
    const name = triggerNames[cause] ?? cause;
    return name.charAt(0).toLowerCase() + name.slice(1);
  });
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} og ${names.at(-1)}`;
}

/**
 * A version as staff know it: when it was made, in Oslo time («torsdag 26. november kl. 22.04»).
 * Its id (a UTC time) follows small, as the reference the log and the operations guide use.
 */
export function versionName(release: string): string {
  const at = releaseMadeAt(release);
  return at ? formatMoment(at) : release;
}

/** What a deploy to the CDN did, in a line: «Ferdig på 14,2 s (versjon …)» or «Feila etter 3,1 s med feilkode 1 (versjon …)». */
export function deployText(deploy: DeployRecord): string {
  const took = formatDuration(deploy.durationMs);
  const version = `versjonen frå ${versionName(deploy.release)}`;
  if (deploy.ok) return `Ferdig på ${took} (${version})`;
  if (deploy.timedOut) return `Stoppa etter ${took}: vart ikkje ferdig i tide (${version})`;
  return `Feila etter ${took}${deploy.exitCode === null ? '' : ` med feilkode ${deploy.exitCode}`} (${version})`;
}

/** A collection's changes in a line: «Artiklar: 1 ny, 2 endra»; undefined when nothing changed. */
export function changeLine(change: { collection: string; added: number; changed: number; removed: number }): string | undefined {
  if (change.added + change.changed + change.removed === 0) return undefined;
  const parts = [
    change.added ? `${change.added} ${change.added === 1 ? 'ny' : 'nye'}` : '',
    change.changed ? `${change.changed} endra` : '',
    change.removed ? `${change.removed} fjerna` : '',
  ].filter(Boolean);
  return `${collectionNames[change.collection] ?? change.collection}: ${parts.join(', ')}`;
}

/** What a run was, in a line: its name, what joined it, how often it was asked for or repeated. */
export function runWhat(run: RunRecord): string {
  const requests = run.requests > 1 && !run.repeats ? ` (${run.requests} førespurnader)` : '';
  const causes = run.causes?.length ? `, saman med: ${[...new Set(run.causes)].map((cause) => triggerNames[cause] ?? cause).join(', ')}` : '';
  const full = run.force ? ' – full bygging' : '';
  const repeats = run.repeats && run.repeats > 1 ? ` – ${run.repeats} gonger på rad${run.finishedAt ? `, sist ${formatMoment(run.finishedAt)}` : ''}` : '';
  return `${runName(run)}${causes}${requests}${full}${repeats}`;
}
