import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AccountBook } from '../../../../publisher/accounts/accounts';
import { ACCOUNT_MAX_FAILURES, Sessions } from '../../../../publisher/accounts/staff-access';
import { PasswordThrottle } from '../../../../publisher/accounts/throttle';
import { addStaffAccount } from '../../../support/staff-account';

/** Sessions on a fresh accounts file holding `accounts` (user name, password), on a clock stopped at `now()`; the file goes after `run`. */
async function withSessions(accounts: readonly [string, string][], run: (sessions: Sessions) => Promise<void>, now: () => number = () => 0): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'kaia-throttle-'));
  try {
    for (const [username, password] of accounts) await addStaffAccount(join(dir, 'accounts.json'), username, `${username} staff`, password);
    await run(new Sessions('service password', false, new AccountBook(join(dir, 'accounts.json')), [], now));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the staff password throttle', () => {
  const minute = 60_000;

  it('lets a client try five times in 15 minutes, then makes it wait until the oldest failure is 15 minutes old', () => {
    const throttle = new PasswordThrottle();
    for (let i = 0; i < 4; i++) throttle.failed('a', i * minute);
    expect(throttle.waitSeconds('a', 4 * minute)).toBe(0);
    throttle.failed('a', 4 * minute);
    expect(throttle.waitSeconds('a', 4 * minute)).toBe(11 * 60);
    expect(throttle.waitSeconds('a', 10 * minute)).toBe(5 * 60);
    expect(throttle.waitSeconds('a', 15 * minute)).toBe(0);
    expect(throttle.waitSeconds('b', 4 * minute)).toBe(0);
  });

  it('takes back only the try of a right password, and forgets the quietest client when it must', () => {
    const throttle = new PasswordThrottle(2, 15 * minute, 2);
    throttle.failed('a', 0);
    expect(throttle.reserve('a', 1)).toBe(0);
    throttle.release('a', 1);
    // The earlier failure stays: a right password does not wipe the slate.
    expect(throttle.reserve('a', 2)).toBe(0);
    expect(throttle.waitSeconds('a', 3)).toBeGreaterThan(0);
    expect(throttle.reserve('a', 3)).toBeGreaterThan(0);
    throttle.failed('b', 2);
    throttle.failed('b', 3);
    throttle.failed('c', 4);
    throttle.failed('c', 5);
    throttle.failed('d', 6);
    expect(throttle.waitSeconds('b', 7)).toBe(0);
    expect(throttle.waitSeconds('c', 7)).toBeGreaterThan(0);
  });

  it('counts parallel logins from one client as as many tries: the right password sent last is not checked', async () => {
    await withSessions([['anne', 'annes staff password']], async (sessions) => {
      const tries = Array.from({ length: 29 }, (_, i) => sessions.login('anne', `guess ${i}`, '203.0.113.7'));
      tries.push(sessions.login('anne', 'annes staff password', '203.0.113.7'));
      const answers = await Promise.all(tries);
      expect(answers.filter((answer) => 'waitSeconds' in answer && answer.waitSeconds === 0)).toHaveLength(5);
      expect(answers.at(-1)).toEqual({ waitSeconds: 15 * 60 });
    });
  });

  it('counts parallel guesses at one account from many addresses against the account’s limit', async () => {
    await withSessions([['anne', 'annes staff password']], async (sessions) => {
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => sessions.login('anne', `guess ${i}`, `198.51.100.${i}`)));
      expect(answers.filter((answer) => 'waitSeconds' in answer && answer.waitSeconds === 0)).toHaveLength(ACCOUNT_MAX_FAILURES);
    });
  });

  it('keeps a client’s failures at another account when it signs in with its own', async () => {
    await withSessions(
      [
        ['anne', 'annes staff password'],
        ['bob', 'bobs staff password'],
      ],
      async (sessions) => {
        for (let i = 0; i < 4; i++) expect(await sessions.login('bob', `guess ${i}`, '203.0.113.7')).toEqual({ waitSeconds: 0 });
        expect(await sessions.login('anne', 'annes staff password', '203.0.113.7')).toMatchObject({ username: 'anne' });
        expect(await sessions.login('bob', 'guess 4', '203.0.113.7')).toEqual({ waitSeconds: 0 });
        // Five failures from this client: the next is not checked, whichever account it names.
        expect(await sessions.login('bob', 'bobs staff password', '203.0.113.7')).toEqual({ waitSeconds: 15 * 60 });
      },
    );
  });

  it('does not check the password of a throttled client at all', () => {
    const sessions = new Sessions('right password', false, new AccountBook(join(tmpdir(), 'kaia-no-accounts', 'accounts.json')));
    for (let i = 0; i < 5; i++) expect(sessions.checkPassword('wrong', 'x', 0).ok).toBe(false);
    expect(sessions.checkPassword('right password', 'x', 1)).toEqual({ ok: false, waitSeconds: 15 * 60 });
    expect(sessions.checkPassword('right password', 'y', 1)).toEqual({ ok: true });
    expect(sessions.checkPassword('right password', 'x', 15 * minute + 1)).toEqual({ ok: true });
  });

  it('slows down guessing one account’s password from many addresses', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kaia-throttle-'));
    try {
      await addStaffAccount(join(dir, 'accounts.json'), 'anne', 'Anne Aas', 'annes staff password');
      let now = Date.parse('2026-11-25T10:00:00Z');
      const sessions = new Sessions('service password', false, new AccountBook(join(dir, 'accounts.json')), [], () => now);
      for (let i = 0; i < ACCOUNT_MAX_FAILURES; i++) expect(await sessions.login('anne', `guess ${i}`, `198.51.100.${i}`)).toEqual({ waitSeconds: 0 });
      // A sixth address, with the right password: the account waits.
      expect(await sessions.login('anne', 'annes staff password', '198.51.100.99')).toEqual({ waitSeconds: 15 * 60 });
      now += 15 * minute;
      expect(await sessions.login('Anne', 'annes staff password', '198.51.100.99')).toMatchObject({ username: 'anne', name: 'Anne Aas' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
