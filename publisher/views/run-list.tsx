/** @jsxImportSource hono/jsx */
/**
 * The runs as the status page lists them, each with its state, who started it, what it was,
 * its version, how long it took, what it changed (each record named and linked to its page on
 * the live site), what the deploy did and why it failed; and a version as staff know it. The
 * rollback confirmation (pages.tsx) shows a run's changes the same way.
 */
import { starterOf, type RunRecord } from '../runs/run-record';
import { changeLine, deployText, formatDuration, formatMoment, progressText, runWhat, stateName, stepNames, versionName } from '../status/run-words';
import type { StatusView } from '../status/status-view';
import { render } from './layout';

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
export function Version({ release }: { release: string }) {
  return (
    <>
      {versionName(release)} <small class="ref">(id {release})</small>
    </>
  );
}

export function RunItem({ run, view, now, held }: { run: RunRecord; view: Pick<StatusView, 'runs' | 'siteOrigin'>; now: number; held: ReadonlySet<number> }) {
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
