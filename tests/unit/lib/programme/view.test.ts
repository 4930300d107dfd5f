/** The programme's views, as the cinema, culture and 'I dag' blocks render them. */
import { describe, expect, it } from 'vitest';
import { dayStrip } from '../../../../src/lib/programme/day-strip';
import {
  cinemaProgrammeView,
  filteredProgramme,
  fullProgramme,
  programmeOutOfDate,
  programmeView,
  upcomingProgramme,
} from '../../../../src/lib/programme/programme-view';
import { event, movie } from '../../fixtures/content';

const now = new Date('2026-11-23T10:00:00+01:00');
const dune = movie('dune', 'aaaaa');
const naustet = movie('naustet', 'bbbbb', {
  features: { ageLimit: '15', runtimeMinutes: 90, genres: ['thriller'], language: 'norsk', subtitles: null, edis: ['1'], premiere: '2026-11-01' },
});
const link = (film: typeof dune) => ({ pageReference: film.pageReference });
const events = [
  event('past', '2026-11-23T09:00:00+01:00', link(dune)),
  event('d1', '2026-11-23T18:00:00+01:00', link(dune)),
  event('n1', '2026-11-23T19:00:00+01:00', link(naustet)),
  event('d2', '2026-11-24T18:00:00+01:00', link(dune)),
  event('far', '2026-12-20T18:00:00+01:00', link(naustet)),
];
const input = { events, productions: [dune, naustet], now };
const ids = (view: { shown: { event: { id: string } }[] }) => view.shown.map(({ event: e }) => e.id);

describe('the programme views', () => {
  it('lists everything upcoming in a programme block on any other page, with no horizon', () => {
    const view = upcomingProgramme(input);
    expect(ids(view)).toEqual(['d1', 'n1', 'd2', 'far']);
    expect(view).toMatchObject({ until: null, later: null, filtered: false });
    expect(view.all).toBe(view.shown);
    expect(programmeView(input)).toEqual(view);
  });

  it('stops the programme page at the horizon and leads to the week beyond', () => {
    const view = fullProgramme(input, 14);
    expect(ids(view)).toEqual(['d1', 'n1', 'd2']);
    expect(view).toMatchObject({ until: '2026-12-06', later: '2026-51', filtered: false });
    expect(ids(fullProgramme(input, 1))).toEqual(['d1', 'n1']);
    expect(programmeView({ ...input, filter: { kind: 'film', base: '/kinoprogram', state: {} }, horizonDays: 14 })).toEqual(view);
  });

  it('applies the filter of a filter page, keeps every showing for its choices, and says it is filtered', () => {
    const view = filteredProgramme(input, { sjanger: 'thriller' });
    expect(ids(view)).toEqual(['n1']);
    expect(view.all.map(({ event: e }) => e.id)).toEqual(['d1', 'n1', 'd2', 'far']);
    expect(view.filtered).toBe(true);
    expect(ids(filteredProgramme(input, { dag: '2026-12-20' }))).toEqual(['far']);
    const none = programmeView({ ...input, filter: { kind: 'film', base: '/kinoprogram', state: { dag: '2026-11-25' } } });
    expect(none).toMatchObject({ shown: [], filtered: true });
  });

  it('groups the cinema view by day and film', () => {
    const view = cinemaProgrammeView({ ...input, filter: { kind: 'film', base: '/kinoprogram', state: {} }, horizonDays: 14 });
    expect(view.days.map(({ day, films }) => [day, films.map((film) => film.production.title)])).toEqual([
      ['2026-11-23', ['dune', 'naustet']],
      ['2026-11-24', ['dune']],
    ]);
  });
});

