/** Film cards carry the next days' showtimes, so the browser can say 'Neste' at the visitor's clock. */
import { describe, expect, it } from 'vitest';
import { carriedShowtimes, filmCards } from '../../../../src/lib/programme/film-cards';
import { culture, event, movie } from '../../fixtures/content';

const now = new Date('2026-11-23T10:00:00+01:00');
const dune = movie('dune', 'aaaaa');
const link = { pageReference: dune.pageReference };
const events = [
  event('past', '2026-11-23T09:00:00+01:00', link),
  event('mon', '2026-11-23T18:00:00+01:00', link),
  event('cancelled', '2026-11-24T12:00:00+01:00', link, { status: 'cancelled' }),
  event('tue', '2026-11-24T18:00:00+01:00', link),
  event('wed-late', '2026-11-25T23:30:00+01:00', link),
  event('fri', '2026-11-27T18:00:00+01:00', link),
  event('sat', '2026-11-28T18:00:00+01:00', link),
];
const ids = (list: { id: string }[]) => list.map((item) => item.id);

describe('film cards', () => {
  it('carry the showtimes up to the second day after the build and the first after it, not cancelled, earliest first', () => {
    expect(ids(carriedShowtimes(dune, events, now))).toEqual(['mon', 'tue', 'wed-late', 'fri']);
  });

  it('carry only what is ahead, and nothing for a film with no showtimes left', () => {
    expect(ids(carriedShowtimes(dune, events, new Date('2026-11-27T18:00:00+01:00')))).toEqual(['sat']);
    expect(carriedShowtimes(dune, events, new Date('2026-11-29T10:00:00+01:00'))).toEqual([]);
  });

  it('are made for films only, in the given order', () => {
    const other = movie('naustet', 'bbbbb');
    const cards = filmCards([other, culture('konsert', 'ccccc'), dune], events, now);
    expect(cards.map((card) => [card.film.title, ids(card.next)])).toEqual([
      ['naustet', []],
      ['dune', ['mon', 'tue', 'wed-late', 'fri']],
    ]);
  });
});
