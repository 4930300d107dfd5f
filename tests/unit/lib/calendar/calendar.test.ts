import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import {
  calendarContext,
  calendarPath,
  calendarUid,
  feedCalendar,
  foldLine,
  icsText,
  productionCalendar,
  showingCalendar,
} from '../../../../src/lib/calendar/ics';
import { showingDownloadName, singleEventCalendar } from '../../../../src/lib/calendar/single-event';
import { readSnapshot } from '../../../../src/lib/content/snapshot';
import { nginxServerConfig } from '../../../../src/lib/hosting/nginx';
import { upcomingShowings, type Showing } from '../../../../src/lib/programme/programme';
import { culture, event, movie } from '../../fixtures/content';

const now = new Date('2026-11-23T10:00:00+01:00');
const content = readSnapshot('content');
const context = calendarContext(content, now);
const osloClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Oslo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  return calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
}

/** The Oslo wall-clock time of an ical.js time, as '24/11/2026, 19:30'. */
function inOslo(time: ICAL.Time): string {
  return osloClock.format(time.toJSDate());
}

const film = movie('kveldsfilm', 'aaaaa');
const play = culture('vinterspel', 'bbbbb');
const winter: Showing = { event: event('w1', '2026-11-24T19:30:00+01:00', { pageReference: film.pageReference }), production: film };
const summer: Showing = {
  event: event('s1', '2027-06-10T19:30:00+02:00', { pageReference: play.pageReference }, { object: 'culture', endTime: '2027-06-10T21:00:00+02:00' }),
  production: play,
};

