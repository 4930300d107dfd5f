/** @jsxImportSource hono/jsx */
/**
 * The status page's section on how current the site is (its own module, so the rest of the
 * page can change without touching it): warnings first, in plain words; then when the live
 * release was built and from which content, when each source was last asked and whether it
 * answered, when the next box-office check and the next day build are due (all of it followed by the page's
 * script, data-follow, as a run ends); and the button «Bygg sida på nytt», a full build even
 * when nothing changed.
 */
import type { FreshnessView } from '../status/status-view';
import { Csrf } from './layout';

type Source = FreshnessView['sources'][number];

/** '5 minutt', '30 sekund', '1 minutt'. */
function minutes(value: number): string {
  if (value < 1) return `${Math.round(value * 60)} sekund`;
  return `${String(value).replace('.', ',')} minutt`;
}

/** The section; `moment` writes a time for staff ('onsdag 25. november kl. 12.00'), `csrf` is the session's token. */
export function FreshnessSection({ view, moment, csrf }: { view: FreshnessView | undefined; moment: (iso: string) => string; csrf: string }) {
  if (!view) return null;
  const when = (iso: string | undefined) => (iso ? moment(iso) : '–');
  const sourceState = (source: Source) => {
    if (source.answered === undefined) return 'Ikkje spurt enno';
    if (source.answered) return `Svarte ${when(source.answeredAt)}`;
    return (
      <>
        <strong>{source.invalid ? 'Sende data som ikkje er gyldige' : 'Svarte ikkje'}</strong> {when(source.checkedAt)}
        {source.answeredAt ? ` (sist svar ${when(source.answeredAt)})` : ''}
        {source.error ? (
          <>
            <br />
            <small>Teknisk: {source.error}</small>
          </>
        ) : null}
      </>
    );
  };
  const schedule = view.schedule;
  return (
    <section class="freshness" aria-labelledby="freshness-heading">
      <h2 id="freshness-heading">Kor oppdatert er nettstaden?</h2>
      <div id="freshness-now" data-follow="">
        {view.warnings.length === 0 ? null : (
          <div class="warning">
            {view.warnings.map((warning) => (
              <p>{warning.text}</p>
            ))}
          </div>
        )}
        <dl>
          {view.live ? (
            <>
              <dt>Bygd</dt>
              <dd>{when(view.live.builtAt)}</dd>
              <dt>Innhald</dt>
              <dd>
                Henta {when(view.live.builtAt)}
                {view.live.content ? `, utgåve ${view.live.content}` : ''}
              </dd>
            </>
          ) : (
            <>
              <dt>Bygd</dt>
              <dd>Ingen versjon er publisert enno.</dd>
            </>
          )}
          {view.sources.map((source) => (
            <>
              <dt>{source.name}</dt>
              <dd>{sourceState(source)}</dd>
            </>
          ))}
          {!schedule.enabled ? (
            <>
              <dt>Tidsplan</dt>
              <dd>Slått av: berre publisering i CMS-et og knappane her hentar innhald.</dd>
            </>
          ) : schedule.paused ? (
            <>
              <dt>Neste synkronisering</dt>
              <dd>På pause til nokon trykkjer «Publiser att» (elles kvart {minutes(schedule.boxOfficeMinutes)})</dd>
              <dt>Neste dagsbygging</dt>
              <dd>På pause: nettstaden blir ikkje bygd for ein ny dag før nokon trykkjer «Publiser att»</dd>
            </>
          ) : (
            <>
              <dt>Neste synkronisering</dt>
              <dd>
                {when(schedule.nextBoxOfficeCheckAt)} (kvart {minutes(schedule.boxOfficeMinutes)})
              </dd>
              <dt>Neste dagsbygging</dt>
              <dd>{when(schedule.nextDayBuildAt)}</dd>
            </>
          )}
        </dl>
        <p>
          Nettstaden hentar framsyningar og billettstatus frå billettsystemet ved kvar synkronisering og byggjer sidene på nytt når noko er endra, og kvar natt
          kl. 00.00 uansett, så «I dag» alltid er i dag.
          {schedule.enabled && schedule.paused ? ' Medan automatisk publisering står på pause, ventar alt dette til nokon trykkjer «Publiser att».' : ''}
        </p>
      </div>
      <div class="actions">
        <form method="post" action="/staff/rebuild">
          <Csrf token={csrf} />
          <button type="submit" class="secondary">
            Bygg sida på nytt
          </button>
        </form>
      </div>
    </section>
  );
}
