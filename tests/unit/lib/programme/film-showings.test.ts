import { describe, expect, it } from 'vitest';
import { filmShowings, MAX_SHOWINGS_PER_FILM } from '../../../../src/lib/programme/film-showings';
import { nextShowing } from '../../../../src/lib/filmclub/programme-films';
import { addDays } from '../../../../src/lib/format/time';
import { event, movie } from '../../fixtures/content';

const film = movie('naustet', 'q9y74');
const link = { pageReference: film.pageReference, parentSlug: film.parentSlug };
const now = new Date('2026-11-23T10:00:00+01:00');
/** One 18.00 showing a day from the day after the build, for `days` days. */
const daily = (days: number) => Array.from({ length: days }, (_, index) => event(`e${index}`, `${addDays('2026-11-24', index)}T18:00:00+01:00`, link));

describe('the films Mi side carries for the watch list', () => {
  it('carry every showing on sale up to the programme’s horizon, so the next one is known days after the build', () => {
    const [carried] = filmShowings([film], daily(20), now);
    // 14 days from the build day: 24 November to 6 December.
    expect(carried?.showings.map((showing) => showing.start.slice(0, 10))).toEqual(Array.from({ length: 13 }, (_, index) => addDays('2026-11-24', index)));
    // Four days later, with no rebuild, the watch list still names a showing on sale (three carried named none).
    expect(nextShowing(carried!, new Date('2026-11-27T19:00:00+01:00'))?.start).toBe('2026-11-28T18:00:00+01:00');
    expect(nextShowing(carried!, new Date('2026-12-05T19:00:00+01:00'))?.start).toBe('2026-12-06T18:00:00+01:00');
  });

  it('follow the site’s own horizon, leave out sold-out showings, and stop at a most per film', () => {
    expect(filmShowings([film], daily(20), now, 5)[0]?.showings).toHaveLength(4);
    const soldOut = daily(3).map((showing, index) => (index === 0 ? { ...showing, availability: 'soldout' as const } : showing));
    expect(filmShowings([film], soldOut, now)[0]?.showings.map((showing) => showing.start.slice(0, 10))).toEqual(['2026-11-25', '2026-11-26']);
    const manyADay = Array.from({ length: 60 }, (_, index) =>
      event(`m${index}`, `2026-11-24T${String(10 + (index % 12)).padStart(2, '0')}:${String(index).padStart(2, '0')}:00+01:00`, link),
    );
    expect(filmShowings([film], manyADay, now)[0]?.showings).toHaveLength(MAX_SHOWINGS_PER_FILM);
  });
});
