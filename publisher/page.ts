/**
 * The staff status page and the login page: plain server-rendered HTML in nynorsk, forms that
 * work with a keyboard and a screen reader. Styles are one inline block whose hash goes into
 * the Content-Security-Policy; the one script (status-live.js, served as a file) listens to the
 * service's live channel (live-route.ts), fetches this same page again when something changed,
 * swaps the parts that follow (data-follow), and says what changed in a polite live region.
 * Without it the page works the same, with a link to reload.
 */
import { createHash } from 'node:crypto';
import { formatDecimal } from '../src/lib/format/number';
import { formatDayName, formatTime, osloDay } from '../src/lib/format/time';
import type { DeployRecord } from '../release/go-live';
import { releaseMadeAt } from '../release/releases';
import { freshnessSection, type FreshnessView } from './freshness-page';
import { starterOf, type RunRecord, type RunState, type StepName, type Trigger } from './runs';

const STYLE = `
:root { color-scheme: light; font-family: system-ui, sans-serif; line-height: 1.5; color: #1a1a1a; background: #fff; }
body { margin: 0 auto; max-width: 72rem; padding: 1rem; }
h1 { font-size: 1.75rem; margin: 0.5rem 0 1rem; }
h2 { font-size: 1.3rem; margin: 2rem 0 0.5rem; }
a { color: #0b4f8a; }
a:focus-visible, button:focus-visible, input:focus-visible { outline: 3px solid #0b4f8a; outline-offset: 2px; }
.actions { display: flex; flex-wrap: wrap; gap: 0.75rem; margin: 1rem 0; }
.actions form { margin: 0; }
button { font: inherit; padding: 0.5rem 1rem; border: 2px solid #0b4f8a; border-radius: 0.25rem; background: #0b4f8a; color: #fff; cursor: pointer; }
button.secondary, a.button.secondary { background: #fff; color: #0b4f8a; }
a.button { display: inline-block; font: inherit; padding: 0.5rem 1rem; border: 2px solid #0b4f8a; border-radius: 0.25rem; text-decoration: none; }
a.button:focus-visible { outline: 3px solid #0b4f8a; outline-offset: 2px; }
.paused { border: 3px solid #7a4a00; background: #fff7e6; padding: 0 1rem 1rem; margin: 1rem 0; }
.message { padding: 0.75rem 1rem; border-left: 0.4rem solid #0b4f8a; background: #eef4fa; }
.message.error { border-color: #a3231f; background: #fbeeee; }
.message:focus { outline: 3px solid #0b4f8a; outline-offset: 2px; }
.warning { padding: 0 1rem; border-left: 0.4rem solid #a3231f; background: #fbeeee; }
.freshness dt, .freshness dd { min-width: 0; }
.freshness small { overflow-wrap: anywhere; }
.runs { list-style: none; padding: 0; margin: 0; }
.run { border-top: 1px solid #c8c8c8; padding: 0.75rem 0; }
.run h3 { font-size: 1.05rem; margin: 0 0 0.5rem; }
.run ul { margin: 0; padding-left: 1.25rem; }
.run small { overflow-wrap: anywhere; }
.run li { overflow-wrap: anywhere; }
.news:empty { display: none; }
.ref { color: #555; overflow-wrap: anywhere; }
.state { font-weight: 600; }
.state-failed { color: #a3231f; }
.state-published { color: #1d6b2f; }
.state-preview { color: #7a4a00; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; margin: 0; }
dt { font-weight: 600; }
dd { margin: 0; }
label { display: block; font-weight: 600; margin: 0.75rem 0 0.25rem; }
input[type=password], input[type=text] { font: inherit; padding: 0.5rem; border: 2px solid #555; border-radius: 0.25rem; width: min(100%, 20rem); box-sizing: border-box; }
.login button { margin-top: 0.75rem; }
@media (max-width: 30rem) { dl { grid-template-columns: 1fr; } }
`;

export const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;
/** Where the status page's script is served (status-routes.ts). */
export const STATUS_SCRIPT = '/staff/status.js';
export const CSP = `default-src 'none'; style-src ${STYLE_HASH}; script-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(title: string, body: string, head = '', mainAttributes = ''): string {
  return `<!doctype html>
