/**
 * The status page's words, with no markup: runs, states, steps and versions named in staff's
 * nynorsk, Oslo times, durations and progress, and the catalogue of messages after an action.
 * The pages that show them are in views/ (Hono JSX, which escapes every text and attribute).
 */
import { formatDecimal } from '../src/lib/format/number';
import { formatDayName, formatTime, osloDay } from '../src/lib/format/time';
import type { DeployRecord } from '../release/go-live';
import { releaseMadeAt } from '../release/releases';
import type { Scheduler } from './scheduler';
import type { RunRecord, RunState, StepName, Trigger } from './runs';

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

/** How current the site is (the scheduler's view, shown by views/freshness-section.tsx). */
export type FreshnessView = ReturnType<Scheduler['view']>;

/** The status page's link that opens the preview signed in (status-routes.ts). */
export const PREVIEW_OPEN = '/staff/forehandsvising';

/** Messages after an action, chosen by key so nothing from the address is echoed into the page. */
export const messages = {
  queued: { text: 'Henting av innhaldet er sett i kø. Sida viser korleis det går.', error: false },
  'preview-queued': { text: 'Ei ny førehandsvising er sett i kø. Sida viser korleis det går.', error: false },
  'rolled-back': { text: 'Nettstaden viser no den førre versjonen.', error: false },
  'no-rollback': { text: 'Det finst inga eldre versjon å gå tilbake til.', error: true },
  busy: { text: 'Ei publisering køyrer no. Prøv igjen når ho er ferdig.', error: true },
  'rollback-disk-full': {
    text: 'Disken på tenaren er full, så nettstaden kunne ikkje byte versjon. Han viser framleis same versjon som før. Be driftsansvarleg frigjere plass, og prøv igjen.',
    error: true,
  },
  'rollback-error': {
    text: 'Nettstaden kunne ikkje byte versjon. Han viser framleis same versjon som før; feilen står i loggen til publiseringstenesta.',
    error: true,
  },
  'rebuild-queued': { text: 'Sida blir bygd på nytt, også om ingenting er endra. Sida viser korleis det går.', error: false },
  'rebuild-held': {
    text: 'Automatisk publisering står på pause, så sida blir bygd på nytt først når du trykkjer «Publiser att». Til då viser nettstaden den versjonen du gjekk tilbake til.',
    error: false,
  },
  'already-rolled-back': { text: 'Nettstaden viser alt den versjonen. Ingenting vart endra.', error: false },
  'rollback-failed': {
    text: 'Den førre versjonen kunne ikkje leggjast ut på CDN-et att. Nettstaden viser framleis same versjon som før; sjå feilen i loggen under.',
    error: true,
  },
  'rollback-moved': { text: 'Ein annan versjon vart publisert medan du stadfesta. Ingenting vart endra; sjå på nytt kva som er live.', error: true },
  resumed: { text: 'Automatisk publisering er i gang att. Det som venta, blir publisert no.', error: false },
} as const;
export type MessageKey = keyof typeof messages;

/** The message a `?melding=` value names; anything else (`toString` too) is no message. */
export function messageKey(value: string | null): MessageKey | undefined {
  return value !== null && Object.hasOwn(messages, value) ? (value as MessageKey) : undefined;
}

/** The version a rollback goes to, as the confirmation names it. */
export interface RollbackTarget {
  /** The live release now. */
  readonly from: string;
  readonly to: string;
  /** When `to` went live (ISO 8601), and who made it live. */
  readonly at: string;
  readonly by: string;
  /** What the run that published `to` changed, when the run log still has it. */
  readonly changes?: RunRecord['changes'];
  readonly named?: RunRecord['named'];
}

/** Automatic publishing paused by a rollback (pause.ts). */
export interface PauseView {
  readonly since: string;
  readonly by: string;
  /** Runs waiting for «Publiser att». */
  readonly waiting: number;
  /** What the waiting runs were asked for by (webhooks, the schedule's syncs and day build, staff), each once. */
  readonly causes?: readonly Trigger[];
}

export interface StatusView {
  readonly live: { readonly release: string; readonly since: string } | undefined;
  readonly preview: { readonly release: string; readonly url: string } | undefined;
  readonly runs: readonly RunRecord[];
  readonly csrf: string;
  readonly message: MessageKey | undefined;
  /** How current the site is (views/freshness-section.tsx). */
  readonly freshness?: FreshnessView | undefined;
  /** The display name of whoever is signed in. */
  readonly signedInAs?: string;
  readonly paused?: PauseView | undefined;
  /** Ids of runs held by the pause. */
  readonly held?: readonly number[];
  /** The live site's address, for the links to changed pages (none: relative, as behind the proxy). */
  readonly siteOrigin?: string | undefined;
  /** The service's clock, for the time a going run has taken (ms since the epoch). */
  readonly now?: number;
  /** The version of what the page shows (live-changes.ts): the script compares the live channel's with it. */
  readonly version?: string | undefined;
}

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
