/** @jsxImportSource hono/jsx */
/**
 * The status page's notice that automatic publishing is paused by a rollback: since when and by
 * whom, what waits, that the day build waits too, and the button «Publiser att».
 */
import { formatDayName, osloDay } from '../../src/lib/format/time';
import { formatMoment, heldCauses } from '../status/run-words';
import type { StatusView } from '../status/status-view';
import { Csrf } from './layout';

export function PauseSection({ view }: { view: StatusView }) {
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
