/** What a list says about itself at the visitor's moment: how many, nothing here, or that the programme is (or may be) out of date. */
import { describe, expect, it } from 'vitest';
import {
  listMessage,
  mayBeOutOfDateNote,
  outOfDateNote,
  outOfDateWords,
  saysListsUntil,
  saysOutOfDate,
  weekLinkLead,
} from '../../../../src/lib/programme/list-message';
import { resultText } from '../../../../src/lib/programme/filter-labels';
import { horizonEnd, weekSpan } from '../../../../src/lib/programme/horizon';
import { osloDay } from '../../../../src/lib/format/time';

// Built on Monday 23 November at 10.00; its programme pages list up to Sunday 6 December.
const built = new Date('2026-11-23T10:00:00+01:00');
const listsUntil = horizonEnd(built, 14);
const at = (iso: string) => osloDay(new Date(iso));

describe('what a list says at the visitor’s moment', () => {
  it('counts what it lists, whenever it is read', () => {
    expect(listsUntil).toBe('2026-12-06');
    expect(listMessage({ listed: 3, today: at('2026-11-23T10:00:00+01:00'), listsUntil, overtaken: false })).toBe('listed');
    // Long after, a day page of a later day still lists what the build held for it.
    expect(listMessage({ listed: 1, today: at('2026-12-09T17:30:00+01:00'), listsUntil, overtaken: false })).toBe('listed');
    expect(resultText('film', 3, 'listed')).toBe('3 visingar');
  });

  it('says nothing is here while the programme is current', () => {
    const message = listMessage({ listed: 0, today: at('2026-11-23T10:00:00+01:00'), listsUntil, overtaken: false });
    expect(message).toBe('empty');
    expect(saysOutOfDate(message)).toBe(false);
    expect(resultText('film', 0, message)).toBe('Ingen visingar');
    expect(resultText('culture', 0, message)).toBe('Ingen arrangement');
  });

  it('says it may be out of date when all it listed has started on a day the build’s programme still lists', () => {
    const message = listMessage({ listed: 0, today: at('2026-11-26T23:00:00+01:00'), listsUntil, overtaken: true });
    expect(message).toBe('may-be-out-of-date');
    expect(saysOutOfDate(message)).toBe(true);
    expect(resultText('film', 0, message)).toBeNull();
    expect(mayBeOutOfDateNote('2026-11-23')).toBe('Programmet her vart sist oppdatert måndag 23. november og kan vere utdatert.');
  });

  it('says the programme is out of date, never that nothing is on, once the visitor’s day is past what the build listed', () => {
    for (const moment of ['2026-12-07T00:00:00+01:00', '2026-12-09T17:30:00+01:00', '2027-03-01T12:00:00+01:00']) {
      for (const overtaken of [true, false]) {
        const message = listMessage({ listed: 0, today: at(moment), listsUntil, overtaken });
        expect(message, moment).toBe('out-of-date');
        // The result line beside the filters says nothing: neither «Ingen visingar» nor the note again.
        expect(resultText('film', 0, message)).toBeNull();
        expect(resultText('culture', 0, message)).toBeNull();
      }
    }
    // The last day listed is still current.
    expect(listMessage({ listed: 0, today: at('2026-12-06T23:59:00+01:00'), listsUntil, overtaken: false })).toBe('empty');
    expect(outOfDateNote('2026-11-23')).toBe(
      'Programmet her vart sist oppdatert måndag 23. november og er utdatert. Det oppdaterte programmet finn du hos billettleverandøren vår, eller prøv igjen her litt seinare.',
    );
  });

  it('names the ticket provider in its own part of the out-of-date note, so it can be a link', () => {
    const words = outOfDateWords('2026-11-23');
    expect(words.provider).toBe('billettleverandøren vår');
    expect(`${words.before}${words.provider}${words.after}`).toBe(outOfDateNote('2026-11-23'));
  });
});

describe('the week links under a list', () => {
  // Week 49 (30 November – 6 December), week 50 (7–13 December), week 51 (14–20 December).
  const week49 = weekSpan('2026-49');
  const week50 = weekSpan('2026-50');
  const week51 = weekSpan('2026-51');

  it('stand as built while the list is current, or only may be out of date', () => {
    expect(week50).toEqual({ first: '2026-12-07', last: '2026-12-13' });
    for (const message of ['listed', 'empty', 'may-be-out-of-date'] as const) {
      expect(weekLinkLead('Seinare', week50, '2026-12-09', message)).toBe('Seinare');
      expect(weekLinkLead('Tidlegare', week49, '2026-12-09', message)).toBe('Tidlegare');
      expect(saysListsUntil(message)).toBe(true);
    }
  });

  it('once it is out of date, drop the line saying how far it goes and the weeks that have ended, and name the visitor’s own week', () => {
    const today = at('2026-12-09T17:30:00+01:00');
    expect(saysListsUntil('out-of-date')).toBe(false);
    expect(weekLinkLead('Tidlegare', week49, today, 'out-of-date')).toBeNull();
    expect(weekLinkLead('Seinare', week50, today, 'out-of-date')).toBe('Denne veka');
    expect(weekLinkLead('Seinare', week50, '2026-12-13', 'out-of-date')).toBe('Denne veka');
    expect(weekLinkLead('Seinare', week50, '2026-12-14', 'out-of-date')).toBeNull();
    expect(weekLinkLead('Seinare', week51, today, 'out-of-date')).toBe('Seinare');
  });
});