<html lang="nn">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>${head}
</head>
<body>
<main${mainAttributes}>
${body}
</main>
</body>
</html>
`;
}

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

const stepNames: Record<StepName, string> = {
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
const triggerNames: Record<Trigger, string> = {
  webhook: 'Publisering i CMS-et',
  staff: 'Hent innhaldet på nytt',
  rollback: 'Gå tilbake til førre versjon',
  start: 'Oppstart',
  schedule: 'Tidsplan (synkronisering med billettsystemet)',
  'day-build': 'Dagsbygging (kl. 00.00)',
  rebuild: 'Bygg sida på nytt',
  resume: 'Publiser att',
};

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
  /** How current the site is (freshness-page.ts). */
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

/**
 * What a run changed: each record named, linked to its page on the live site (`siteOrigin`;
 * without one the link is relative to this host, as behind the proxy); for runs logged before
 * names were kept, counts per collection in nynorsk.
 */
export function changesText(run: Pick<RunRecord, 'changes' | 'named' | 'kind' | 'state'>, siteOrigin = '', links = true): string {
  // A preview's or a failed run's records are not on the live site as named.
  const linked = links && run.kind !== 'preview' && run.state !== 'failed';
  if (run.named && run.named.items.length > 0) {
    const items = run.named.items.map((item) =>
      item.path && linked ? `<li><a href="${escapeHtml(`${siteOrigin}${item.path}`)}">${escapeHtml(item.text)}</a></li>` : `<li>${escapeHtml(item.text)}</li>`,
    );
    if (run.named.more > 0) items.push(`<li>… og ${run.named.more} til</li>`);
    return `<ul>${items.join('')}</ul>`;
  }
  if (!run.changes) return '–';
  const changed = run.changes.filter((change) => change.added + change.changed + change.removed > 0);
  if (changed.length === 0) return 'Ingen endringar';
  return `<ul>${changed
    .map((change) => {
      const parts = [
        change.added ? `${change.added} ${change.added === 1 ? 'ny' : 'nye'}` : '',
        change.changed ? `${change.changed} endra` : '',
        change.removed ? `${change.removed} fjerna` : '',
      ].filter(Boolean);
      return `<li>${escapeHtml(collectionNames[change.collection] ?? change.collection)}: ${parts.join(', ')}</li>`;
    })
    .join('')}</ul>`;
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

function runItem(run: RunRecord, view: Pick<StatusView, 'runs' | 'siteOrigin'>, now: number, held: ReadonlySet<number> = new Set()): string {
  const requests = run.requests > 1 && !run.repeats ? ` (${run.requests} førespurnader)` : '';
  const stateClass = run.kind === 'preview' && (run.state === 'published' || run.state === 'unchanged') ? 'preview' : run.state;
  const causes = run.causes?.length ? `, saman med: ${[...new Set(run.causes)].map((cause) => escapeHtml(triggerNames[cause] ?? cause)).join(', ')}` : '';
  const full = run.force ? ' – full bygging' : '';
  const repeats =
    run.repeats && run.repeats > 1 ? ` – ${run.repeats} gonger på rad${run.finishedAt ? `, sist ${escapeHtml(formatMoment(run.finishedAt))}` : ''}` : '';
  const failure = run.failure
    ? `<dt>Feil</dt><dd><strong>${escapeHtml(run.failure.step)}:</strong> ${escapeHtml(run.failure.reason)}<br><small>Teknisk: ${escapeHtml(run.failure.detail)}</small></dd>`
    : '';
  const state = held.has(run.id) ? 'Ventar (publisering på pause)' : stateName(run);
  const going = run.state === 'running' || (run.state === 'queued' && !held.has(run.id));
  const progress = going ? progressText(run, view.runs, now) : undefined;
  // What the script says in the live region when this changes (a new run, a new step, the end).
  const announce = `${state}${run.state === 'running' && run.step ? `: ${stepNames[run.step.name].toLowerCase()}` : ''} (køyringa ${formatMoment(run.queuedAt)})`;
  return `<li class="run" data-run="${run.id}" data-state="${held.has(run.id) ? 'held' : run.state}" data-announce="${escapeHtml(announce)}">
