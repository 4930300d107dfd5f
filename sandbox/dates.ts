/**
 * The demo that never goes stale: the sandbox can serve its dataset with every event moved to
 * the current weeks. Events move by whole weeks in Oslo time, so each keeps its weekday and its
 * time of day (also across a daylight-saving change); the dataset's span of weeks is treated
 * as a cycle: the earliest event on today's weekday lands on today, and events that would land
 * before today go round to the end, so the programme starts on "today" whatever day that is.
 */
import type { Dataset } from './dataset';

const ZONE = 'Europe/Oslo';
const DAY_MS = 86_400_000;
const wallFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

interface Wall {
  /** Days since 1970-01-01 of the Oslo calendar day. */
  day: number;
  /** Seconds since local midnight. */
  seconds: number;
}

/** The Oslo wall-clock day and time of an instant. */
export function osloWall(instant: Date): Wall {
  const parts = Object.fromEntries(wallFormat.formatToParts(instant).map((part) => [part.type, part.value]));
  const day = Date.UTC(Number(parts['year']), Number(parts['month']) - 1, Number(parts['day'])) / DAY_MS;
  return { day, seconds: Number(parts['hour']) * 3600 + Number(parts['minute']) * 60 + Number(parts['second']) };
}

/** The instant of an Oslo wall-clock time, written with its Oslo offset: 2026-11-23T18:00:00+01:00. */
export function fromOsloWall(wall: Wall): string {
  const naive = wall.day * DAY_MS + wall.seconds * 1000;
  // Oslo is UTC+1 or UTC+2: take the offset at which the wall clock reads what we want.
  for (const hours of [1, 2]) {
    const instant = new Date(naive - hours * 3_600_000);
    const back = osloWall(instant);
    if (back.day === wall.day && back.seconds === wall.seconds) {
      return `${new Date(naive).toISOString().slice(0, 19)}+0${hours}:00`;
    }
  }
  // A time skipped by the spring change (02:00–03:00): an hour later, as clocks show it.
  return fromOsloWall({ day: wall.day, seconds: wall.seconds + 3600 });
}

const isEvent = (value: unknown): value is { startTime: string; endTime?: string } =>
  !!value && typeof value === 'object' && typeof (value as { startTime?: unknown }).startTime === 'string';

/** The dataset with events moved so the first falls on `today` (an Oslo day); the input is not changed. */
export function rollDates(dataset: Dataset, today: Date): Dataset {
  const events = dataset.events.filter(isEvent);
  const days = events.map((event) => osloWall(new Date(event.startTime)).day).filter((day) => Number.isFinite(day));
  if (days.length === 0) return dataset;
  const first = Math.min(...days);
  const last = Math.max(...days);
  const cycle = Math.ceil((last - first + 1) / 7) * 7;
  const target = osloWall(today).day;
  // The earliest event on today's weekday lands on today (whole weeks, so weekdays stay).
  const sameWeekday = days.filter((day) => (((day - target) % 7) + 7) % 7 === 0);
  const anchor = sameWeekday.length > 0 ? Math.min(...sameWeekday) : first + ((((target - first) % 7) + 7) % 7);
  const shift = target - anchor;
  const move = (iso: string, by: number) => {
    const wall = osloWall(new Date(iso));
    return fromOsloWall({ day: wall.day + by, seconds: wall.seconds });
  };
  return {
    ...dataset,
    events: dataset.events.map((event) => {
      if (!isEvent(event)) return event;
      const startDay = osloWall(new Date(event.startTime)).day;
      if (!Number.isFinite(startDay)) return event;
      const by = startDay + shift < target ? shift + cycle : shift;
      const moved: Record<string, unknown> = { ...event, startTime: move(event.startTime, by) };
      if (typeof event.endTime === 'string' && Number.isFinite(Date.parse(event.endTime))) moved['endTime'] = move(event.endTime, by);
      return moved;
    }),
  };
}
