/** Dates read the same in every browser: our nynorsk names match Node's full ICU for nn-NO. */
import { describe, expect, it } from 'vitest';
import { formatDate, formatDayName, formatMonth, formatShortDay, formatTime, osloDay, osloOffsetMinutes } from '../../../../src/lib/format/time';

const icu = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('nn-NO', { timeZone: 'Europe/Oslo', ...options });

describe('dates in nynorsk', () => {
  it('match nn-NO for every day of two years', () => {
    const long = icu({ weekday: 'long', day: 'numeric', month: 'long' });
    const short = icu({ weekday: 'short', day: 'numeric', month: 'short' });
    const date = icu({ day: 'numeric', month: 'long', year: 'numeric' });
    for (let n = 0; n < 730; n += 1) {
      const moment = new Date(Date.UTC(2026, 0, 1, 11) + n * 86_400_000);
      expect(formatDayName(osloDay(moment))).toBe(long.format(moment));
      expect(formatShortDay(moment)).toBe(short.format(moment));
      expect(formatDate(moment)).toBe(date.format(moment));
    }
  });

  it('keep weekdays and months in lower case, and name months without asking the runtime', () => {
    expect(formatShortDay('2026-11-27T18:00:00Z')).toBe('fr. 27. nov.');
    expect(formatDayName('2026-11-27')).toBe('fredag 27. november');
    expect(formatMonth('2026-11')).toBe('november 2026');
    const month = icu({ month: 'long', year: 'numeric' });
    for (let n = 0; n < 24; n += 1) {
      const moment = new Date(Date.UTC(2026, n, 15, 12));
      expect(formatMonth(moment.toISOString().slice(0, 7))).toBe(month.format(moment));
    }
  });

  it('write clock times the Norwegian way in Oslo time, summer and winter', () => {
    expect(formatTime('2026-11-23T18:30:00Z')).toBe('19.30');
    expect(formatTime('2026-07-01T07:05:00Z')).toBe('09.05');
    expect(formatTime('2026-11-23T23:10:00Z')).toBe('00.10');
  });

  it('keep Oslo’s clock as the time-zone database does, hour by hour over 2020–2040 and minute by minute at each change', () => {
    // What Intl (the runtime's tz database) says: the reference the hand-made offset must match.
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo', year: 'numeric', month: '2-digit', day: '2-digit' });
    const clock = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Oslo', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    const wrong: string[] = [];
    const check = (instant: number) => {
      const moment = new Date(instant);
      const ours = `${osloDay(moment)} ${formatTime(moment)}`;
      const theirs = `${day.format(moment)} ${clock.format(moment).replace(':', '.')}`;
      if (ours !== theirs) wrong.push(`${moment.toISOString()}: ${ours}, not ${theirs}`);
    };
    const start = Date.UTC(2020, 0, 1);
    const end = Date.UTC(2041, 0, 1);
    let changes = 0;
    for (let instant = start; instant < end; instant += 3_600_000) {
      check(instant);
      if (osloOffsetMinutes(instant) !== osloOffsetMinutes(instant + 3_600_000)) {
        changes += 1;
        for (let minute = -90; minute <= 90; minute += 1) check(instant + 3_600_000 + minute * 60_000);
      }
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    // Two changes a year.
    expect(changes).toBe(42);
  }, 30_000);

  it('refuse an invalid moment, as Intl did', () => {
    expect(() => osloDay('not a date')).toThrow(RangeError);
    expect(() => formatTime(new Date(Number.NaN))).toThrow(RangeError);
  });
});