<h3><span class="state state-${stateClass}">${escapeHtml(state)}</span> – ${escapeHtml(formatMoment(run.queuedAt))}</h3>
<dl>
${progress ? `<dt>No</dt><dd>${escapeHtml(progress)}</dd>` : ''}
<dt>Starta av</dt><dd>${escapeHtml(run.by ?? starterOf(run.trigger))}</dd>
<dt>Kva</dt><dd>${escapeHtml(runName(run))}${causes}${requests}${full}${repeats}</dd>
${run.release ? `<dt>Versjon</dt><dd>${versionHtml(run.release)}</dd>` : ''}
${run.durationMs === undefined ? '' : `<dt>Tid brukt</dt><dd>${escapeHtml(formatDuration(run.durationMs))}</dd>`}
${going ? '' : `<dt>Endringar</dt><dd>${changesText(run, view.siteOrigin)}</dd>`}
${run.deploy ? `<dt>Utlegging på CDN-et</dt><dd>${escapeHtml(deployText(run.deploy))}</dd>` : ''}
${failure}
</dl>
</li>`;
}

/** What the runs held by a pause wait to do, in words: 'publisering i CMS-et og dagsbygging (kl. 00.00)'. */
function heldCauses(causes: readonly Trigger[]): string {
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

function versionHtml(release: string): string {
  return `${escapeHtml(versionName(release))} <small class="ref">(id ${escapeHtml(release)})</small>`;
}

/** What a deploy to the CDN did, in a line: «Ferdig på 14,2 s (versjon …)» or «Feila etter 3,1 s med feilkode 1 (versjon …)». */
export function deployText(deploy: DeployRecord): string {
  const took = formatDuration(deploy.durationMs);
  const version = `versjonen frå ${versionName(deploy.release)}`;
  if (deploy.ok) return `Ferdig på ${took} (${version})`;
  if (deploy.timedOut) return `Stoppa etter ${took}: vart ikkje ferdig i tide (${version})`;
  return `Feila etter ${took}${deploy.exitCode === null ? '' : ` med feilkode ${deploy.exitCode}`} (${version})`;
}

function pauseSection(view: StatusView, csrf: string): string {
  if (!view.paused) return '';
  const count = view.paused.waiting === 1 ? 'Ei køyring ventar' : `${view.paused.waiting} køyringar ventar`;
  const waiting =
    view.paused.waiting === 0
      ? 'Ingenting ventar enno.'
      : view.paused.causes?.length
        ? `${count}, sett i kø av ${escapeHtml(heldCauses(view.paused.causes))}.`
        : `${count}.`;
  // The day the live version was built: while paused, no day build moves the pages on to a new day.
  const builtOn = view.freshness?.live?.builtOn;
  const today = osloDay(new Date(view.now ?? Date.now()));
  const day = builtOn
    ? builtOn === today
      ? ' Versjonen som er live no, vart bygd i dag; etter midnatt viser sidene framleis denne dagen som «I dag».'
      : ` Versjonen som er live no, vart bygd ${escapeHtml(formatDayName(builtOn))}, så sidene viser framleis den dagen som «I dag».`
    : '';
  return `<section class="paused" aria-labelledby="pause-tittel">
<h2 id="pause-tittel">Automatisk publisering er sett på pause</h2>
<p>Sidan ${escapeHtml(formatMoment(view.paused.since))}, då ${escapeHtml(view.paused.by)} gjekk tilbake til ein eldre versjon. Publiseringar frå CMS-et og tidsplanen blir tekne imot og sette i kø, men ikkje publiserte før du trykkjer «Publiser att». ${waiting}</p>
<p>Pausen held òg att dagsbygginga ved midnatt, så nettstaden blir ikkje bygd for ein ny dag før du trykkjer «Publiser att».${day}</p>
<form method="post" action="/staff/publiser-att">${csrf}<button type="submit">Publiser att</button></form>
</section>`;
}

/** The page that asks before a rollback, naming the version it goes to: when it went live, by whom, and what it changed. */
export function rollbackConfirmPage(target: RollbackTarget, csrfToken: string): string {
  const csrf = `<input type="hidden" name="csrf" value="${escapeHtml(csrfToken)}">`;
  return layout(
    'Gå tilbake til førre versjon – publisering – Kulturhuset Kaia',
    `<h1>Gå tilbake til førre versjon?</h1>
<p>Nettstaden vil då vise versjonen som var live før den som er live no:</p>
<dl>
<dt>Versjon</dt><dd>publisert ${escapeHtml(formatMoment(target.at))} av ${escapeHtml(target.by)}</dd>
<dt>Endringar i han</dt><dd>${target.changes ? changesText({ changes: target.changes, ...(target.named ? { named: target.named } : {}), kind: 'live', state: 'published' }, '', false) : 'Ikkje kjent (køyringa er ikkje lenger i loggen).'}</dd>
</dl>
<p>Automatisk publisering blir då sett på pause: publiseringar frå CMS-et, synkroniseringa med billettsystemet og dagsbygginga ved midnatt blir sette i kø, men ikkje publiserte før nokon trykkjer «Publiser att» på publiseringssida. Så lenge pausen varer, blir nettstaden ikkje bygd for ein ny dag.</p>
<form method="post" action="/staff/rollback" class="actions">${csrf}
<input type="hidden" name="from" value="${escapeHtml(target.from)}">
<input type="hidden" name="to" value="${escapeHtml(target.to)}">
<button type="submit">Ja, gå tilbake til versjonen frå ${escapeHtml(formatMoment(target.at))}</button>
<a class="button secondary" href="/staff/">Avbryt</a>
</form>`,
  );
}

export function statusPage(view: StatusView): string {
  const message = view.message ? messages[view.message] : undefined;
  const live = view.live
    ? `<dl><dt>Versjon</dt><dd>${versionHtml(view.live.release)}</dd><dt>Publisert</dt><dd>${escapeHtml(formatMoment(view.live.since))}</dd></dl>`
    : '<p>Ingen versjon er publisert enno.</p>';
  const preview = view.preview
    ? `<p><a href="${PREVIEW_OPEN}">Opne førehandsvisinga</a> (på ${escapeHtml(view.preview.url)}, versjonen frå ${escapeHtml(versionName(view.preview.release))}, med utkast frå CMS-et; berre for tilsette, du er logga inn der òg).</p>`
    : '<p>Det finst inga førehandsvising enno.</p>';
  const csrf = `<input type="hidden" name="csrf" value="${escapeHtml(view.csrf)}">`;
  return layout(
    'Publisering – Kulturhuset Kaia',
    `<h1>Publisering av nettstaden</h1>
