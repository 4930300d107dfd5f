import { describe, expect, it } from 'vitest';
import { noTicketReason, ticketLinkPrefix } from '../../../../src/lib/programme/ticket-labels';
import {
  belongsTo,
  groupByDay,
  isUpcoming,
  nextEventOf,
  productionOf,
  programmeForDay,
  ticketState,
  upcomingShowings,
} from '../../../../src/lib/programme/programme';
import { formatDayHeading, formatTime, osloDay } from '../../../../src/lib/format/time';
import { culture, event, movie } from '../../fixtures/content';

const film = movie('film', 'aaaaa');
const link = { pageReference: 'film-aaaaa' };
const now = new Date('2026-11-23T10:00:00+01:00');

describe('the programme at a fixed moment', () => {
  const events = [
    event('late', '2026-11-24T21:00:00+01:00', link),
    event('past', '2026-11-23T09:59:00+01:00', link),
    event('after-midnight', '2026-11-25T00:30:00+01:00', link),
    event('early', '2026-11-24T12:00:00+01:00', link),
    event('today', '2026-11-23T18:00:00+01:00', link),
    event('orphan', '2026-11-23T19:00:00+01:00', { pageReference: 'nobody-zzzzz' }),
  ];

  it('keeps only what has not started, earliest first, with its production', () => {
    expect(upcomingShowings(events, [film], now).map((s) => s.event.id)).toEqual(['today', 'early', 'late', 'after-midnight']);
    expect(isUpcoming(events[1]!, now)).toBe(false);
  });

  it('works a list out once per moment, and again for a later one', () => {
    const productions = [film];
    const first = upcomingShowings(events, productions, now);
    expect(upcomingShowings(events, productions, now)).toBe(first);
    // At 18.30 the 18.00 showing has started.
    const later = upcomingShowings(events, productions, new Date('2026-11-23T18:30:00+01:00'));
    expect(later.map((s) => s.event.id)).toEqual(['early', 'late', 'after-midnight']);
    expect(upcomingShowings(events, [film], now).map((s) => s.event.id)).toEqual(first.map((s) => s.event.id));
  });

  it('groups by the day in Oslo, not in UTC', () => {
    const days = groupByDay(upcomingShowings(events, [film], now));
    expect(days.map((d) => [d.day, d.showings.map((s) => s.event.id)])).toEqual([
      ['2026-11-23', ['today']],
      ['2026-11-24', ['early', 'late']],
      ['2026-11-25', ['after-midnight']],
    ]);
    expect(osloDay('2026-11-24T23:30:00Z')).toBe('2026-11-25');
  });

  it('picks one day', () => {
    expect(programmeForDay(upcomingShowings(events, [film], now), '2026-11-24').map((s) => s.event.id)).toEqual(['early', 'late']);
  });

  it('names today and tomorrow, and writes times the Norwegian way', () => {
    expect(formatDayHeading('2026-11-23', now)).toBe('I dag, måndag 23. november');
    expect(formatDayHeading('2026-11-24', now)).toBe('I morgon, tysdag 24. november');
    expect(formatDayHeading('2026-11-25', now)).toBe('Onsdag 25. november');
    expect(formatTime('2026-11-24T21:05:00+01:00')).toBe('21.05');
  });

  it('finds the next showing of a film, skipping cancelled ones', () => {
    const cancelled = event('cancelled', '2026-11-23T12:00:00+01:00', link, { status: 'cancelled' });
    expect(nextEventOf(film, [...events, cancelled], now)?.id).toBe('today');
  });
});

