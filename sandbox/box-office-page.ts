/**
 * The sandbox's box-office page (/__sandbox/billettkontor): where a newcomer plays the ticketing
 * platform's staff in a browser, as the CMS editor (editor.ts) plays the editor. It lists the
 * coming showings by day, and moves, sells out, cancels or sets up again one of them, through
 * the same change as `npm run box-office` (box-office.ts). The platform sends no webhook for such
 * changes: the page says when the site's next box-office check is due to fetch them. Plain HTML
 * forms in nynorsk, no scripts.
 */
import type { BoxOfficeChange, ShowingLine } from './box-office';
import { osloWall } from './dates';
import { escapeHtml, layout } from './editor';

export const BOX_OFFICE_PAGE = '/__sandbox/billettkontor';
/** Days the page offers, today first. */
export const BOX_OFFICE_DAYS = 7;

const DAY_MS = 86_400_000;
const dayName = new Intl.DateTimeFormat('nn-NO', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });

/** «fredag 27. november» for an Oslo day (YYYY-MM-DD). */
export function dayLabel(day: string): string {
  return dayName.format(new Date(`${day}T12:00:00Z`));
}

/** «18.45» for an instant, in Oslo time. */
export function clockLabel(instant: Date | string): string {
  const { seconds } = osloWall(new Date(instant));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return `${String(hours).padStart(2, '0')}.${String(minutes).padStart(2, '0')}`;
}

/** The Oslo day of an instant, YYYY-MM-DD. */
export function osloDayOf(instant: Date): string {
  return new Date(osloWall(instant).day * DAY_MS).toISOString().slice(0, 10);
}

/** The days the page offers: today and the next six. */
export function pageDays(now: Date): string[] {
  const today = osloWall(now).day;
  return Array.from({ length: BOX_OFFICE_DAYS }, (_, index) => new Date((today + index) * DAY_MS).toISOString().slice(0, 10));
}

const availabilityText: Record<string, string> = { available: 'Ledige billettar', few: 'Nesten utselt', soldout: 'Utselt' };
const statusText: Record<string, string> = { cancelled: 'Avlyst', postponed: 'Utsett', rescheduled: 'Flytta' };

/** What the page says about a showing's sale. */
export function saleText(showing: Pick<ShowingLine, 'availability' | 'status'>): string {
  return statusText[showing.status] ?? availabilityText[showing.availability] ?? showing.availability;
}

/** When the site fetches box-office changes: its interval, and when it last fetched (if it has). */
export interface SiteChecks {
  readonly intervalMinutes?: number | undefined;
  readonly lastBoxOfficeCheck?: Date | undefined;
}

/** The sentence on when a change reaches the site. */
export function checksText(checks: SiteChecks, now: Date): string {
  const every = checks.intervalMinutes;
  if (!every) return 'Nettstaden hentar endringar frå billettkontoret ved neste bygging; ho får ikkje melding om dei.';
  const interval = every === 1 ? 'kvart minutt' : `kvart ${every}. minutt`;
  if (!checks.lastBoxOfficeCheck) return `Nettstaden hentar endringar frå billettkontoret ${interval}. Ho har ikkje henta noko enno.`;
  let next = checks.lastBoxOfficeCheck.getTime() + every * 60_000;
  while (next < now.getTime()) next += every * 60_000;
  return `Nettstaden hentar endringar frå billettkontoret ${interval}; sist kl. ${clockLabel(checks.lastBoxOfficeCheck)}. Neste henting er venta kl. ${clockLabel(new Date(next))}, og endringa er ute på nettstaden litt etter det.`;
}