<div role="status">${message ? `<p class="message${message.error ? ' error' : ''}" id="melding" tabindex="-1">${escapeHtml(message.text)}</p>` : ''}</div>
<h2>Live no</h2>
<div id="live-no" data-follow>${live}</div>
<div id="publishing" data-follow>
${pauseSection(view, csrf)}
<div class="actions">
${view.paused ? '' : `<form method="post" action="/staff/refresh">${csrf}<button type="submit">Hent innhaldet på nytt</button></form>`}
<a class="button secondary" href="/staff/tilbake">Gå tilbake til førre versjon …</a>
</div>
</div>
${freshnessSection(view.freshness, formatMoment, csrf)}
<h2>Førehandsvising</h2>
<div id="preview-now" data-follow>${preview}</div>
<div class="actions">
<form method="post" action="/staff/preview">${csrf}<button type="submit" class="secondary">Lag ny førehandsvising</button></form>
</div>
<h2>Dei siste køyringane</h2>
<p class="news" id="runs-news" aria-live="polite"></p>
<div id="runs" data-follow>${
      view.runs.length === 0
        ? '<p>Ingen køyringar enno.</p>'
        : `<p>Dei ${view.runs.length} siste, nyaste først.</p>
<ol class="runs">
${view.runs.map((run) => runItem(run, view, view.now ?? Date.now(), new Set(view.held ?? []))).join('\n')}
</ol>`
    }</div>
<noscript><p><a href="/staff/">Oppdater sida</a> for å sjå korleis det går.</p></noscript>
${view.signedInAs ? `<p>Du er logga inn som ${escapeHtml(view.signedInAs)}.</p>` : ''}
<form method="post" action="/staff/logout">${csrf}<button type="submit" class="secondary">Logg ut</button></form>`,
    `\n<script src="${STATUS_SCRIPT}" defer></script>`,
    view.version ? ` data-live-version="${escapeHtml(view.version)}"` : '',
  );
}

/**
 * The login form (user name and password); after a wrong one it says so, keeps the user name and
 * puts the cursor in the password, and when the client must wait, says for how long.
 */
export function loginPage(state: { failed?: boolean; waitMinutes?: number; username?: string } = {}): string {
  const failed = Boolean(state.failed || state.waitMinutes);
  const message = state.waitMinutes
    ? `For mange feil passord på kort tid. Vent ${state.waitMinutes} minutt og prøv igjen.`
    : state.failed
      ? 'Brukarnamnet eller passordet var feil. Prøv igjen.'
      : '';
  return layout(
    'Logg inn – publisering – Kulturhuset Kaia',
    `<h1>Publisering av nettstaden</h1>
<p>Sida er berre for tilsette. Logg inn med brukarnamnet og passordet ditt. Har du ingen konto, spør den som driftar nettstaden.</p>
<div role="alert">${message ? `<p class="message error" id="login-error">${message}</p>` : ''}</div>
<form method="post" action="/staff/login" class="login">
<label for="username">Brukarnamn</label>
<input type="text" id="username" name="username" autocomplete="username" autocapitalize="none" spellcheck="false" required value="${escapeHtml(state.username ?? '')}">
<label for="password">Passord</label>
<input type="password" id="password" name="password" autocomplete="current-password" required${failed ? ' aria-invalid="true" aria-describedby="login-error" autofocus' : ''}>
<div><button type="submit">Logg inn</button></div>
</form>`,
  );
}

/** What the preview answers someone without a staff session: where to sign in, no password prompt. */
export function previewSignInPage(statusPageUrl: string, expired: boolean): string {
  return layout(
    'Førehandsvisinga er berre for tilsette',
    `<h1>Førehandsvisinga er berre for tilsette</h1>
<p>${expired ? 'Lenkja var gammal eller brukt før. ' : ''}Logg inn på publiseringssida, og opne førehandsvisinga derifrå.</p>
<p><a href="${escapeHtml(statusPageUrl)}">Til publiseringssida</a></p>`,
  );
}

export function plainPage(title: string, text: string): string {
  return layout(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><a href="/staff/">Til publiseringssida</a></p>`);
}
