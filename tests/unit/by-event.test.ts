import { describe, expect, it } from 'vitest';
import { eventCards } from '../../src/lib/programme/by-event';
import type { Showing } from '../../src/lib/programme/programme';
import type { Event, Production } from '../../src/schemas';

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
