/**
 * The front page's day strip in the browser: names the visitor's own today and lists what is
 * left of it, or the next day with showings, from the days the build carried
 * (src/lib/programme/strip-state.ts); past those days it says the list may be out of date (and
 * still lists the visitor's today when the build carried it), and past the days the build's
 * programme pages list, that it is out of date.
 * Started showings are hidden by src/scripts/live-programme.ts. Runs on load and every minute.
 */
import { stripOutOfDate, stripStateAt, type StripDayTimes } from '../lib/programme/strip-state';

function setText(element: HTMLElement | null, text: string): void {
  if (element && element.textContent !== text) element.textContent = text;
}

function show(element: HTMLElement | null, shown: boolean): void {
  if (element && element.hidden === shown) element.hidden = !shown;
}

function carriedDays(strip: HTMLElement): StripDayTimes[] {
  return [...strip.querySelectorAll<HTMLElement>('[data-strip-day]')].map((list) => ({
    day: list.dataset['stripDay'] ?? '',
    starts: [...list.querySelectorAll<HTMLElement>('[data-starts]')]
      .map((slot) => Date.parse(slot.dataset['starts'] ?? ''))
      .filter((start) => !Number.isNaN(start)),
  }));
}

export function refreshDayStrips(root: ParentNode, now: number): void {
  for (const strip of root.querySelectorAll<HTMLElement>('[data-day-strip]')) {
    const { coversUntil = '', heading, listsUntil } = strip.dataset;
    const state = stripStateAt(new Date(now), carriedDays(strip), coversUntil, strip.hasAttribute('data-complete'), heading, listsUntil);
    setText(strip.querySelector<HTMLElement>('[data-strip-heading]'), state.heading);
    const note = strip.querySelector<HTMLElement>('[data-strip-note]');
    const listed = state.kind === 'day' || state.kind === 'stale-day' ? state : null;
    if (listed) setText(note, listed.note);
    show(note, listed !== null);
    for (const list of strip.querySelectorAll<HTMLElement>('[data-strip-day]')) show(list, listed?.day === list.dataset['stripDay']);
    show(strip.querySelector<HTMLElement>('[data-strip-empty]'), state.kind === 'nothing-ahead');
    const outOfDate = stripOutOfDate(state);
    const outOfDateNote = strip.querySelector<HTMLElement>('[data-strip-out-of-date]');
    show(outOfDateNote, outOfDate !== null);
    for (const wording of outOfDateNote?.querySelectorAll<HTMLElement>('[data-out-of-date]') ?? []) {
      show(wording, (wording.dataset['outOfDate'] === 'certain') === (outOfDate === 'out-of-date'));
    }
  }
}

let started = false;

export function keepDayStripsCurrent(root: Document): void {
  if (started) return;
  started = true;
  refreshDayStrips(root, Date.now());
  setInterval(() => refreshDayStrips(root, Date.now()), 60_000);
}