describe('what a programme says once the page is older than its data', () => {
  const said = {
    note: 'Programmet her vart sist oppdatert måndag 23. november og kan vere utdatert.',
    certain: {
      before: 'Programmet her vart sist oppdatert måndag 23. november og er utdatert. Det oppdaterte programmet finn du hos ',
      provider: 'billettleverandøren vår',
      after: ', eller prøv igjen her litt seinare.',
    },
    listsUntil: '2026-12-06',
  };
  it('on the programme page, leads to the week after its horizon', () => {
    const page = { kind: 'film' as const, base: '/kinoprogram', state: {} };
    expect(programmeOutOfDate('film', fullProgramme(input, 14), now, page, 14)).toEqual({
      ...said,
      link: { href: '/kinoprogram/veke/2026-51', text: 'veke 51, 14.–20. desember' },
    });
    expect(programmeOutOfDate('film', fullProgramme(input, 60), now, page, 60)).toEqual({ ...said, listsUntil: '2027-01-21', link: null });
  });

  it('on a filter page, leads to the whole programme; elsewhere, to the programme of its kind', () => {
    const genre = { kind: 'film' as const, base: '/kino', state: { sjanger: 'drama' } };
    expect(programmeOutOfDate('film', filteredProgramme(input, genre.state), now, genre)).toEqual({ ...said, link: { href: '/kino', text: 'kinoprogrammet' } });
    expect(programmeOutOfDate('culture', upcomingProgramme(input), now)).toEqual({ ...said, link: { href: '/kulturprogram', text: 'kulturprogrammet' } });
  });
});

describe('the front page’s day strip', () => {
  it('names today and lists what is left of it', () => {
    const strip = dayStrip(events, [dune, naustet], now);
    expect(strip).toMatchObject({ heading: 'I dag', note: 'Måndag 23. november', listing: { day: '2026-11-23', today: true } });
    expect(strip.listing!.groups.map((group) => group.showings.map(({ event: e }) => e.id))).toEqual([['d1'], ['n1']]);
    expect(dayStrip(events, [dune, naustet], now, 'Kva skjer i dag').heading).toBe('Kva skjer i dag');
  });

  it('turns to the next day with showings once today is over, and says so', () => {
    const strip = dayStrip(events, [dune, naustet], new Date('2026-11-23T19:30:00+01:00'));
    expect(strip).toMatchObject({
      heading: 'Neste på programmet',
      note: 'Det er ikkje meir på programmet i dag. Neste dag med noko på er tysdag 24. november.',
      listing: { day: '2026-11-24', today: false },
    });
  });

  it('has no note and no listing when nothing is ahead', () => {
    expect(dayStrip(events, [dune, naustet], new Date('2026-12-21T10:00:00+01:00'))).toEqual({
      heading: 'I dag',
      note: null,
      listing: null,
      days: [],
      coversUntil: '2026-12-23',
      complete: true,
      outOfDate: 'Programmet her vart sist oppdatert måndag 21. desember og kan vere utdatert.',
      certainlyOutOfDate: {
        before: 'Programmet her vart sist oppdatert måndag 21. desember og er utdatert. Det oppdaterte programmet finn du hos ',
        provider: 'billettleverandøren vår',
        after: ', eller prøv igjen her litt seinare.',
      },
      listsUntil: '2027-01-03',
    });
  });

  it('carries the build’s day and the two after it, and the next day with showings beyond, for the browser', () => {
    const strip = dayStrip(events, [dune, naustet], now);
    expect(strip.coversUntil).toBe('2026-11-25');
    expect(strip.days.map(({ day, today }) => [day, today])).toEqual([
      ['2026-11-23', true],
      ['2026-11-24', false],
      ['2026-12-20', false],
    ]);
    expect(strip.days[0]).toBe(strip.listing);
    expect(strip.complete).toBe(true);
    // Built on the Tuesday: the 20 December is the day beyond, and nothing after it.
    const tuesday = dayStrip([...events, event('later', '2027-01-04T18:00:00+01:00', link(naustet))], [dune, naustet], new Date('2026-11-24T10:00:00+01:00'));
    expect(tuesday.days.map(({ day }) => day)).toEqual(['2026-11-24', '2026-12-20']);
    expect(tuesday.complete).toBe(false);
  });
});
