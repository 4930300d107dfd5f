/**
 * The status page's section on how current the site is (its own module, so the rest of the
 * page can change without touching it): warnings first, in plain words; then when the live
 * release was built and from which content, when each source was last asked and whether it
 * answered, when the next sync and the next day build are due (all of it followed by the page's
 * script, data-follow, as a run ends); and the button «Bygg sida på nytt», a full build even
 * when nothing changed.
 */
import type { Scheduler } from './scheduler';

export type FreshnessView = ReturnType<Scheduler['view']>;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The section; `moment` writes a time for staff ('onsdag 25. november kl. 12.00'), `csrf` is the form field. */
export function freshnessSection(view: FreshnessView | undefined, moment: (iso: string) => string, csrf: string): string {
  if (!view) return '';
  const when = (iso: string | undefined) => (iso ? escapeHtml(moment(iso)) : '–');
  const warnings =
    view.warnings.length === 0 ? '' : `<div class="warning">${view.warnings.map((warning) => `<p>${escapeHtml(warning.text)}</p>`).join('')}</div>`;
  const live = view.live
    ? `<dt>Bygd</dt><dd>${when(view.live.builtAt)}</dd>
<dt>Innhald</dt><dd>Henta ${when(view.live.builtAt)}${view.live.content ? `, utgåve ${escapeHtml(view.live.content)}` : ''}</dd>`
    : '<dt>Bygd</dt><dd>Ingen versjon er publisert enno.</dd>';
  const sources = view.sources
    .map((source) => {
      const state =
        source.answered === undefined
          ? 'Ikkje spurt enno'
          : source.answered
            ? `Svarte ${when(source.answeredAt)}`
            : `<strong>${source.invalid ? 'Sende data som ikkje er gyldige' : 'Svarte ikkje'}</strong> ${when(source.checkedAt)}${source.answeredAt ? ` (sist svar ${when(source.answeredAt)})` : ''}${source.error ? `<br><small>Teknisk: ${escapeHtml(source.error)}</small>` : ''}`;
      return `<dt>${escapeHtml(source.name)}</dt><dd>${state}</dd>`;
    })
    .join('\n');
  const schedule = !view.schedule.enabled
    ? '<dt>Tidsplan</dt><dd>Slått av: berre publisering i CMS-et og knappane her hentar innhald.</dd>'
    : view.schedule.paused
      ? `<dt>Neste synkronisering</dt><dd>På pause til nokon trykkjer «Publiser att» (elles kvart ${escapeHtml(minutes(view.schedule.syncMinutes))})</dd>
<dt>Neste dagsbygging</dt><dd>På pause: nettstaden blir ikkje bygd for ein ny dag før nokon trykkjer «Publiser att»</dd>`
      : `<dt>Neste synkronisering</dt><dd>${when(view.schedule.nextSyncAt)} (kvart ${escapeHtml(minutes(view.schedule.syncMinutes))})</dd>
<dt>Neste dagsbygging</dt><dd>${when(view.schedule.nextDayBuildAt)}</dd>`;
  return `<section class="freshness" aria-labelledby="freshness-heading">
<h2 id="freshness-heading">Kor oppdatert er nettstaden?</h2>
<div id="freshness-now" data-follow>
${warnings}
<dl>
${live}
${sources}
${schedule}
</dl>
<p>Nettstaden hentar framsyningar og billettstatus frå billettsystemet ved kvar synkronisering og byggjer sidene på nytt når noko er endra, og kvar natt kl. 00.00 uansett, så «I dag» alltid er i dag.${view.schedule.enabled && view.schedule.paused ? ' Medan automatisk publisering står på pause, ventar alt dette til nokon trykkjer «Publiser att».' : ''}</p>
</div>
<div class="actions">
<form method="post" action="/staff/rebuild">${csrf}<button type="submit" class="secondary">Bygg sida på nytt</button></form>
</div>
</section>`;
}

/** '5 minutt', '30 sekund', '1 minutt'. */
function minutes(value: number): string {
  if (value < 1) return `${Math.round(value * 60)} sekund`;
  return `${String(value).replace('.', ',')} minutt`;
}
