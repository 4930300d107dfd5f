/**
 * 'Legg i kalender' (src/components/CalendarLink.astro) with JavaScript: the link points at the
 * production's calendar file (every upcoming showing, the no-JavaScript fallback); a plain click
 * fetches it and saves only the chosen showing, cut out by lib/calendar/single-event.ts. When the
 * file cannot be fetched or holds no such showing, the link is followed as it is.
 */
import { showingDownloadName, singleEventCalendar } from '../lib/calendar/single-event';

async function saveShowing(link: HTMLAnchorElement, eventId: string): Promise<void> {
  try {
    const response = await fetch(link.href);
    const single = response.ok ? singleEventCalendar(await response.text(), eventId) : null;
    if (!single) throw new Error(`No event ${eventId} in ${link.href}`);
    const url = URL.createObjectURL(new Blob([single], { type: 'text/calendar;charset=utf-8' }));
    const save = document.createElement('a');
    save.href = url;
    save.download = showingDownloadName(eventId);
    save.hidden = true;
    document.body.append(save);
    save.click();
    save.remove();
    // Give the download a moment to start before the object URL goes.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch {
    window.location.assign(link.href);
  }
}

let started = false;

export function enhanceCalendarLinks(root: Document): void {
  if (started) return;
  started = true;
  root.addEventListener('click', (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.defaultPrevented) return;
    // The showing's row says which event it is (src/components/ShowingTime.astro), so the links
    // carry no attribute of their own: the production pages sit close to the precache budget.
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a.calendar-link');
    const eventId = link?.closest<HTMLElement>('[data-event-id]')?.dataset['eventId'];
    if (!link || !eventId) return;
    event.preventDefault();
    void saveShowing(link, eventId);
  });
}
