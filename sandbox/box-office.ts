/**
 * The box office, as the sandbox plays it: the ticketing platform's staff add a showing, move
 * one to another time, and mark one sold out (or few left, or on sale again). These change the
 * box office's data (what the runtime API's basic_events serves) in place and nothing in the CMS: no webhook is
 * sent, just as the real platform sends none. A site that stays current must notice by itself.
 *
 * Times are Oslo wall-clock times ('2026-11-26 18:00'), or ISO 8601 with an offset.
 */
import type { Dataset } from './dataset';
import { fromOsloWall, osloWall } from './dates';

export type Availability = 'available' | 'few' | 'soldout';
const availabilities: readonly Availability[] = ['available', 'few', 'soldout'];

export type BoxOfficeChange =
  /** A new showing like an existing one (same production, hall, version, price), at `at`. */
  | { readonly action: 'add'; readonly like: string; readonly at: string }
  /** An existing showing moved to `at` (a time alone keeps its day); its length stays. */
  | { readonly action: 'move'; readonly id: string; readonly at: string }
  /** Ticket availability of a showing. */
  | { readonly action: 'availability'; readonly id: string; readonly availability: Availability }
  /** A showing cancelled, or set up again. */
  | { readonly action: 'status'; readonly id: string; readonly status: ShowingStatus };

export type ShowingStatus = 'scheduled' | 'cancelled';
const statuses: readonly ShowingStatus[] = ['scheduled', 'cancelled'];

/** A request the box office cannot carry out: 400 (bad input) or 404 (no such showing). */
export class BoxOfficeError extends Error {
  constructor(
    readonly status: 400 | 404,
    message: string,
  ) {
    super(message);
  }
}

type EventRecord = Record<string, unknown> & { id: string; startTime: string };

const isEvent = (value: unknown): value is EventRecord =>
  !!value &&
  typeof value === 'object' &&
  typeof (value as { id?: unknown }).id === 'string' &&
  typeof (value as { startTime?: unknown }).startTime === 'string';

/** Checks a change as it arrives (JSON from the admin endpoint). */
export function parseBoxOfficeChange(value: unknown): BoxOfficeChange {
  const raw = value as Record<string, unknown> | null;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new BoxOfficeError(400, 'expected a JSON object with an action');
  const text = (name: string) => {
    const field = raw[name];
    if (typeof field !== 'string' || field.trim() === '') throw new BoxOfficeError(400, `${name} is missing (a text)`);
    return field.trim();
  };
  switch (raw['action']) {
    case 'add':
      return { action: 'add', like: text('like'), at: text('at') };
    case 'move':
      return { action: 'move', id: text('id'), at: text('at') };
    case 'availability': {
      const availability = text('availability');
      if (!availabilities.includes(availability as Availability)) throw new BoxOfficeError(400, `availability must be one of ${availabilities.join(', ')}`);
      return { action: 'availability', id: text('id'), availability: availability as Availability };
    }
    case 'status': {
      const status = text('status');
      if (!statuses.includes(status as ShowingStatus)) throw new BoxOfficeError(400, `status must be one of ${statuses.join(', ')}`);
      return { action: 'status', id: text('id'), status: status as ShowingStatus };
    }
    default:
      throw new BoxOfficeError(400, 'action must be add, move, availability or status');
  }
}

const WALL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{1,2})[:.](\d{2})$/;
const CLOCK = /^(\d{1,2})[:.](\d{2})$/;
const DAY_MS = 86_400_000;

/**
 * The instant `at` names, written with its Oslo offset: an ISO time with an offset, an Oslo
 * wall-clock 'YYYY-MM-DD HH:MM', or (when `sameDayAs` is given) a clock time 'HH:MM' on that
 * Oslo day.
 */
export function parseShowTime(at: string, sameDayAs?: string): string {
  const clock = CLOCK.exec(at);
  if (clock && sameDayAs) {
    const day = osloWall(new Date(sameDayAs)).day;
    return fromOsloWall({ day, seconds: wallSeconds(at, Number(clock[1]), Number(clock[2])) });
  }
  const wall = WALL.exec(at);
  if (wall) {
    const [, year, month, date, hour, minute] = wall.map(Number) as [number, number, number, number, number, number];
    const day = Date.UTC(year, month - 1, date) / DAY_MS;
    if (new Date(day * DAY_MS).getUTCDate() !== date || month < 1 || month > 12) throw new BoxOfficeError(400, `${at} is not a date`);
    return fromOsloWall({ day, seconds: wallSeconds(at, hour, minute) });
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(at) && Number.isFinite(Date.parse(at))) return at;
  throw new BoxOfficeError(400, `${at} is not a time: write 'YYYY-MM-DD HH:MM' (Oslo time)${sameDayAs ? ", or 'HH:MM' on the same day" : ''}`);
}