/** The change a posted form asks for, or a nynorsk reason it can't be made. */
export type BoxOfficeForm =
  { readonly ok: true; readonly change: BoxOfficeChange; readonly day: string } | { readonly ok: false; readonly error: string; readonly day: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CLOCK = /^([01]\d|2[0-3])[:.]([0-5]\d)$/;

/** Checks a posted form: which showing, and what to do with it. */
export function parseBoxOfficeForm(body: string): BoxOfficeForm {
  const form = new URLSearchParams(body);
  const rawDay = form.get('dag') ?? '';
  const day = DAY.test(rawDay) ? rawDay : '';
  const id = (form.get('id') ?? '').trim();
  const refuse = (error: string): BoxOfficeForm => ({ ok: false, error, day });
  if (!/^[\w-]{1,64}$/.test(id)) return refuse('Vel ei framsyning i lista.');
  const what = form.get('gjer');
  switch (what) {
    case 'flytt': {
      const time = (form.get('tid') ?? '').trim();
      if (!CLOCK.test(time)) return refuse('Skriv det nye klokkeslettet som TT:MM, til dømes 20:30.');
      return { ok: true, change: { action: 'move', id, at: time.replace('.', ':') }, day };
    }
    case 'available':
    case 'few':
    case 'soldout':
      return { ok: true, change: { action: 'availability', id, availability: what }, day };
    case 'cancelled':
    case 'scheduled':
      return { ok: true, change: { action: 'status', id, status: what }, day };
    default:
      return refuse('Vel kva som skal endrast.');
  }
}

/** When the site is due to fetch a change made now: «ved neste henting, venta kl. 12.01». */
export function nextCheckText(checks: SiteChecks, now: Date): string {
  const every = checks.intervalMinutes;
  if (!every) return 'ved neste bygging';
  if (!checks.lastBoxOfficeCheck) return `innan ${every === 1 ? 'eitt minutt' : `${every} minutt`}, når ho hentar`;
  let next = checks.lastBoxOfficeCheck.getTime() + every * 60_000;
  while (next < now.getTime()) next += every * 60_000;
  return `ved neste henting, venta kl. ${clockLabel(new Date(next))}`;
}

/** What the page says after a change, built from the showing as it now is. */
export function changedText(showing: ShowingLine, checks: SiteChecks, now: Date): string {
  const at = `${dayLabel(osloDayOf(new Date(showing.startTime)))} kl. ${clockLabel(showing.startTime)}`;
  return `Endra: ${showing.title}, ${at}: ${saleText(showing).toLowerCase()}. Nettstaden får det med seg ${nextCheckText(checks, now)}.`;
}

export interface BoxOfficeView {
  readonly day: string;
  readonly now: Date;
  readonly showings: readonly ShowingLine[];
  readonly checks: SiteChecks;
  /** The sentence after a change, or the reason one was refused. */
  readonly notice?: { readonly text: string; readonly error?: boolean } | undefined;
  /** The CMS editor's and the site's addresses, for the links at the top. */
  readonly siteUrl?: string | undefined;
}

function showingRow(showing: ShowingLine, day: string): string {
  const cancelled = showing.status === 'cancelled';
  const headingId = `framsyning-${escapeHtml(showing.id)}`;
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  // Each button is described by its showing's heading, so «Utselt» is never heard without what it sells out.
  const button = (value: string, label: string) =>
    `<button type="submit" name="gjer" value="${value}" class="secondary" aria-describedby="${headingId}">${label}</button>`;
  const fields = `${hidden('id', showing.id)}${hidden('dag', day)}`;
  const sale = cancelled
    ? button('scheduled', 'Set opp att')
    : [
        showing.availability !== 'soldout' ? button('soldout', 'Utselt') : '',
        showing.availability !== 'few' ? button('few', 'Nesten utselt') : '',
        showing.availability !== 'available' ? button('available', 'Ledige billettar') : '',
        button('cancelled', 'Avlys'),
      ].join('');
  return `<li class="showing">
<h3 id="${headingId}">kl. ${clockLabel(showing.startTime)} ${escapeHtml(showing.title)}</h3>
<p>${escapeHtml(showing.hall)}. <strong>${saleText(showing)}</strong>. <span class="hint">Nr. ${escapeHtml(showing.id)}</span></p>
<form method="post" action="${BOX_OFFICE_PAGE}" class="buttons">${fields}${sale}</form>
${
  cancelled
    ? ''
    : `<form method="post" action="${BOX_OFFICE_PAGE}" class="move">${fields}
<label for="tid-${escapeHtml(showing.id)}">Nytt klokkeslett</label>
<input type="time" id="tid-${escapeHtml(showing.id)}" name="tid" value="${clockLabel(showing.startTime).replace('.', ':')}" required>
<button type="submit" name="gjer" value="flytt" aria-describedby="${headingId}">Flytt</button>
</form>`
}
</li>`;
}

export function boxOfficePage(view: BoxOfficeView): string {
  const days = pageDays(view.now);
  const nav = days
    .map(
      (day, index) =>
        `<li><a href="${BOX_OFFICE_PAGE}?dag=${day}"${day === view.day ? ' aria-current="page"' : ''}>${index === 0 ? 'I dag' : dayLabel(day)}</a></li>`,
    )
    .join('\n');
  const coming = view.showings.filter((showing) => Date.parse(showing.startTime) >= view.now.getTime() || view.day !== days[0]);
  const past = view.showings.length - coming.length;
  const notice = view.notice ? `<p class="message${view.notice.error ? ' error' : ''}">${escapeHtml(view.notice.text)}</p>` : '';
  return layout(
    'Billettkontoret',
    `<p><a href="/__sandbox/">CMS-et</a>${view.siteUrl ? ` · <a href="${escapeHtml(view.siteUrl)}">Nettstaden</a>` : ''}</p>
<h1>Sandkassa: billettkontoret</h1>
<p>Her speler du billettkontoret. Flytt ei framsyning, sel ho ut eller avlys ho. Billettsystemet sender inga melding til nettstaden når noko endrar seg her.</p>
<p>${escapeHtml(checksText(view.checks, view.now))}</p>
<div role="status">${notice}</div>
<nav aria-label="Dagar"><ul class="days">
${nav}
</ul></nav>
<h2>${day(view.day, days[0])}</h2>
${past > 0 ? `<p class="hint">${past === 1 ? 'Éi framsyning' : `${past} framsyningar`} tidlegare i dag er ferdig${past === 1 ? '' : 'e'} og er ikkje med.</p>` : ''}
${coming.length > 0 ? `<ul class="showings">\n${coming.map((showing) => showingRow(showing, view.day)).join('\n')}\n</ul>` : '<p>Ingen framsyningar att denne dagen.</p>'}`,
  );
}

function day(day: string, today: string | undefined): string {
  const label = dayLabel(day);
  return day === today ? `I dag, ${label}` : `${label.charAt(0).toUpperCase()}${label.slice(1)}`;
}
