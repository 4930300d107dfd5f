/**
 * A build lists what was upcoming when it ran, and names days 'I dag' and 'I morgon' as they
 * were then. Visitors may read it later, so in the browser:
 * - showings that have started are hidden, with their film or event (the group of time buttons)
 *   and their day group, and the empty note shown when nothing is left;
 * - where only the next showing is said (a film card's 'Neste', `data-next-only`), the first
 *   that has not started is shown of those the build carried;
 * - day headings are named again from the visitor's clock (in Oslo time);
 * - once everything a programme listed has started, it says the page may be out of date
 *   (`data-programme-out-of-date`) instead of that nothing more is on; once the visitor's day is
 *   past what the build's programme lists and nothing is listed, that it is out of date
 *   (src/lib/programme/list-message.ts decides; the programme carries its answer in
 *   `data-list-message` for the filters' result line); the week links below it then leave out
 *   the line saying how far the list goes and the weeks that have ended.
 * Runs on load and every minute while the page is open.
 */
import { formatDayHeading, osloDay } from '../lib/format/time';
import { listMessage, saysListsUntil, saysOutOfDate, weekLinkLead, type ListMessage } from '../lib/programme/list-message';

export function refreshProgramme(root: ParentNode, now: number): void {
  for (const element of root.querySelectorAll<HTMLElement>('[data-starts]')) {
    const starts = Date.parse(element.dataset['starts'] ?? '');
    if (!Number.isNaN(starts) && starts <= now) element.hidden = true;
  }
  for (const group of root.querySelectorAll<HTMLElement>('[data-next-only]')) {
    let found = false;
    for (const element of group.querySelectorAll<HTMLElement>('[data-starts]')) {
      const starts = Date.parse(element.dataset['starts'] ?? '');
      const left = Number.isNaN(starts) || starts > now;
      element.hidden = found || !left;
      found ||= left;
    }
  }
  for (const group of root.querySelectorAll<HTMLElement>('[data-showing-group]')) {
    group.hidden = group.querySelector('[data-starts]:not([hidden])') === null;
  }
  for (const group of root.querySelectorAll<HTMLElement>('[data-programme-group]')) {
    group.hidden = group.querySelector('[data-starts]:not([hidden])') === null;
  }
  const today = osloDay(new Date(now));
  for (const programme of root.querySelectorAll<HTMLElement>('[data-programme]')) {
    const empty = programme.querySelector<HTMLElement>('[data-programme-empty]');
    const outOfDate = programme.querySelector<HTMLElement>('[data-programme-out-of-date]');
    const listed = programme.querySelectorAll('[data-starts]:not([hidden])').length;
    // Everything the build listed has started: the page is older than its data, not the programme over.
    const starts = [...programme.querySelectorAll<HTMLElement>('[data-starts]')].map((element) => Date.parse(element.dataset['starts'] ?? ''));
    const overtaken = starts.length > 0 && starts.every((start) => start <= now);
    // A list with no out-of-date note (a production's tickets) only ever says it is empty.
    const listsUntil = outOfDate ? programme.dataset['listsUntil'] : undefined;
    const message = outOfDate ? listMessage({ listed, today, listsUntil: listsUntil ?? today, overtaken }) : listed > 0 ? 'listed' : 'empty';
    if (programme.dataset['listMessage'] !== message) programme.dataset['listMessage'] = message;
    if (empty) empty.hidden = message !== 'empty';
    if (outOfDate) {
      outOfDate.hidden = !saysOutOfDate(message);
      for (const wording of outOfDate.querySelectorAll<HTMLElement>('[data-out-of-date]')) {
        wording.hidden = (wording.dataset['outOfDate'] === 'certain') !== (message === 'out-of-date');
      }
    }
    refreshWeekLinks(programme, today, message);
  }
  for (const heading of root.querySelectorAll<HTMLElement>('[data-day-name]')) {
    const day = heading.dataset['day'];
    if (day) heading.textContent = formatDayHeading(day, new Date(now));
  }
}

/**
 * The week links under a programme (WeekLinks.astro) at the visitor's day: once the list is out of
 * date, without the line saying how far the list above goes, without weeks that have ended, and
 * with the visitor's own week named as such; the whole block goes when nothing is left in it.
 */
function refreshWeekLinks(programme: HTMLElement, today: string, message: ListMessage): void {
  const links = programme.querySelector<HTMLElement>('[data-week-links]');
  if (!links) return;
  const note = links.querySelector<HTMLElement>('[data-lists-until-note]');
  if (note) note.hidden = !saysListsUntil(message);
  let shown = 0;
  for (const item of links.querySelectorAll<HTMLElement>('[data-week-first]')) {
    const leadText = item.querySelector<HTMLElement>('[data-week-lead]');
    const week = { first: item.dataset['weekFirst'] ?? '', last: item.dataset['weekLast'] ?? '' };
    const lead = weekLinkLead(leadText?.dataset['weekLead'] ?? '', week, today, message);
    item.hidden = lead === null;
    if (leadText && lead !== null && leadText.textContent !== lead) leadText.textContent = lead;
    if (lead !== null) shown += 1;
  }
  links.hidden = shown === 0 && (note?.hidden ?? true);
}

let started = false;

export function keepProgrammeCurrent(root: Document): void {
  if (started) return;
  started = true;
  refreshProgramme(root, Date.now());
  setInterval(() => refreshProgramme(root, Date.now()), 60_000);
}
