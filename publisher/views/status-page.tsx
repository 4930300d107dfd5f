/** @jsxImportSource hono/jsx */
/**
 * The staff status page: plain server-rendered HTML in nynorsk, forms that work with a keyboard
 * and a screen reader. The one script (status-live.js, served as a file) listens to the
 * service's live channel (live-route.ts), fetches this same page again when something changed,
 * swaps the parts that follow (data-follow), and says what changed in a polite live region.
 * Without it the page works the same, with a link to reload. The words come from status-text.ts.
 */
import { formatDayName, osloDay } from '../../src/lib/format/time';
import { starterOf, type RunRecord } from '../runs';
import {
  changeLine,
  deployText,
  formatDuration,
  formatMoment,
  heldCauses,
  messages,
  PREVIEW_OPEN,
  progressText,
  runWhat,
  stateName,
  stepNames,
  versionName,
  type StatusView,
} from '../status-text';
import { FreshnessSection } from './freshness-section';
import { Csrf, document, render, STATUS_SCRIPT } from './layout';

type ChangesOf = Pick<RunRecord, 'changes' | 'named' | 'kind' | 'state'>;

/**
 * What a run changed: each record named, linked to its page on the live site (`siteOrigin`;
 * without one the link is relative to this host, as behind the proxy); for runs logged before
 * names were kept, counts per collection in nynorsk.
 */
export function Changes({ run, siteOrigin = '', links = true }: { run: ChangesOf; siteOrigin?: string | undefined; links?: boolean }) {
  // A preview's or a failed run's records are not on the live site as named.
  const linked = links && run.kind !== 'preview' && run.state !== 'failed';
  if (run.named && run.named.items.length > 0) {
    return (
      <ul>
        {run.named.items.map((item) => (
          <li>{item.path && linked ? <a href={`${siteOrigin}${item.path}`}>{item.text}</a> : item.text}</li>
        ))}
        {run.named.more > 0 ? <li>… og {run.named.more} til</li> : null}
      </ul>
    );
  }
  if (!run.changes) return <>–</>;
  const lines = run.changes.map(changeLine).filter((line) => line !== undefined);
  if (lines.length === 0) return <>Ingen endringar</>;
  return (
    <ul>
      {lines.map((line) => (
        <li>{line}</li>
      ))}
    </ul>
  );
}

/** The changes as HTML, for a test or a caller outside a view. */
export function changesText(run: ChangesOf, siteOrigin = '', links = true): string {
  return render(<Changes run={run} siteOrigin={siteOrigin} links={links} />);
}

/** A version as staff know it, its id small beside it as the reference the logs use. */
function Version({ release }: { release: string }) {
  return (
    <>
      {versionName(release)} <small class="ref">(id {release})</small>
    </>
  );
}

function RunItem({ run, view, now, held }: { run: RunRecord; view: Pick<StatusView, 'runs' | 'siteOrigin'>; now: number; held: ReadonlySet<number> }) {
  const stateClass = run.kind === 'preview' && (run.state === 'published' || run.state === 'unchanged') ? 'preview' : run.state;
  const state = held.has(run.id) ? 'Ventar (publisering på pause)' : stateName(run);
  const going = run.state === 'running' || (run.state === 'queued' && !held.has(run.id));
  const progress = going ? progressText(run, view.runs, now) : undefined;
  // What the script says in the live region when this changes (a new run, a new step, the end).
  const announce = `${state}${run.state === 'running' && run.step ? `: ${stepNames[run.step.name].toLowerCase()}` : ''} (køyringa ${formatMoment(run.queuedAt)})`;
  return (
    <li class="run" data-run={run.id} data-state={held.has(run.id) ? 'held' : run.state} data-announce={announce}>
      <h3>
        <span class={`state state-${stateClass}`}>{state}</span> – {formatMoment(run.queuedAt)}
      </h3>
      <dl>
        {progress ? (
          <>
            <dt>No</dt>
            <dd>{progress}</dd>
          </>
        ) : null}
        <dt>Starta av</dt>
        <dd>{run.by ?? starterOf(run.trigger)}</dd>
        <dt>Kva</dt>
        <dd>{runWhat(run)}</dd>
        {run.release ? (
          <>
            <dt>Versjon</dt>
            <dd>
              <Version release={run.release} />
            </dd>
          </>
        ) : null}
        {run.durationMs === undefined ? null : (
          <>
            <dt>Tid brukt</dt>
            <dd>{formatDuration(run.durationMs)}</dd>
          </>
        )}
        {going ? null : (
          <>
            <dt>Endringar</dt>
            <dd>
              <Changes run={run} siteOrigin={view.siteOrigin} />
            </dd>
          </>
        )}
        {run.deploy ? (
          <>
            <dt>Utlegging på CDN-et</dt>
            <dd>{deployText(run.deploy)}</dd>
          </>
        ) : null}
        {run.failure ? (
          <>
            <dt>Feil</dt>
            <dd>
              <strong>{run.failure.step}:</strong> {run.failure.reason}
              <br />
              <small>Teknisk: {run.failure.detail}</small>
            </dd>
          </>
        ) : null}
      </dl>
    </li>
  );
}