describe('the calendar file of one showtime', () => {
  it('parses, and 19.30 in Oslo in winter is 18:30Z', () => {
    const text = showingCalendar(winter, context);
    expect(text).toContain('DTSTART:20261124T183000Z');
    const [parsed] = parse(text);
    expect(parsed?.startDate.toJSDate().toISOString()).toBe('2026-11-24T18:30:00.000Z');
    expect(inOslo(parsed!.startDate)).toBe('24/11/2026, 19:30');
    // No end in the data: the film's running time (90 minutes in the fixture).
    expect(inOslo(parsed!.endDate)).toBe('24/11/2026, 21:00');
  });

  it('keeps 19.30 in Oslo in summer too (17:30Z) and uses the end from the data', () => {
    const [parsed] = parse(showingCalendar(summer, context));
    expect(parsed?.startDate.toJSDate().toISOString()).toBe('2027-06-10T17:30:00.000Z');
    expect(inOslo(parsed!.startDate)).toBe('10/06/2027, 19:30');
    expect(inOslo(parsed!.endDate)).toBe('10/06/2027, 21:00');
  });

  it('says what, where, and links the production page', () => {
    const [parsed] = parse(showingCalendar(winter, context));
    expect(parsed?.summary).toBe('kveldsfilm');
    expect(parsed?.location).toBe('Soltun scene, Kulturhuset Kaia, Kaivegen 1, 6480 Aukra');
    expect(parsed?.description).toContain('https://billett.example/kaia/event/w1');
    expect(parsed?.uid).toBe('w1@www.kulturhuset-kaia.example');
    expect(parsed?.component.getFirstPropertyValue('url')).toBe('https://www.kulturhuset-kaia.example/kveldsfilm-aaaaa');
    expect(parsed?.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(calendarPath(film)).toBe('/kalender/kveldsfilm-aaaaa.ics');
    expect(showingDownloadName(winter.event.id)).toBe('w1.ics');
    expect(showingDownloadName('a/b c')).toBe('a-b-c.ics');
  });

  it('is CANCELLED for a cancelled event (the demo content has one)', () => {
    const showing = upcomingShowings(content.events, content.productions, now).find(({ event }) => event.status === 'cancelled')!;
    const text = showingCalendar(showing, context);
    expect(text).toMatch(/^STATUS:CANCELLED\r$/m);
    const [parsed] = parse(text);
    expect(parsed?.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(parsed?.summary).toBe(`Avlyst: ${showing.production.title}`);
    expect(parsed?.description).not.toContain('Billettar:');
  });

  it('survives text that needs escaping', () => {
    const tricky = { ...film, title: 'Ein, to; tre\\fire', contents: [{ summary: 'Linje 1\nLinje 2, med komma; og semikolon', body: '<p>x</p>' }] };
    const [parsed] = parse(showingCalendar({ ...winter, production: tricky }, context));
    expect(parsed?.summary).toBe('Ein, to; tre\\fire');
    expect(parsed?.description).toContain('Linje 1\nLinje 2, med komma; og semikolon');
  });
});

describe('a production’s calendar file, and one showing cut out of it in the browser', () => {
  const later: Showing = { event: event('w2', '2026-11-25T21:00:00+01:00', { pageReference: film.pageReference }), production: film };
  const file = productionCalendar([winter, later], context);

  it('holds every showing given, each with its own UID', () => {
    expect(parse(file).map((parsed) => parsed.uid)).toEqual(['w1@www.kulturhuset-kaia.example', 'w2@www.kulturhuset-kaia.example']);
    expect(calendarUid(later.event, context.host)).toBe('w2@www.kulturhuset-kaia.example');
  });

  it('gives the same calendar for one showing as a file written for it alone', () => {
    expect(singleEventCalendar(file, later.event.id)).toBe(showingCalendar(later, context));
    expect(singleEventCalendar(file, winter.event.id)).toBe(showingCalendar(winter, context));
  });

  it('keeps long (folded) lines intact and finds an event whose id needed escaping', () => {
    const long = { ...film, contents: [{ summary: 'Blåbærsyltetøy på kaia i Aukra, '.repeat(8), body: '<p>x</p>' }] };
    const odd: Showing = { event: event('a,b;c', '2026-11-26T18:00:00+01:00', { pageReference: film.pageReference }), production: long };
    const text = productionCalendar([winter, odd], context);
    const single = singleEventCalendar(text, odd.event.id);
    expect(single).toBe(showingCalendar(odd, context));
    expect(parse(single!)[0]?.uid).toBe('a,b;c@www.kulturhuset-kaia.example');
  });

  it('is null for an event the file does not hold, or text that is no calendar', () => {
    expect(singleEventCalendar(file, 'w3')).toBeNull();
    // An event id is matched whole ('w1@…'), not as the start of a longer one.
    expect(singleEventCalendar(file, 'w')).toBeNull();
    expect(singleEventCalendar('<!doctype html><p>Ikkje funne</p>', 'w1')).toBeNull();
  });
});

describe('writing iCalendar', () => {
  const octets = (line: string) => new TextEncoder().encode(line).length;

  it('escapes text values', () => {
    expect(icsText('a\\b; c, d\ne\r\nf')).toBe('a\\\\b\\; c\\, d\\ne\\nf');
  });

  it('folds long lines at 75 octets without splitting a character, and unfolds to the same line', () => {
    const line = `DESCRIPTION:${'Blåbærsyltetøy 🎬 på kaia i Aukra, '.repeat(6)}`;
    const folded = foldLine(line).split('\r\n');
    expect(folded.length).toBeGreaterThan(3);
    for (const [index, part] of folded.entries()) {
      expect(octets(part)).toBeLessThanOrEqual(75);
      if (index > 0) expect(part.startsWith(' ')).toBe(true);
      expect(part).not.toContain('\uFFFD');
    }
    expect(folded.map((part, index) => (index === 0 ? part : part.slice(1))).join('')).toBe(line);
    expect(foldLine('SUMMARY:Kort')).toBe('SUMMARY:Kort');
  });

  it('ends every line in CRLF and keeps them within 75 octets', () => {
    const text = feedCalendar('film', upcomingShowings(content.events, content.productions, now), context);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    const lines = text.split('\r\n').slice(0, -1);
    expect(lines.every((line) => !line.includes('\n') && octets(line) <= 75)).toBe(true);
  });
});

describe('the programme feeds', () => {
  const showings = upcomingShowings(content.events, content.productions, now);
  const films = showings.filter(({ event }) => event.object === 'movie');

  it('hold every upcoming showtime with its right time', () => {
    const events = parse(feedCalendar('film', films, context));
    expect(events).toHaveLength(films.length);
    for (const [index, parsed] of events.entries()) {
      expect(parsed.startDate.toJSDate().getTime()).toBe(Date.parse(films[index]!.event.startTime));
    }
    const calendar = new ICAL.Component(ICAL.parse(feedCalendar('film', films, context)) as unknown[]);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Kulturhuset Kaia: Kinoprogram');
  });

  it('are valid calendars even when empty', () => {
    expect(parse(feedCalendar('culture', [], context))).toEqual([]);
  });
});

describe('serving calendar files', () => {
  it('nginx sends them as text/calendar in UTF-8 (Debian’s mime.types has no .ics)', () => {
    const config = nginxServerConfig({ headers: {}, redirects: [] });
    const block = /location \/kalender\/ \{([^}]*\{[^}]*\}[^}]*)\}/.exec(config)?.[1] ?? '';
    expect(block).toContain('types { text/calendar ics; }');
    expect(block).toContain('charset_types text/calendar;');
  });
});
