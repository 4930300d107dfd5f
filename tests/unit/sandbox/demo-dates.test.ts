/** The demo never goes stale: for any "today" the sandbox's programme starts that day, each event on its own weekday and time. */
import { describe, expect, it } from 'vitest';
import { loadDataset } from '../../../sandbox/dataset';
import { fromOsloWall, osloWall, rollDates } from '../../../sandbox/dates';

type Event = { id: string; startTime: string; endTime: string };
const dataset = loadDataset();
const original = dataset.events as Event[];
const weekday = (day: number) => new Date(day * 86_400_000).getUTCDay();

describe('rolling the demo dates', () => {
  // Every day of a year from now, daylight-saving changes included, and a few far apart.
  const start = Date.UTC(2026, 10, 23, 12);
  const todays = [
    ...Array.from({ length: 400 }, (_, n) => new Date(start + n * 86_400_000)),
    new Date('2031-03-30T00:30:00+01:00'),
    new Date('2040-10-28T23:30:00+01:00'),
    new Date('2025-01-01T00:00:00+01:00'),
  ];

  it.each(todays.map((today) => [today.toISOString(), today] as const))('starts on %s and keeps weekdays and times', (_, today) => {
    const rolled = rollDates(dataset, today).events as Event[];
    const todayDay = osloWall(today).day;
    const days = rolled.map((event) => osloWall(new Date(event.startTime)).day);
    expect(Math.min(...days)).toBe(todayDay);
    expect(Math.max(...days)).toBeLessThan(todayDay + 8 * 7);
    rolled.forEach((event, index) => {
      const before = original[index]!;
      expect(event.id).toBe(before.id);
      const was = osloWall(new Date(before.startTime));
      const now = osloWall(new Date(event.startTime));
      expect(weekday(now.day)).toBe(weekday(was.day));
      expect(now.seconds).toBe(was.seconds);
      expect(osloWall(new Date(event.endTime)).seconds).toBe(osloWall(new Date(before.endTime)).seconds);
      expect(event.startTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0[12]:00$/);
    });
  });

  it('leaves the dataset it was given alone, and the committed dates when today is their first day', () => {
    const copy = JSON.stringify(dataset.events);
    const same = rollDates(dataset, new Date('2026-11-23T09:00:00+01:00'));
    expect(JSON.stringify(dataset.events)).toBe(copy);
    expect(same.events).toEqual(dataset.events);
  });

  it('writes Oslo wall-clock times with the offset of their season', () => {
    const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;
    expect(fromOsloWall({ day: day('2027-01-10'), seconds: 19.5 * 3600 })).toBe('2027-01-10T19:30:00+01:00');
    expect(fromOsloWall({ day: day('2027-06-10'), seconds: 19.5 * 3600 })).toBe('2027-06-10T19:30:00+02:00');
  });
});
