/** The programme as visitors scan it: by day and film, up to a horizon, and week pages beyond. */
import { describe, expect, it } from 'vitest';
import { AGE_STEPS, ageLimitValue, companionRule, withinAgeStep } from '../../../../src/lib/films/age-limit';
import { ageLimits } from '../../../../src/schemas/production';
import { groupByFilm, programmeByFilm } from '../../../../src/lib/programme/by-film';
import { todayListing } from '../../../../src/lib/programme/day-strip';
import { activeCount } from '../../../../src/lib/programme/filter-state';
import { filterPages } from '../../../../src/lib/programme/filter-pages';
import { programmeWindow } from '../../../../src/lib/programme/programme-view';
import { cappedEnd, horizonEnd, isWeek, isoWeek, laterWeek, weekLabel, weekStart, weeksOf } from '../../../../src/lib/programme/horizon';
import { nextShowings, upcomingShowings } from '../../../../src/lib/programme/programme';
import { placeBlocks } from '../../../../src/lib/pages/placement';
import type { Block } from '../../../../src/schemas';
import { event, movie, page } from '../../fixtures/content';

const now = new Date('2026-11-23T10:00:00+01:00');
const dune = movie('dune', 'aaaaa');
const naustet = movie('naustet', 'bbbbb');
const link = (film: typeof dune) => ({ pageReference: film.pageReference });
const events = [
  event('d1', '2026-11-23T18:00:00+01:00', link(dune), { venue: { id: 's', name: 'Soltun scene' }, version: '2D' }),
  event('n1', '2026-11-23T19:00:00+01:00', link(naustet)),
  event('d2', '2026-11-23T21:00:00+01:00', link(dune), { venue: { id: 'w', name: 'Wickssalen' }, version: '2D', tags: ['babykino'] }),
  event('d3', '2026-11-24T18:00:00+01:00', link(dune), { tags: ['seniorkino'] }),
  event('d4', '2026-11-24T20:00:00+01:00', link(dune), { tags: ['seniorkino'] }),
  event('past', '2026-11-23T09:00:00+01:00', link(naustet)),
  event('later', '2026-12-20T18:00:00+01:00', link(naustet)),
  event('much-later', '2027-01-04T18:00:00+01:00', link(naustet)),
];
const showings = upcomingShowings(events, [dune, naustet], now);

describe('the programme by day and film', () => {
  it('lists each film once a day, in the order of its first showing, with its showtimes that day', () => {
    const days = programmeByFilm(showings);
    expect(days.map((day) => day.day)).toEqual(['2026-11-23', '2026-11-24', '2026-12-20', '2027-01-04']);
    const [monday] = days;
    expect(monday!.films.map((film) => [film.production.title, film.showings.map(({ event: e }) => e.id)])).toEqual([
      [dune.title, ['d1', 'd2']],
      [naustet.title, ['n1']],
    ]);
  });

  it('names on each button only what differs between a film’s showtimes; shared marks once for the film', () => {
    const [monday, tuesday] = programmeByFilm(showings);
    const duneMonday = monday!.films[0]!;
    expect(duneMonday.notes).toEqual(['Soltun scene', 'Wickssalen, babykino']);
    expect(duneMonday.commonTags).toEqual([]);
    const duneTuesday = tuesday!.films[0]!;
    expect(duneTuesday.commonTags).toEqual(['seniorkino']);
    expect(duneTuesday.notes).toEqual(['', '']);
    expect(groupByFilm([])).toEqual([]);
  });

  it('says a mark once for the film only when every showtime carries it, else on the buttons that have it', () => {
    // The first showtime's marks are not the film's: the second lacks 'babykino'.
    const mixed = upcomingShowings(
      [
        event('m1', '2026-11-25T12:00:00+01:00', link(dune), { tags: ['babykino', 'tekst'] }),
        event('m2', '2026-11-25T18:00:00+01:00', link(dune), { tags: ['tekst'] }),
      ],
      [dune],
      now,
    );
    const [film] = groupByFilm(mixed);
    expect(film!.commonTags).toEqual(['tekst']);
    expect(film!.notes).toEqual(['babykino', '']);
  });

  it('lists today’s remaining showings for the front page, or the next day with any when today is over', () => {
    const today = todayListing(showings, '2026-11-23');
    expect(today).toMatchObject({ day: '2026-11-23', today: true });
    expect(today!.groups.map((group) => group.production.title)).toEqual([dune.title, naustet.title]);
    const evening = upcomingShowings(events, [dune, naustet], new Date('2026-11-23T22:00:00+01:00'));
    expect(todayListing(evening, '2026-11-23')).toMatchObject({ day: '2026-11-24', today: false });
    expect(todayListing([], '2026-11-23')).toBeNull();
  });

  it('gives a production page its next showtimes, not cancelled, earliest first', () => {
    const withCancelled = [...events, event('x', '2026-11-23T17:00:00+01:00', link(dune), { status: 'cancelled' })];
    expect(nextShowings(dune, withCancelled, now, 3).map((e) => e.id)).toEqual(['d1', 'd2', 'd3']);
  });
});