describe('productionOf', () => {
  const concert = culture('konsert', 'bbbbb');
  const sameSlug = movie('konsert', 'ccccc');
  const list = [film, concert, sameSlug];

  it("finds an event's production by page reference or parent slug, the first in the list that matches either", () => {
    expect(productionOf(event('a', '2026-12-01T19:00:00+01:00', { pageReference: 'film-aaaaa' }), list)).toBe(film);
    expect(productionOf(event('b', '2026-12-01T19:00:00+01:00', { parentSlug: 'konsert' }), list)).toBe(concert);
    expect(productionOf(event('c', '2026-12-01T19:00:00+01:00', { pageReference: 'konsert-ccccc' }), list)).toBe(sameSlug);
    // Both links given: the earlier of the two matches wins, whichever key found it.
    expect(productionOf(event('d', '2026-12-01T19:00:00+01:00', { pageReference: 'konsert-ccccc', parentSlug: 'film' }), list)).toBe(film);
    expect(productionOf(event('e', '2026-12-01T19:00:00+01:00', { pageReference: 'nobody-zzzzz' }), list)).toBeUndefined();
    expect(productionOf(event('f', '2026-12-01T19:00:00+01:00', {}), list)).toBeUndefined();
  });

  it('tells whether an event belongs to one production, by either link', () => {
    expect(belongsTo(event('a', '2026-12-01T19:00:00+01:00', { pageReference: 'konsert-bbbbb' }), concert)).toBe(true);
    expect(belongsTo(event('b', '2026-12-01T19:00:00+01:00', { parentSlug: 'konsert' }), sameSlug)).toBe(true);
    expect(belongsTo(event('c', '2026-12-01T19:00:00+01:00', { pageReference: 'film-aaaaa' }), concert)).toBe(false);
    expect(belongsTo(event('d', '2026-12-01T19:00:00+01:00', {}), concert)).toBe(false);
  });

  it('answers from the list it is given, each list on its own', () => {
    const link = { pageReference: 'konsert-ccccc' };
    expect(productionOf(event('g', '2026-12-01T19:00:00+01:00', link), [film])).toBeUndefined();
    expect(productionOf(event('g', '2026-12-01T19:00:00+01:00', link), [sameSlug])).toBe(sameSlug);
  });
});

describe('ticketState', () => {
  const base = event('e', '2026-11-24T18:00:00+01:00', link);
  it('offers a ticket only for a scheduled show that has not started and is not sold out', () => {
    expect(ticketState(base, now)).toEqual({ kind: 'on-sale', few: false });
    expect(ticketState({ ...base, availability: 'few' }, now)).toEqual({ kind: 'on-sale', few: true });
    expect(ticketState({ ...base, availability: 'soldout' }, now)).toEqual({ kind: 'sold-out' });
    expect(ticketState({ ...base, status: 'cancelled' }, now)).toEqual({ kind: 'cancelled' });
    expect(ticketState({ ...base, status: 'postponed' }, now)).toEqual({ kind: 'postponed' });
    expect(ticketState(base, new Date('2026-11-24T18:00:00+01:00'))).toEqual({ kind: 'started' });
  });
});

describe('noTicketReason', () => {
  it('gives no reason while tickets are on sale, few or not', () => {
    expect(noTicketReason({ kind: 'on-sale', few: false })).toBeNull();
    expect(noTicketReason({ kind: 'on-sale', few: true })).toBeNull();
  });
  it('says why there is no ticket link for every other state', () => {
    expect(noTicketReason({ kind: 'sold-out' })).toBe('Utselt');
    expect(noTicketReason({ kind: 'cancelled' })).toBe('Avlyst');
    expect(noTicketReason({ kind: 'postponed' })).toBe('Utsett, ny dato kjem');
    expect(noTicketReason({ kind: 'started' })).toBe('Har starta');
  });
});

describe('ticketLinkPrefix', () => {
  it('names the day once: before the visible time, or not at all when the button shows its day', () => {
    expect(ticketLinkPrefix('Naustet', 'to. 26. nov.')).toBe('Kjøp billett til Naustet, to. 26. nov. kl. ');
    expect(ticketLinkPrefix('Naustet')).toBe('Kjøp billett til Naustet, ');
  });
});
