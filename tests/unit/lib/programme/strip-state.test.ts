/** The front page's day strip at the visitor's clock: which day it lists, what it calls it, and when it gives up. */
import { describe, expect, it } from 'vitest';
import { mayBeOutOfDateNote, outOfDateNote } from '../../../../src/lib/programme/list-message';
import { stripCoversUntil, stripOutOfDate, stripStateAt, type StripDayTimes } from '../../../../src/lib/programme/strip-state';

const at = (iso: string) => new Date(iso);
const day = (name: string, ...starts: string[]): StripDayTimes => ({ day: name, starts: starts.map((start) => Date.parse(start)) });

// Built on Monday 23 November at 10.00: Monday evening, Tuesday, nothing on Wednesday, Thursday as the next day beyond.
const built = at('2026-11-23T10:00:00+01:00');
const carried = [
  day('2026-11-23', '2026-11-23T18:00:00+01:00', '2026-11-23T19:00:00+01:00'),
  day('2026-11-24', '2026-11-24T11:00:00+01:00', '2026-11-24T18:00:00+01:00', '2026-11-24T20:30:00+01:00'),
  day('2026-11-26', '2026-11-26T18:00:00+01:00'),
];
const covers = stripCoversUntil(built);

describe('the day strip at the visitor’s clock', () => {
  it('vouches for the build’s day and the two after it', () => {
    expect(covers).toBe('2026-11-25');
    expect(stripCoversUntil(at('2026-11-23T23:59:00+01:00'))).toBe('2026-11-25');
    expect(stripCoversUntil(at('2026-11-24T00:00:00+01:00'))).toBe('2026-11-26');
  });

  it('lists the build’s own day as the build did', () => {
    expect(stripStateAt(built, carried, covers, false)).toEqual({ kind: 'day', day: '2026-11-23', heading: 'I dag', note: 'Måndag 23. november' });
  });

  it('names the next day as today once the visitor’s clock is there, with what is left of it', () => {
    expect(stripStateAt(at('2026-11-24T17:30:00+01:00'), carried, covers, false)).toEqual({
      kind: 'day',
      day: '2026-11-24',
      heading: 'I dag',
      note: 'Tysdag 24. november',
    });
    // The strip's own heading, when the page gives one.
    expect(stripStateAt(at('2026-11-24T17:30:00+01:00'), carried, covers, false, 'Kva skjer i dag')).toMatchObject({ heading: 'Kva skjer i dag' });
  });

  it('turns to the next day with showings when today has nothing left, naming it', () => {
    const evening = stripStateAt(at('2026-11-24T20:30:00+01:00'), carried, covers, false);
    expect(evening).toEqual({
      kind: 'day',
      day: '2026-11-26',
      heading: 'Neste på programmet',
      note: 'Det er ikkje meir på programmet i dag. Neste dag med noko på er torsdag 26. november.',
    });
    expect(stripStateAt(at('2026-11-25T17:30:00+01:00'), carried, covers, false)).toEqual(evening);
  });

  it('past what the build vouches for, still lists the visitor’s today when the build carried it, saying it may be out of date', () => {
    const thursday = { kind: 'stale-day', day: '2026-11-26', heading: 'I dag', note: 'Torsdag 26. november' };
    expect(stripStateAt(at('2026-11-26T00:00:00+01:00'), carried, covers, false)).toEqual(thursday);
    expect(stripStateAt(at('2026-11-26T17:30:00+01:00'), carried, covers, true)).toEqual(thursday);
  });

  it('says only that it may be out of date once the visitor’s day is past what the build vouches for and carried', () => {
    // Thursday's one showing has started; Friday was never carried.
    const mayBe = { kind: 'out-of-date', heading: 'I dag', message: 'may-be-out-of-date' };
    expect(stripStateAt(at('2026-11-26T18:00:00+01:00'), carried, covers, false)).toEqual(mayBe);
    expect(stripStateAt(at('2026-11-27T17:30:00+01:00'), carried, covers, true)).toEqual(mayBe);
    // While the programme pages the build made still list the visitor's day (up to 6 December), it may be out of date.
    expect(stripStateAt(at('2026-11-27T17:30:00+01:00'), carried, covers, true, 'I dag', '2026-12-06')).toEqual(mayBe);
    expect(stripStateAt(at('2026-12-06T23:59:00+01:00'), carried, covers, true, 'I dag', '2026-12-06')).toEqual(mayBe);
    expect(stripOutOfDate(mayBe as ReturnType<typeof stripStateAt>)).toBe('may-be-out-of-date');
    expect(mayBeOutOfDateNote('2026-11-23')).toBe('Programmet her vart sist oppdatert måndag 23. november og kan vere utdatert.');
  });

  it('says it is out of date, not that nothing is on, once the visitor’s day is past what the build’s programme pages list too', () => {
    const late = stripStateAt(at('2026-12-09T17:30:00+01:00'), carried, covers, true, 'I dag', '2026-12-06');
    expect(late).toEqual({ kind: 'out-of-date', heading: 'I dag', message: 'out-of-date' });
    expect(stripStateAt(at('2026-12-07T00:00:00+01:00'), carried, covers, false, 'I dag', '2026-12-06')).toMatchObject({ message: 'out-of-date' });
    expect(stripOutOfDate(late)).toBe('out-of-date');
    expect(outOfDateNote('2026-11-23')).toBe(
      'Programmet her vart sist oppdatert måndag 23. november og er utdatert. Det oppdaterte programmet finn du hos billettleverandøren vår, eller prøv igjen her litt seinare.',
    );
  });

  it('shows no out-of-date note while it lists a day it vouches for, and the may-be note over a stale day it lists', () => {
    expect(stripOutOfDate(stripStateAt(built, carried, covers, false))).toBeNull();
    expect(stripOutOfDate(stripStateAt(at('2026-11-26T00:00:00+01:00'), carried, covers, false, 'I dag', '2026-12-06'))).toBe('may-be-out-of-date');
  });

  it('says nothing is ahead only when the build knew of nothing more, and else that it may be out of date', () => {
    const lastDay = [day('2026-11-23', '2026-11-23T18:00:00+01:00')];
    expect(stripStateAt(at('2026-11-23T18:00:00+01:00'), lastDay, covers, true)).toEqual({ kind: 'nothing-ahead', heading: 'I dag' });
    expect(stripStateAt(at('2026-11-23T18:00:00+01:00'), lastDay, covers, false)).toMatchObject({ kind: 'out-of-date' });
    expect(stripStateAt(built, [], covers, true)).toMatchObject({ kind: 'nothing-ahead' });
  });

  it('counts a showing as left until the minute it starts', () => {
    const tuesday = [day('2026-11-24', '2026-11-24T18:00:00+01:00')];
    expect(stripStateAt(at('2026-11-24T17:59:59+01:00'), tuesday, covers, true)).toMatchObject({ kind: 'day', day: '2026-11-24' });
    expect(stripStateAt(at('2026-11-24T18:00:00+01:00'), tuesday, covers, true)).toMatchObject({ kind: 'nothing-ahead' });
  });
});

