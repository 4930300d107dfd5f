/** The add to the watch list a member began when the session ran out, finished after signing in. */
import { describe, expect, it } from 'vitest';
import { PENDING_ADD_KEY, PENDING_ADD_MAX_AGE_MS, rememberPendingAdd, takePendingAdd } from '../../../../src/lib/filmclub/pending-add';
import { countOf } from '../../../../src/lib/filmclub/format';
import { MemoryStorage } from '../../../support/memory-storage';

const at = new Date('2026-11-23T10:00:00+01:00');

describe('a pending add', () => {
  it('is taken once, by the page it was tried on, within half an hour', () => {
    const store = new MemoryStorage();
    rememberPendingAdd({ movieId: 7, path: '/naustet-q9y74', at: at.getTime() }, store);
    expect(takePendingAdd('/anna-film', at, store)).toBeNull();
    expect(takePendingAdd('/naustet-q9y74', new Date(at.getTime() + PENDING_ADD_MAX_AGE_MS), store)).toBe(7);
    expect(takePendingAdd('/naustet-q9y74', at, store)).toBeNull();
  });

  it('is dropped when too old, or from the future, or malformed', () => {
    const store = new MemoryStorage();
    rememberPendingAdd({ movieId: 7, path: '/f', at: at.getTime() }, store);
    expect(takePendingAdd('/f', new Date(at.getTime() + PENDING_ADD_MAX_AGE_MS + 1), store)).toBeNull();
    expect(store.values.has(PENDING_ADD_KEY)).toBe(false);
    rememberPendingAdd({ movieId: 7, path: '/f', at: at.getTime() + 60_000 }, store);
    expect(takePendingAdd('/f', at, store)).toBeNull();
    store.setItem(PENDING_ADD_KEY, '{"movieId":"7"');
    expect(takePendingAdd('/f', at, store)).toBeNull();
    expect(store.values.has(PENDING_ADD_KEY)).toBe(false);
  });
});

describe('counts', () => {
  it('read in the singular for one and the plural otherwise', () => {
    expect(countOf(1, 'film', 'filmar')).toBe('1 film');
    expect(countOf(2, 'film', 'filmar')).toBe('2 filmar');
    expect(countOf(0, 'billett', 'billettar')).toBe('0 billettar');
    expect(countOf(1, 'omtale', 'omtalar')).toBe('1 omtale');
  });
});
