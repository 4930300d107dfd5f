/**
 * A build lists what was upcoming when it ran, and names days 'I dag' and 'I morgon' as they
 * were then. Visitors may read it later, so in the browser:
 * - showings that have started are hidden, with their day group, and the empty note shown
 *   when nothing is left;
 * - day headings are named again from the visitor's clock (in Oslo time).
 * Runs on load and every minute while the page is open.
 */
const osloDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo', year: 'numeric', month: '2-digit', day: '2-digit' });

function dayAfter(day: string): string {
  const noon = new Date(`${day}T12:00:00Z`);
  noon.setUTCDate(noon.getUTCDate() + 1);
  return noon.toISOString().slice(0, 10);
}

export function refreshProgramme(root: ParentNode, now: number): void {
  for (const element of root.querySelectorAll<HTMLElement>('[data-starts]')) {
    const starts = Date.parse(element.dataset['starts'] ?? '');
    if (!Number.isNaN(starts) && starts <= now) element.hidden = true;
  }
  for (const group of root.querySelectorAll<HTMLElement>('[data-programme-group]')) {
    group.hidden = group.querySelector('[data-starts]:not([hidden])') === null;
  }
  for (const programme of root.querySelectorAll<HTMLElement>('[data-programme]')) {
    const empty = programme.querySelector<HTMLElement>('[data-programme-empty]');
    if (empty) empty.hidden = programme.querySelector('[data-starts]:not([hidden])') !== null;
  }
  const today = osloDay.format(now);
  const tomorrow = dayAfter(today);
  for (const heading of root.querySelectorAll<HTMLElement>('[data-day-name]')) {
    const name = heading.dataset['dayName'] ?? '';
    const day = heading.dataset['day'];
    const relative = day === today ? 'I dag' : day === tomorrow ? 'I morgon' : null;
    heading.textContent = relative ? `${relative}, ${name}` : name.charAt(0).toUpperCase() + name.slice(1);
  }
}

let started = false;

export function keepProgrammeCurrent(root: Document): void {
  if (started) return;
  started = true;
  refreshProgramme(root, Date.now());
  setInterval(() => refreshProgramme(root, Date.now()), 60_000);
}