function wallSeconds(at: string, hour: number, minute: number): number {
  if (hour > 23 || minute > 59) throw new BoxOfficeError(400, `${at} is not a time of day`);
  return hour * 3600 + minute * 60;
}

/** Carries out a change on the dataset's events; returns the showing as it now is. */
export function applyBoxOfficeChange(dataset: Dataset, change: BoxOfficeChange): Record<string, unknown> {
  const events = dataset.events;
  if (change.action === 'add') {
    const template = templateFor(dataset, change.like);
    const startTime = parseShowTime(change.at);
    const id = newEventId(events);
    const added: Record<string, unknown> = {
      ...structuredClone(template),
      id,
      startTime,
      status: 'scheduled',
      availability: 'available',
      ticketUrl: ticketUrlFor(template, id),
    };
    if (typeof template['endTime'] === 'string') added['endTime'] = shifted(template['endTime'], Date.parse(startTime) - Date.parse(template.startTime));
    else delete added['endTime'];
    events.push(added);
    return added;
  }
  const index = events.findIndex((event) => isEvent(event) && event.id === change.id);
  if (index < 0) throw new BoxOfficeError(404, `no showing ${change.id}`);
  const event = events[index] as EventRecord;
  let next: Record<string, unknown>;
  if (change.action === 'move') {
    const startTime = parseShowTime(change.at, event.startTime);
    next = { ...event, startTime };
    if (typeof event['endTime'] === 'string') next['endTime'] = shifted(event['endTime'], Date.parse(startTime) - Date.parse(event.startTime));
  } else if (change.action === 'status') {
    next = { ...event, status: change.status };
  } else {
    next = { ...event, availability: change.availability };
  }
  // Replaced, not changed in place: a list a client is still serialising stays as it was.
  events[index] = next;
  return next;
}

/** An event id, or a production's pageReference or parentSlug (its latest showing is copied). */
function templateFor(dataset: Dataset, like: string): EventRecord {
  const byId = dataset.events.find((event): event is EventRecord => isEvent(event) && event.id === like);
  if (byId) return byId;
  const production = dataset.productions.find((candidate) => {
    const record = candidate as { pageReference?: unknown; parentSlug?: unknown; id?: unknown } | null;
    return record?.pageReference === like || record?.parentSlug === like || record?.id === like;
  }) as { pageReference?: string; parentSlug?: string } | undefined;
  const showings = production
    ? dataset.events.filter((event): event is EventRecord => {
        if (!isEvent(event)) return false;
        const link = (event['production'] ?? {}) as { pageReference?: unknown; parentSlug?: unknown };
        return (
          (production.pageReference !== undefined && link.pageReference === production.pageReference) ||
          (production.parentSlug !== undefined && link.parentSlug === production.parentSlug)
        );
      })
    : [];
  const latest = showings.sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime)).at(-1);
  if (!latest) throw new BoxOfficeError(404, production ? `the production ${like} has no showing to copy` : `no showing or production ${like}`);
  return latest;
}

/** The next free id in the platform's style (ev-431000 → ev-431001 past the highest). */
function newEventId(events: readonly unknown[]): string {
  const ids = new Set(events.filter(isEvent).map((event) => event.id));
  const numbers = [...ids].map((id) => /^ev-(\d+)$/.exec(id)?.[1]).filter((n): n is string => n !== undefined);
  let next = numbers.length > 0 ? Math.max(...numbers.map(Number)) + 1 : 1;
  while (ids.has(`ev-${next}`)) next += 1;
  return `ev-${next}`;
}

/** The template's ticket link with the new number in it, when the link ends with the template's number. */
function ticketUrlFor(template: EventRecord, id: string): unknown {
  const url = template['ticketUrl'];
  const number = /(\d+)$/.exec(template.id)?.[1];
  const next = /(\d+)$/.exec(id)?.[1];
  if (typeof url === 'string' && number && next && url.endsWith(number)) return `${url.slice(0, -number.length)}${next}`;
  return url;
}