describe('the horizon and the week pages', () => {
  it('ends the horizon on the last of its days, today included', () => {
    expect(horizonEnd(now)).toBe('2026-12-06');
    expect(horizonEnd(now, 1)).toBe('2026-11-23');
    expect(horizonEnd(new Date('2026-03-28T23:30:00+01:00'), 2)).toBe('2026-03-29');
  });

  it('numbers ISO weeks, across the turn of the year, and labels them', () => {
    expect(isoWeek('2026-11-23')).toBe('2026-48');
    expect(isoWeek('2026-12-31')).toBe('2026-53');
    expect(isoWeek('2027-01-03')).toBe('2026-53');
    expect(isoWeek('2027-01-04')).toBe('2027-01');
    expect(isoWeek('2025-12-29')).toBe('2026-01');
    expect(weekStart('2026-48')).toBe('2026-11-23');
    expect(weekStart('2027-01')).toBe('2027-01-04');
    expect(weekLabel('2026-48')).toBe('Veke 48, 23.–29. november');
    expect(weekLabel('2026-53')).toBe('Veke 53, 28. desember – 3. januar');
    expect(isWeek('2026-50')).toBe(true);
    expect(isWeek('2026-54')).toBe(false);
    expect(isWeek('2026-5')).toBe(false);
    expect(weeksOf(['2026-11-24', '2026-11-23', '2027-01-04'])).toEqual(['2026-48', '2027-01']);
    expect(laterWeek(['2026-11-24', '2026-12-20'], '2026-12-06')).toBe('2026-51');
    expect(laterWeek(['2026-11-24'], '2026-12-06')).toBeNull();
  });

  it('lists up to the horizon on the programme and its genre pages, and says where later weeks are', () => {
    const end = horizonEnd(now);
    const page = programmeWindow(showings, {}, end);
    expect(page.shown.map(({ event: e }) => e.id)).toEqual(['d1', 'n1', 'd2', 'd3', 'd4']);
    expect(page).toMatchObject({ until: '2026-12-06', earlier: null, later: '2026-51' });
    const genre = programmeWindow(showings, { alder: 'a' }, end);
    expect(genre.until).toBe('2026-12-06');
  });

  it('stops earlier when the horizon holds more showings than a page should carry, never mid-day', () => {
    const days = ['2026-11-23', '2026-11-23', '2026-11-24', '2026-11-24', '2026-11-25', '2026-12-20'];
    expect(cappedEnd(days, '2026-12-06', 10)).toBe('2026-12-06');
    expect(cappedEnd(days, '2026-12-06', 5)).toBe('2026-12-06');
    expect(cappedEnd(days, '2026-12-06', 4)).toBe('2026-11-24');
    expect(cappedEnd(days, '2026-12-06', 3)).toBe('2026-11-23');
    expect(cappedEnd(days, '2026-12-06', 1)).toBe('2026-11-23');
    const capped = programmeWindow(showings, {}, horizonEnd(now), 3);
    expect(capped.shown.map(({ event: e }) => e.id)).toEqual(['d1', 'n1', 'd2']);
    expect(capped).toMatchObject({ until: '2026-11-23', later: '2026-48' });
  });

  it('lists a whole day on a day page and a whole week on a week page, with the weeks around it', () => {
    const end = horizonEnd(now);
    expect(programmeWindow(showings, { dag: '2027-01-04' }, end)).toMatchObject({ until: null, later: null });
    const week = programmeWindow(showings, { veke: '2026-51' }, end);
    expect(week.shown.map(({ event: e }) => e.id)).toEqual(['later']);
    expect(week).toMatchObject({ until: null, earlier: '2026-48', later: '2027-01' });
    const pages = filterPages('film', '/kinoprogram', showings, now).filter((p) => p.facet === 'veke');
    expect(pages.map((p) => [p.path, p.label])).toEqual([
      ['/kinoprogram/veke/2026-48', 'Veke 48, 23.–29. november'],
      ['/kinoprogram/veke/2026-51', 'Veke 51, 14.–20. desember'],
      ['/kinoprogram/veke/2027-01', 'Veke 1, 4.–10. januar'],
    ]);
  });

  it('counts the filters a visitor has chosen, not the week of a week page', () => {
    expect(activeCount('film', {})).toBe(0);
    expect(activeCount('film', { dag: '2026-11-24', alder: '9' })).toBe(2);
    expect(activeCount('film', { veke: '2026-50' })).toBe(0);
    expect(activeCount('culture', { sjanger: 'drama', kategori: 'konsert' })).toBe(1);
  });
});

describe('age limits', () => {
  it('come from the schema’s one list, and say the companion rule', () => {
    expect(AGE_STEPS).toBe(ageLimits);
    expect(ageLimitValue('18')).toBe('18 år');
    expect(ageLimitValue('A')).toBe('Tillate for alle');
    expect(companionRule('12')).toBe('frå 9 år i følgje med vaksen');
    expect(companionRule('6')).toBe('yngre i følgje med vaksen');
    expect(companionRule('18')).toBeNull();
    expect(withinAgeStep('9', '12')).toBe(true);
    expect(withinAgeStep('15', '12')).toBe(false);
  });
});

describe('the film club on a film page', () => {
  const block = (id: string, component: Block['component'], row: number, source?: string): Block => ({
    component,
    id,
    hide: false,
    place: { row, column: 0, order: 1 },
    data: { ids: [], ...(source ? { source } : {}) },
  });
  const template = {
    rows: [
      { width: 'full' as const, columns: [{ span: { xs: 12, md: 12, lg: 12 } }] },
      { width: 'container' as const, columns: [{ span: { xs: 12, md: 12, lg: 12 } }] },
    ],
  };

  it('stays in its place after the production details, so a film page tells about the film before the film club', () => {
    const film = placeBlocks(
      page({ id: 'f', path: '/:production', template, blocks: [block('c', 'cover', 0, 'production'), block('m', 'movie-info', 1, 'production')] }),
    );
    expect(film.rows[0]!.columns[0]!.blocks.map((b) => b.id)).toEqual(['c']);
    expect(film.rows[1]!.columns[0]!.blocks.map((b) => b.id)).toEqual(['m']);
  });
});
