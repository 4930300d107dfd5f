/**
 * Tickets kept on the device for the door: only for the member who fetched them, never past
 * their showing, dropped at sign-out, when the session ends and when another member signs in;
 * and the calendar file made from a ticket.
 */
import { cleanStores, keepMount } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Ticket } from '../../../../src/lib/filmclub/model';
import { PROFILE_KEY } from '../../../../src/lib/filmclub/profile-storage';
import { $user, initialUserState, profileReceived, sessionExpired, signedOut } from '../../../../src/lib/filmclub/stores';
import { ticketCalendar, ticketCalendarFileName } from '../../../../src/lib/filmclub/ticket-calendar';
import { readStoredTickets, storeTickets, TICKETS_KEY, upcomingTickets } from '../../../../src/lib/filmclub/ticket-storage';
import { MemoryStorage } from '../../../support/memory-storage';

const ticket = (code: string, start: string, end: string): Ticket => ({
  movieId: 7,
  movieTitle: 'Naustet',
  notes: '',
  qrCode: code,
  qrUrl: `https://billett.example/kaia/ticket/${code}`,
  startTime: start,
  expirationDate: end,
  image: null,
  sal: 'Wickssalen',
  seatsInfo: { info: '2 plassar', seats: [{ row: 5, seats: [7, 8] }] },
});
const tonight = ticket('KAIA-1', '2026-11-23T19:30:00+01:00', '2026-11-23T21:30:00+01:00');
const tomorrow = ticket('KAIA-2', '2026-11-24T18:00:00+01:00', '2026-11-24T20:00:00+01:00');
const yesterday = ticket('KAIA-0', '2026-11-22T18:00:00+01:00', '2026-11-22T20:00:00+01:00');
const morning = new Date('2026-11-23T10:00:00+01:00');
const kari = { userName: 'Kari', email: 'kari@example.no', token: 'tok-1' };
const ola = { userName: 'Ola', email: 'ola@example.no', token: 'tok-2' };

describe('tickets kept on the device', () => {
  it('keeps the upcoming ones with when they were fetched, for that member only', () => {
    const store = new MemoryStorage();
    storeTickets('Kari@Example.no', [yesterday, tonight, tomorrow], morning, store);
    expect(readStoredTickets('kari@example.no', morning, store)).toEqual({ fetchedAt: morning, tickets: [tonight, tomorrow] });
    expect(readStoredTickets('ola@example.no', morning, store)).toBeNull();
    // Another member's tickets are removed, not just hidden.
    expect(store.values.has(TICKETS_KEY)).toBe(false);
  });

  it('drops a ticket once its showing is over, at its end or, without one, four hours after it starts', () => {
    const store = new MemoryStorage();
    const noEnd = { ...tomorrow, qrCode: 'KAIA-3', expirationDate: '' };
    storeTickets(kari.email, [tonight, noEnd], morning, store);
    expect(readStoredTickets(kari.email, new Date('2026-11-23T21:29:00+01:00'), store)?.tickets).toEqual([tonight, noEnd]);
    expect(readStoredTickets(kari.email, new Date('2026-11-23T21:30:00+01:00'), store)?.tickets).toEqual([noEnd]);
    expect(upcomingTickets([noEnd], new Date('2026-11-24T22:00:00+01:00'))).toEqual([]);
  });

  it('removes an ended ticket from storage, not only from the list, as the clock passes its end', () => {
    const store = new MemoryStorage();
    storeTickets(kari.email, [tonight, tomorrow], morning, store);
    const storedCodes = () => (JSON.parse(store.getItem(TICKETS_KEY) ?? '{}') as { tickets: Ticket[] }).tickets.map((kept) => kept.qrCode);
    expect(storedCodes()).toEqual(['KAIA-1', 'KAIA-2']);
    // The clock moves past tonight's showing: reading the kept tickets drops its code from the device.
    expect(readStoredTickets(kari.email, new Date('2026-11-23T21:30:00+01:00'), store)?.tickets).toEqual([tomorrow]);
    expect(storedCodes()).toEqual(['KAIA-2']);
    expect(store.getItem(TICKETS_KEY)).not.toContain('KAIA-1');
    // Still kari's, with the time they were fetched.
    expect(readStoredTickets(kari.email, new Date('2026-11-23T21:31:00+01:00'), store)).toEqual({ fetchedAt: morning, tickets: [tomorrow] });
  });

  it.each(['{"owner":', '{"owner":"kari@example.no","fetchedAt":"i går","tickets":[]}', '[]'])(
    'treats a malformed record (%s) as none and removes it',
    (stored) => {
      const store = new MemoryStorage();
      store.setItem(TICKETS_KEY, stored);
      expect(readStoredTickets(kari.email, morning, store)).toBeNull();
      expect(store.values.has(TICKETS_KEY)).toBe(false);
    },
  );
});

describe('dropped with the session', () => {
  beforeEach(() => {
    (globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
    $user.set(initialUserState);
    keepMount($user);
  });
  afterEach(() => {
    cleanStores($user);
    delete (globalThis as { localStorage?: unknown }).localStorage;
  });

  const kept = () => localStorage.getItem(TICKETS_KEY);

  it('at sign-out', () => {
    profileReceived(kari);
    storeTickets(kari.email, [tonight], morning);
    signedOut();
    expect(kept()).toBeNull();
  });

  it('when the partner ends the session', () => {
    profileReceived(kari);
    storeTickets(kari.email, [tonight], morning);
    sessionExpired();
    expect(kept()).toBeNull();
    expect(localStorage.getItem(PROFILE_KEY)).toBeNull();
  });

  it('when another member signs in, but not when the same member signs in again', () => {
    profileReceived(kari);
    storeTickets(kari.email, [tonight], morning);
    profileReceived({ ...kari, token: 'tok-3' });
    expect(kept()).not.toBeNull();
    profileReceived(ola);
    expect(kept()).toBeNull();
  });
});

describe('Legg i kalender', () => {
  it('makes a calendar file of the ticket, times in UTC, text escaped', () => {
    const ics = ticketCalendar({ ...tonight, notes: 'Rullestolplass; rad 5' }, 'Kulturhuset Kaia, Kaivegen 1, 6480 Aukra', morning) ?? '';
    // Long lines are folded (a CRLF and a space); unfolded, each property is one line.
    const lines = ics.replace(/\r\n /g, '').split('\r\n');
    expect(lines).toContain('DTSTART:20261123T183000Z');
    expect(lines).toContain('DTEND:20261123T203000Z');
    expect(lines).toContain('SUMMARY:Kino: Naustet');
    expect(lines).toContain('LOCATION:Wickssalen\\, Kulturhuset Kaia\\, Kaivegen 1\\, 6480 Aukra');
    expect(lines.find((line) => line.startsWith('DESCRIPTION:'))).toBe(
      'DESCRIPTION:Wickssalen. 2 plassar – Rad 5: plassane 7 og 8.\\nBillettkode: KAIA-1\\nRullestolplass\\; rad 5',
    );
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ticketCalendarFileName(tonight)).toBe('kino-naustet-2026-11-23.ics');
  });

  it('summer time: 19.30 in Oslo is 17.30 UTC; a ticket without a time gives no file', () => {
    expect(ticketCalendar({ ...tonight, startTime: '2026-06-10T19:30:00+02:00', expirationDate: '' }, 'Kaia', morning)).toContain('DTSTART:20260610T173000Z');
    expect(ticketCalendar({ ...tonight, startTime: '' }, 'Kaia', morning)).toBeNull();
  });
});