function PauseSection({ view }: { view: StatusView }) {
  const paused = view.paused;
  if (!paused) return null;
  const count = paused.waiting === 1 ? 'Ei køyring ventar' : `${paused.waiting} køyringar ventar`;
  const waiting =
    paused.waiting === 0 ? 'Ingenting ventar enno.' : paused.causes?.length ? `${count}, sett i kø av ${heldCauses(paused.causes)}.` : `${count}.`;
  // The day the live version was built: while paused, no day build moves the pages on to a new day.
  const builtOn = view.freshness?.live?.builtOn;
  const today = osloDay(new Date(view.now ?? Date.now()));
  const day = builtOn
    ? builtOn === today
      ? ' Versjonen som er live no, vart bygd i dag; etter midnatt viser sidene framleis denne dagen som «I dag».'
      : ` Versjonen som er live no, vart bygd ${formatDayName(builtOn)}, så sidene viser framleis den dagen som «I dag».`
    : '';
  return (
    <section class="paused" aria-labelledby="pause-tittel">
      <h2 id="pause-tittel">Automatisk publisering er sett på pause</h2>
      <p>
        {`Sidan ${formatMoment(paused.since)}, då ${paused.by} gjekk tilbake til ein eldre versjon. Publiseringar frå CMS-et og tidsplanen blir tekne imot og sette i kø, men ikkje publiserte før du trykkjer «Publiser att». ${waiting}`}
      </p>
      <p>
        Pausen held òg att dagsbygginga ved midnatt, så nettstaden blir ikkje bygd for ein ny dag før du trykkjer «Publiser att».
        {day}
      </p>
      <form method="post" action="/staff/publiser-att">
        <Csrf token={view.csrf} />
        <button type="submit">Publiser att</button>
      </form>
    </section>
  );
}

function StatusBody({ view }: { view: StatusView }) {
  const message = view.message ? messages[view.message] : undefined;
  const now = view.now ?? Date.now();
  const held = new Set(view.held ?? []);
  return (
    <>
      <h1>Publisering av nettstaden</h1>
      <div role="status">
        {message ? (
          <p class={message.error ? 'message error' : 'message'} id="melding" tabindex={-1}>
            {message.text}
          </p>
        ) : null}
      </div>
      <h2>Live no</h2>
      <div id="live-no" data-follow="">
        {view.live ? (
          <dl>
            <dt>Versjon</dt>
            <dd>
              <Version release={view.live.release} />
            </dd>
            <dt>Publisert</dt>
            <dd>{formatMoment(view.live.since)}</dd>
          </dl>
        ) : (
          <p>Ingen versjon er publisert enno.</p>
        )}
      </div>
      <div id="publishing" data-follow="">
        <PauseSection view={view} />
        <div class="actions">
          {view.paused ? null : (
            <form method="post" action="/staff/refresh">
              <Csrf token={view.csrf} />
              <button type="submit">Hent innhaldet på nytt</button>
            </form>
          )}
          <a class="button secondary" href="/staff/tilbake">
            Gå tilbake til førre versjon …
          </a>
        </div>
      </div>
      <FreshnessSection view={view.freshness} moment={formatMoment} csrf={view.csrf} />
      <h2>Førehandsvising</h2>
      <div id="preview-now" data-follow="">
        {view.preview ? (
          <p>
            <a href={PREVIEW_OPEN}>Opne førehandsvisinga</a>
            {` (på ${view.preview.url}, versjonen frå ${versionName(view.preview.release)}, med utkast frå CMS-et; berre for tilsette, du er logga inn der òg).`}
          </p>
        ) : (
          <p>Det finst inga førehandsvising enno.</p>
        )}
      </div>
      <div class="actions">
        <form method="post" action="/staff/preview">
          <Csrf token={view.csrf} />
          <button type="submit" class="secondary">
            Lag ny førehandsvising
          </button>
        </form>
      </div>
      <h2>Dei siste køyringane</h2>
      <p class="news" id="runs-news" aria-live="polite"></p>
      <div id="runs" data-follow="">
        {view.runs.length === 0 ? (
          <p>Ingen køyringar enno.</p>
        ) : (
          <>
            <p>Dei {view.runs.length} siste, nyaste først.</p>
            <ol class="runs">
              {view.runs.map((run) => (
                <RunItem run={run} view={view} now={now} held={held} />
              ))}
            </ol>
          </>
        )}
      </div>
      <noscript>
        <p>
          <a href="/staff/">Oppdater sida</a> for å sjå korleis det går.
        </p>
      </noscript>
      {view.signedInAs ? <p>Du er logga inn som {view.signedInAs}.</p> : null}
      <form method="post" action="/staff/logout">
        <Csrf token={view.csrf} />
        <button type="submit" class="secondary">
          Logg ut
        </button>
      </form>
    </>
  );
}

export function statusPage(view: StatusView): string {
  return document({
    title: 'Publisering – Kulturhuset Kaia',
    nav: 'status',
    script: STATUS_SCRIPT,
    liveVersion: view.version,
    children: <StatusBody view={view} />,
  });
}
