/** @jsxImportSource hono/jsx */
/**
 * The staff status page: plain server-rendered HTML in nynorsk, forms that work with a keyboard
 * and a screen reader. The one script (status-live.js, served as a file) listens to the
 * service's live channel (GET /staff/live), fetches this same page again when something changed,
 * swaps the parts that follow (data-follow), and says what changed in a polite live region.
 * Without it the page works the same, with a link to reload. The words come from status/; the
 * runs, the pause notice and the freshness section are components of their own.
 */
import { messages } from '../status/messages';
import { formatMoment, versionName } from '../status/run-words';
import { PREVIEW_OPEN, type StatusView } from '../status/status-view';
import { FreshnessSection } from './freshness-section';
import { STATUS_SCRIPT } from './assets';
import { Csrf, document } from './layout';
import { PauseSection } from './pause-section';
import { RunItem, Version } from './run-list';

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
