/** The watch list's next showing: the film found on the site's programme, and its next showing by the browser's clock. */
import { describe, expect, it } from 'vitest';
import { nextShowing, programmeFilmOf, type ProgrammeFilm } from '../../../../src/lib/filmclub/programme-films';

const naustet: ProgrammeFilm = {
  edis: ['318119', '318120'],
  title: 'Naustet',
  path: '/naustet-q9y74',
  showings: [
    { start: '2026-11-23T18:00:00+01:00', ticketUrl: 'https://billett.example/1' },
    { start: '2026-11-24T19:30:00+01:00', ticketUrl: 'https://billett.example/2' },
  ],
};
const films = [naustet, { edis: ['400001'], title: 'Dune', path: '/dune-a1', showings: [] }];

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