describe('the day strip across daylight-saving changes', () => {
  it('turns the day at Oslo midnight after the clocks go forward (29 March 2026)', () => {
    const spring = at('2026-03-28T12:00:00+01:00');
    const days = [day('2026-03-29', '2026-03-29T23:45:00+02:00'), day('2026-03-30', '2026-03-30T00:30:00+02:00', '2026-03-30T18:00:00+02:00')];
    const until = stripCoversUntil(spring);
    expect(until).toBe('2026-03-30');
    // 23.30 summer time on Sunday is 21.30 UTC: still Sunday in Oslo.
    expect(stripStateAt(at('2026-03-29T21:30:00Z'), days, until, true)).toMatchObject({
      kind: 'day',
      day: '2026-03-29',
      heading: 'I dag',
      note: 'Søndag 29. mars',
    });
    // 00.10 on Monday is 22.10 UTC on Sunday: Monday in Oslo, where an hour earlier rule would still say Sunday.
    expect(stripStateAt(at('2026-03-29T22:10:00Z'), days, until, true)).toMatchObject({
      kind: 'day',
      day: '2026-03-30',
      heading: 'I dag',
      note: 'Måndag 30. mars',
    });
    expect(stripStateAt(at('2026-03-30T22:00:00Z'), days, until, true)).toMatchObject({ kind: 'out-of-date' });
    expect(stripStateAt(at('2026-03-30T21:59:00Z'), days, until, true)).toMatchObject({ kind: 'nothing-ahead' });
  });

  it('turns the day at Oslo midnight after the clocks go back (25 October 2026)', () => {
    const autumn = at('2026-10-24T12:00:00+02:00');
    const days = [
      day('2026-10-25', '2026-10-25T02:30:00+02:00', '2026-10-25T02:30:00+01:00', '2026-10-25T23:30:00+01:00'),
      day('2026-10-26', '2026-10-26T18:00:00+01:00'),
    ];
    const until = stripCoversUntil(autumn);
    expect(until).toBe('2026-10-26');
    // Between the two 02.30s, and late on the long Sunday: both still Sunday.
    expect(stripStateAt(at('2026-10-25T00:45:00Z'), days, until, true)).toMatchObject({ day: '2026-10-25', heading: 'I dag' });
    expect(stripStateAt(at('2026-10-25T22:15:00Z'), days, until, true)).toMatchObject({ day: '2026-10-25', heading: 'I dag', note: 'Søndag 25. oktober' });
    // 23.00 UTC is midnight in Oslo in winter time: Monday, which is today.
    expect(stripStateAt(at('2026-10-25T23:00:00Z'), days, until, true)).toMatchObject({ day: '2026-10-26', heading: 'I dag', note: 'Måndag 26. oktober' });
    // Sunday after its last showing: next is Monday.
    expect(stripStateAt(at('2026-10-25T22:31:00Z'), days, until, true)).toMatchObject({ day: '2026-10-26', heading: 'Neste på programmet' });
  });
});
