import { describe, expect, it } from 'vitest';
import { bookableFirst, eventCards, headlineShowing } from '../../../../src/lib/programme/by-event';
import { culture, event as fixtureEvent } from '../../fixtures/content';
import type { Showing } from '../../../../src/lib/programme/programme';
import type { Event, Production } from '../../../../src/schemas';

const production = (pageReference: string) => ({ pageReference, title: pageReference }) as Production;
const showing = (id: string, of: Production, venue: string): Showing => ({ production: of, event: { id, venue: { name: venue } } as Event });

describe('eventCards', () => {
  it('puts the performances of one event on one card, cards in the order of their first performance', () => {
    const play = production('teater');
    const concert = production('konsert');
    const cards = eventCards([showing('1', play, 'Soltun scene'), showing('2', concert, 'Wickssalen'), showing('3', play, 'Soltun scene')]);
    expect(cards.map((card) => [card.production.pageReference, card.showings.map((s) => s.event.id)])).toEqual([
      ['teater', ['1', '3']],
      ['konsert', ['2']],
    ]);
    expect(cards[0]!.venue).toBe('Soltun scene');
  });

  it('names no common venue when the performances are in different ones', () => {
    const tour = production('turne');
    expect(eventCards([showing('1', tour, 'Soltun scene'), showing('2', tour, 'Wickssalen')])[0]!.venue).toBeNull();
  });
});

describe('bookableFirst and headlineShowing (a fixed moment)', () => {
  const now = new Date('2026-11-26T12:00:00+01:00');
  const show = (of: Production, startTime: string, availability: Event['availability'] = 'available') => ({
    production: of,
    event: fixtureEvent(`${of.pageReference}-${startTime}`, startTime, { pageReference: of.pageReference }, { availability }),
  });
  const card = (...showings: Showing[]) => ({ production: showings[0]!.production, showings, venue: null });
  const order = (cards: { production: Production }[]) => cards.map((c) => c.production.pageReference);

  it('puts a sold-out card after the bookable ones of the same day, keeping it in the list', () => {
    const full = card(show(culture('fullt', 'a'), '2026-12-04T18:00:00+01:00', 'soldout'));
    const open = card(show(culture('ope', 'b'), '2026-12-04T19:30:00+01:00', 'few'));
    const later = card(show(culture('seinare', 'c'), '2026-12-05T18:00:00+01:00'));
    expect(order(bookableFirst([full, open, later], now))).toEqual(['ope-b', 'fullt-a', 'seinare-c']);
  });

  it('leaves a sold-out card first when nothing bookable follows that day, and keeps the days in order', () => {
    const full = card(show(culture('fullt', 'a'), '2026-12-04T18:00:00+01:00', 'soldout'));
    const next = card(show(culture('neste', 'b'), '2026-12-05T18:00:00+01:00'));
    expect(order(bookableFirst([full, next], now))).toEqual(['fullt-a', 'neste-b']);
  });

  it('counts a card as bookable when any of its performances is, judged at the given moment', () => {
    const play = culture('teater', 'a');
    const mixed = card(show(play, '2026-12-04T17:00:00+01:00', 'soldout'), show(play, '2026-12-06T17:00:00+01:00'));
    const other = card(show(culture('konsert', 'b'), '2026-12-04T20:00:00+01:00'));
    expect(order(bookableFirst([mixed, other], now))).toEqual(['teater-a', 'konsert-b']);
    // After the 6 December performance has started, the card sells nothing any more.
    expect(order(bookableFirst([mixed, other], new Date('2026-12-04T16:00:00+01:00')))).toEqual(['teater-a', 'konsert-b']);
    const started = card(show(play, '2026-12-04T17:00:00+01:00'));
    expect(order(bookableFirst([started, other], new Date('2026-12-04T17:30:00+01:00')))).toEqual(['konsert-b', 'teater-a']);
  });

  it('leads an event page with the next bookable showing, not an earlier sold-out one', () => {
    const play = culture('teater', 'a');
    const soldOut = show(play, '2026-12-04T18:00:00+01:00', 'soldout').event;
    const open = show(play, '2026-12-05T18:00:00+01:00').event;
    expect(headlineShowing([soldOut, open], now)).toBe(open);
    expect(headlineShowing([soldOut], now)).toBe(soldOut);
    expect(headlineShowing([], now)).toBeUndefined();
  });
});