/** An ISO time moved by `ms`, written with its Oslo offset as the dataset writes it (2026-11-23T20:00:00+01:00). */
function shifted(iso: string, ms: number): string {
  const moved = Math.floor((Date.parse(iso) + ms) / 1000) * 1000;
  const wall = osloWall(new Date(moved));
  const wallMs = wall.day * DAY_MS + wall.seconds * 1000;
  const hours = Math.round((wallMs - moved) / 3_600_000);
  return `${new Date(wallMs).toISOString().slice(0, 19)}+${String(hours).padStart(2, '0')}:00`;
}

export interface ShowingLine {
  readonly id: string;
  readonly startTime: string;
  readonly title: string;
  readonly hall: string;
  readonly availability: string;
  readonly status: string;
}

/** The showings of an Oslo day (YYYY-MM-DD), earliest first, with their production's title. */
export function showingsOn(dataset: Dataset, day: string): ShowingLine[] {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !Number.isFinite(Date.parse(`${day}T12:00:00Z`))) throw new BoxOfficeError(400, 'day must be YYYY-MM-DD');
  const wanted = Date.parse(`${day}T00:00:00Z`) / DAY_MS;
  const titles = new Map<string, string>();
  for (const production of dataset.productions) {
    const record = production as { pageReference?: unknown; parentSlug?: unknown; title?: unknown } | null;
    if (typeof record?.title !== 'string') continue;
    if (typeof record.pageReference === 'string') titles.set(record.pageReference, record.title);
    if (typeof record.parentSlug === 'string') titles.set(record.parentSlug, record.title);
  }
  return dataset.events
    .filter(isEvent)
    .filter((event) => Number.isFinite(Date.parse(event.startTime)) && osloWall(new Date(event.startTime)).day === wanted)
    .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime))
    .map((event) => {
      const link = (event['production'] ?? {}) as { pageReference?: string; parentSlug?: string };
      const venue = (event['venue'] ?? {}) as { name?: unknown };
      return {
        id: event.id,
        startTime: event.startTime,
        title: titles.get(link.pageReference ?? '') ?? titles.get(link.parentSlug ?? '') ?? '?',
        hall: typeof venue.name === 'string' ? venue.name : '',
        availability: typeof event['availability'] === 'string' ? event['availability'] : '',
        status: typeof event['status'] === 'string' ? event['status'] : '',
      };
    });
}

// ---------------------------------------------------------------------------------------------
// The command line (sandbox/box-office-cli.ts).

/** A command line that does not say what to do. */
export class UsageError extends Error {}

/** Today in Oslo as YYYY-MM-DD. */
export function osloToday(now: Date): string {
  return new Date(osloWall(now).day * 86_400_000).toISOString().slice(0, 10);
}

/** The admin request a command line of `npm run box-office` asks for; `now` picks today for `list`. */
export function boxOfficeRequest(args: readonly string[], now: Date): { method: 'GET'; query: string } | { method: 'POST'; body: Record<string, string> } {
  const [command, first, ...rest] = args;
  const second = rest.join(' ').trim();
  const need = (value: string | undefined, what: string) => {
    if (!value) throw new UsageError(`${command} needs ${what}`);
    return value;
  };
  switch (command) {
    case 'list':
      return { method: 'GET', query: `day=${encodeURIComponent(first ?? osloToday(now))}` };
    case 'add':
      return { method: 'POST', body: { action: 'add', like: need(first, 'a film or event id'), at: need(second, "a time ('YYYY-MM-DD HH:MM')") } };
    case 'move':
      return { method: 'POST', body: { action: 'move', id: need(first, 'an event id'), at: need(second, "a time ('HH:MM' or 'YYYY-MM-DD HH:MM')") } };
    case 'cancel':
    case 'reinstate':
      if (rest.length > 0) throw new UsageError(`${command} takes one event id`);
      return { method: 'POST', body: { action: 'status', id: need(first, 'an event id'), status: command === 'cancel' ? 'cancelled' : 'scheduled' } };
    case 'soldout':
    case 'few':
    case 'available':
      if (rest.length > 0) throw new UsageError(`${command} takes one event id`);
      return { method: 'POST', body: { action: 'availability', id: need(first, 'an event id'), availability: command } };
    default:
      throw new UsageError(command ? `unknown command ${command}` : 'no command given');
  }
}
