/**
 * Keeps a production page's ticket list current without a rebuild: asks the box office (the
 * platform's runtime API, SPEC §7 events call, through the shared HTTP layer and the $events
 * store) for the listed events, and redraws what changed: the time (re-sorted), and the ticket
 * cell — a sold-out, cancelled or started show never keeps a ticket link, and says why. A
 * failing box office is only logged; the list from the build stays.
 */
import { createBoxOfficeApi } from '../lib/box-office/client';
import { $events, loadEvents } from '../lib/box-office/store';
import { ticketState } from '../lib/programme/programme';
import { FEW_TICKETS, noTicketReason, ticketLinkPrefix } from '../lib/programme/ticket-labels';
import { formatDayName, formatShortDay, formatTime, osloDay } from '../lib/format/time';
import type { Event } from '../schemas/event';
import { refreshProgramme } from './live-programme';

const AVAILABILITY = ['available', 'few', 'soldout'];
const STATUS = ['scheduled', 'cancelled', 'postponed', 'rescheduled'];

/** Only well-formed events are applied; anything else from the network is ignored. */
function isUsable(value: unknown): value is Event {
  const event = value as Partial<Event> | null;
  return (
    typeof event?.id === 'string' &&
    typeof event.startTime === 'string' &&
    !Number.isNaN(Date.parse(event.startTime)) &&
    AVAILABILITY.includes(event.availability ?? '') &&
    STATUS.includes(event.status ?? '') &&
    typeof event.ticketUrl === 'string' &&
    /^https:\/\//.test(event.ticketUrl)
  );
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function redrawTime(row: HTMLElement, event: Event): void {
  if (row.dataset['starts'] === event.startTime) return;
  row.dataset['starts'] = event.startTime;
  const day = osloDay(event.startTime);
  row.querySelector('time')?.setAttribute('datetime', event.startTime);
  const dayLabel = row.querySelector<HTMLElement>('[data-day]');
  if (dayLabel) {
    dayLabel.dataset['day'] = day;
    dayLabel.dataset['dayName'] = formatDayName(day);
  }
  const time = row.querySelector('[data-time]');
  if (time) time.textContent = formatTime(event.startTime);
}

/** The time button again (as ShowingTime.astro draws it), from the event as it is now. */
function redrawAction(row: HTMLElement, event: Event, title: string): void {
  const old = row.querySelector<HTMLElement>('.slot__button');
  if (!old) return;
  const state = ticketState(event, new Date());
  const reason = noTicketReason(state);
  const note = old.querySelector('.slot__note')?.textContent?.trim();
  const button = reason === null ? element('a', 'slot__button') : element('span', 'slot__button slot__button--off');
  if (button instanceof HTMLAnchorElement) {
    button.href = event.ticketUrl;
    button.dataset['ticketLink'] = '';
    button.append(element('span', 'visually-hidden', ticketLinkPrefix(title, formatShortDay(event.startTime))));
  }
  const time = element('time', '', formatTime(event.startTime));
  time.dateTime = event.startTime;
  time.dataset['time'] = '';
  button.append(time);
  if (note) button.append(element('span', 'slot__note', ` ${note}`));
  if (state.kind === 'on-sale' && state.few) button.append(element('span', 'slot__state', ` ${FEW_TICKETS}`));
  if (reason !== null)
    button.append(element('span', state.kind === 'started' || state.kind === 'sold-out' ? 'slot__state' : 'slot__state slot__state--stop', ` ${reason}`));
  // Keep focus where the visitor was, should the list change under it.
  const focused = old.contains(document.activeElement);
  old.replaceWith(button);
  if (focused && button instanceof HTMLAnchorElement) button.focus();
}

function apply(list: HTMLElement, events: readonly unknown[]): void {
  const title = list.dataset['title'] ?? '';
  let moved = false;
  for (const event of events) {
    if (!isUsable(event)) continue;
    const row = list.querySelector<HTMLElement>(`[data-event-id="${CSS.escape(event.id)}"]`);
    if (!row) continue;
    if (row.dataset['starts'] !== event.startTime) moved = true;
    redrawTime(row, event);
    redrawAction(row, event, title);
  }
  if (moved) {
    const rows = [...list.querySelectorAll<HTMLElement>('[data-event-id]')];
    const parent = rows[0]?.parentElement;
    rows.sort((a, b) => Date.parse(a.dataset['starts'] ?? '') - Date.parse(b.dataset['starts'] ?? ''));
    parent?.append(...rows);
  }
  refreshProgramme(list, Date.now());
}

export function keepTicketsLive(root: Document): void {
  for (const list of root.querySelectorAll<HTMLElement>('[data-box-office]')) {
    const apiUrl = list.dataset['boxOfficeUrl'];
    const boxOffice = apiUrl ? createBoxOfficeApi({ apiUrl, site: list.dataset['boxOfficeSite'] ?? '' }) : null;
    if (!boxOffice) continue;
    const ids = [...list.querySelectorAll<HTMLElement>('[data-event-id]')].map((row) => row.dataset['eventId'] ?? '').filter(Boolean);
    if (ids.length === 0) continue;
    $events.subscribe((state) => apply(list, state.items));
    void loadEvents(boxOffice, ids);
  }
}
