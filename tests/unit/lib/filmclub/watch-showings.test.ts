/** The watch list's next showing: the film found on the site's programme, and its next showing by the browser's clock. */
import { describe, expect, it } from 'vitest';
import { itemAttributes, itemFromElement, type ItemSource } from '../../../../src/lib/analytics/items';
import { nextShowing, programmeFilmOf, watchListTicketAttributes, type ProgrammeFilm } from '../../../../src/lib/filmclub/programme-films';

const naustet: ProgrammeFilm = {
  id: 'p-naustet',
  category: 'Drama',
  edis: ['318119', '318120'],
  title: 'Naustet',
  path: '/naustet-q9y74',
  showings: [
    { start: '2026-11-23T18:00:00+01:00', ticketUrl: 'https://billett.example/1' },
    { start: '2026-11-24T19:30:00+01:00', ticketUrl: 'https://billett.example/2' },
  ],
};
const films = [naustet, { id: 'p-dune', category: 'Science fiction', edis: ['400001'], title: 'Dune', path: '/dune-a1', showings: [] }];

describe('the next showing of a film on the watch list', () => {
  it('finds the film by EDI number, else by title, else not at all', () => {
    expect(programmeFilmOf({ edis: ['318120'], title: 'Naustet (2D)' }, films)).toBe(naustet);
    expect(programmeFilmOf({ edis: [], title: ' naustet ' }, films)).toBe(naustet);
    expect(programmeFilmOf({ edis: ['999999'], title: 'Naustet' }, films)).toBeNull();
    expect(programmeFilmOf({ edis: [], title: '' }, films)).toBeNull();
  });

  it('is the first showing that has not started by the clock given', () => {
    expect(nextShowing(naustet, new Date('2026-11-23T17:59:00+01:00'))?.ticketUrl).toBe('https://billett.example/1');
    expect(nextShowing(naustet, new Date('2026-11-23T18:00:00+01:00'))?.ticketUrl).toBe('https://billett.example/2');
    expect(nextShowing(naustet, new Date('2026-11-25T00:00:00+01:00'))).toBeNull();
    expect(nextShowing(films[1]!, new Date('2026-11-23T10:00:00+01:00'))).toBeNull();
  });
});

/** A ticket link in a page: its own attributes, inside a <body> carrying the brand (as HeaderFooter.astro writes it). */
function linkIn(attributes: Record<string, string>): ItemSource {
  const body = itemAttributes({ brand: 'Kulturhuset Kaia' });
  return {
    closest: (selector) => {
      const name = /^\[(.+)\]$/.exec(selector)?.[1] ?? '';
      for (const element of [attributes, body]) if (name in element) return { getAttribute: (attribute) => element[attribute] ?? null };
      return null;
    },
  };
}

describe('the ticket link of a film on the watch list', () => {
  it('is a ticket link carrying the film as an analytics item, so a click reports BUY_TICKET as every other ticket link does', () => {
    const attributes = watchListTicketAttributes(naustet);
    expect(attributes['data-ticket-link']).toBe('');
    expect(itemFromElement(linkIn(attributes))).toEqual({
      id: 'p-naustet',
      name: 'Naustet',
      brand: 'Kulturhuset Kaia',
      listName: 'Ønskjeliste',
      category: 'Drama',
    });
  });
});
