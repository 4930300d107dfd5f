/**
 * Named staff accounts (publisher/accounts/accounts.ts) and `npm run staff-user` (publisher/accounts/staff-user.ts)
 * run as a real process against a real file.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountsFilePath } from '../../../../publisher/config';
import {
  AccountBook,
  checkLogin,
  hashPassword,
  parseAccounts,
  parseHash,
  passwordProblem,
  scryptParamsProblem,
  passwordStamp,
  readAccountsFile,
  serialiseAccounts,
  verifyPassword,
  withAccount,
  type StaffAccount,
} from '../../../../publisher/accounts/accounts';
import { SessionStore } from '../../../../publisher/accounts/session-store';

// The smallest cost the file accepts, so the tests stay quick; the default is 2^15.
const CHEAP = { ln: 10, r: 8, p: 1 };

describe('password hashes', () => {
  it('verify the right password and refuse a wrong one, with the salt and parameters in the stored text', async () => {
    const stored = await hashPassword('korrekt hest batteri', CHEAP);
    expect(stored).toMatch(/^\$scrypt\$ln=10,r=8,p=1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(stored).not.toContain('korrekt');
    expect(await verifyPassword('korrekt hest batteri', stored)).toBe(true);
    expect(await verifyPassword('korrekt hest batteri ', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('use a fresh salt every time, so the same password gives different hashes', async () => {
    const [a, b] = await Promise.all([hashPassword('same password here', CHEAP), hashPassword('same password here', CHEAP)]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same password here', b)).toBe(true);
  });

  it('are made with the default cost when none is given (2^15, 32 MiB)', async () => {
    expect(parseHash(await hashPassword('default cost password'))?.params).toEqual({ ln: 15, r: 8, p: 1 });
  });

  it('that are malformed or ask for too much never verify', async () => {
    const good = await hashPassword('some password 1', CHEAP);
    for (const bad of [
      '',
      'some password 1',
      good.replace('$scrypt$', '$bcrypt$'),
      good.replace('ln=10', 'ln=30'),
      good.replace('ln=10', 'ln=4'),
      good.replace('r=8', 'r=99'),
      good.slice(0, -20),
    ]) {
      expect(parseHash(bad), bad).toBeUndefined();
      expect(await verifyPassword('some password 1', bad)).toBe(false);
    }
  });
});

describe('the accounts file', () => {
  let anne: StaffAccount;
  let olav: StaffAccount;
  beforeEach(async () => {
    anne = { username: 'anne', name: 'Anne Aas', password: await hashPassword('annes passord 2026', CHEAP) };
    olav = { username: 'olav.b', name: 'Olav Bø', password: await hashPassword('olavs passord 2026', CHEAP) };
  });

  it('round-trips through its text, and holds no password', () => {
    const text = serialiseAccounts([anne, olav]);
    expect(parseAccounts(text)).toEqual({ accounts: [anne, olav], problems: [] });
    expect(text).not.toContain('passord');
  });

  it('that is not JSON, or not the right shape, holds no accounts and says why', () => {
    expect(parseAccounts('{"accounts": [')).toEqual({ accounts: [], problems: ['the accounts file is not valid JSON'] });
    expect(parseAccounts('[]')).toEqual({ accounts: [], problems: ['the accounts file has no "accounts" list'] });
    expect(parseAccounts('null').accounts).toEqual([]);
  });

  it('leaves out a malformed entry, naming it, and keeps the others', () => {
    const text = JSON.stringify({
      accounts: [
        anne,
        { ...olav, password: 'plain text password' },
        { username: 'Ola Nordmann', name: 'x', password: anne.password },
        42,
        { ...anne, name: 'Anne again' },
      ],
    });
    const parsed = parseAccounts(text);
    expect(parsed.accounts).toEqual([anne]);
    expect(parsed.problems).toEqual([
      'account "olav.b" is left out: the password is not a scrypt hash made by npm run staff-user',
      'account "Ola Nordmann" is left out: the user name must be 2–32 lower-case letters, digits, ".", "_" or "-"',
      'account number 4 is left out: not an object',
      'account "anne" is listed twice; the first counts',
    ]);
  });

  it(
    'leaves out, and logs, an account whose hash asks for a costly check (ln=20,r=32,p=16: 4 GiB), and never checks a login with it',
    { timeout: 30_000 },
    async () => {
      // The hash itself is well formed; only its parameters are out of bounds (never computed here).
      const costly = anne.password.replace('ln=10,r=8,p=1', 'ln=20,r=32,p=16');
      expect(parseHash(costly)).toBeUndefined();
      const parsed = parseAccounts(JSON.stringify({ accounts: [{ ...anne, password: costly }, olav] }));
      expect(parsed.accounts).toEqual([olav]);
      expect(parsed.problems).toEqual([
        expect.stringMatching(/^account "anne" is left out: the password hash asks for too costly a check \(ln=20,r=32 asks for 4096 MiB/),
      ]);
      const dir = mkdtempSync(join(tmpdir(), 'kaia-accounts-'));
      try {
        const path = join(dir, 'accounts.json');
        writeFileSync(path, JSON.stringify({ accounts: [{ ...anne, password: costly }] }));
        const lines: string[] = [];
        const book = new AccountBook(path, (line) => lines.push(line));
        expect(book.find('anne')).toBeUndefined();
        expect(lines.join('\n')).toMatch(/"anne" is left out: the password hash asks for too costly a check/);
        expect(await checkLogin(book.accounts, 'anne', 'annes passord 2026')).toBeUndefined();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it('bounds scrypt by memory (64 MiB) and work per check, not only each parameter alone', () => {
    expect(scryptParamsProblem({ ln: 15, r: 8, p: 1 })).toBeUndefined();
    expect(scryptParamsProblem({ ln: 16, r: 8, p: 1 })).toBeUndefined(); // 64 MiB
    expect(scryptParamsProblem({ ln: 15, r: 8, p: 4 })).toBeUndefined();
    expect(scryptParamsProblem({ ln: 17, r: 8, p: 1 })).toMatch(/128 MiB/);
    expect(scryptParamsProblem({ ln: 14, r: 32, p: 1 })).toBeUndefined(); // 64 MiB
    expect(scryptParamsProblem({ ln: 15, r: 8, p: 5 })).toMatch(/work/);
    expect(scryptParamsProblem({ ln: 20, r: 32, p: 16 })).toMatch(/4096 MiB/);
  });

  it('that does not exist holds no accounts and no problem', () => {
    expect(readAccountsFile(join(tmpdir(), 'no-such-dir-kaia', 'accounts.json'))).toEqual({ accounts: [], problems: [] });
  });

  it('replaces an account in its place when its password changes, and the stamp sessions carry changes with it', async () => {
    const changed = { ...anne, password: await hashPassword('annes nye passord', CHEAP) };
    expect(withAccount([anne, olav], changed)).toEqual([changed, olav]);
    expect(passwordStamp(changed)).not.toBe(passwordStamp(anne));
    expect(passwordStamp({ ...anne })).toBe(passwordStamp(anne));
  });

  it('lets a person log in by user name and password, and no one else', async () => {
    const accounts = [anne, olav];
    expect(await checkLogin(accounts, 'anne', 'annes passord 2026')).toEqual(anne);
    expect(await checkLogin(accounts, ' Anne ', 'annes passord 2026')).toEqual(anne);
    expect(await checkLogin(accounts, 'anne', 'olavs passord 2026')).toBeUndefined();
    expect(await checkLogin(accounts, 'kari', 'annes passord 2026')).toBeUndefined();
    expect(await checkLogin([], 'anne', 'annes passord 2026')).toBeUndefined();
  });

  it('refuses short passwords and ones with spaces at the ends', () => {
    expect(passwordProblem('kort')).toMatch(/at least 12/);
    expect(passwordProblem(' tolv teikn her')).toMatch(/space/);
    expect(passwordProblem('tolv teikn her')).toBeUndefined();
  });
});

describe('npm run staff-user', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'kaia-staff-user-'));
    file = join(dir, 'state', 'accounts.json');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const run = (args: string[], options: { password?: string; input?: string; env?: Record<string, string> } = {}) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'publisher/accounts/staff-user.ts', ...args], {
      encoding: 'utf8',
      input: options.input ?? '',
      env: {
        PATH: process.env['PATH'],
        PUBLISHER_STATE_DIR: join(dir, 'state'),
        ...(options.password === undefined ? {} : { STAFF_USER_PASSWORD: options.password }),
        ...options.env,
      },
    });

  it('finds the file where the service looks: PUBLISHER_ACCOUNTS_FILE, else accounts.json in the state folder', () => {
    expect(accountsFilePath({ PUBLISHER_STATE_DIR: '/srv/state' })).toBe('/srv/state/accounts.json');
    expect(accountsFilePath({ RELEASES_DIR: '/srv/releases' })).toBe('/srv/releases/.publisher/accounts.json');
    expect(accountsFilePath({ PUBLISHER_ACCOUNTS_FILE: '/etc/kaia/staff.json', PUBLISHER_STATE_DIR: '/srv/state' })).toBe('/etc/kaia/staff.json');
  });

  it('adds an account with the password from the environment or standard input, storing only a hash the login accepts', async () => {
    const added = run(['add', 'anne', 'Anne', 'Aas'], { password: 'annes passord 2026' });
    expect(added.stderr).toBe('');
    expect(added.status).toBe(0);
    expect(added.stdout).toContain('added anne (Anne Aas)');
    const fromStdin = run(['add', 'olav', 'Olav Bø'], { input: 'olavs passord 2026\n' });
    expect(fromStdin.status, fromStdin.stderr).toBe(0);

    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain('passord');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const { accounts, problems } = readAccountsFile(file);
    expect(problems).toEqual([]);
    expect(accounts.map((account) => [account.username, account.name])).toEqual([
      ['anne', 'Anne Aas'],
      ['olav', 'Olav Bø'],
    ]);
    expect(await checkLogin(accounts, 'anne', 'annes passord 2026')).toMatchObject({ name: 'Anne Aas' });
    expect(await checkLogin(accounts, 'olav', 'olavs passord 2026')).toMatchObject({ name: 'Olav Bø' });
    expect(run(['list']).stdout).toBe('anne\tAnne Aas\nolav\tOlav Bø\n');
  }, 120_000);

  it('sets a new password (the old one stops working) and removes an account', async () => {
    expect(run(['add', 'anne', 'Anne Aas'], { password: 'annes passord 2026' }).status).toBe(0);
    const before = readAccountsFile(file).accounts[0]!;
    expect(run(['password', 'anne'], { password: 'annes nye passord!' }).status).toBe(0);
    const after = readAccountsFile(file).accounts[0]!;
    expect(passwordStamp(after)).not.toBe(passwordStamp(before));
    expect(await checkLogin([after], 'anne', 'annes passord 2026')).toBeUndefined();
    expect(await checkLogin([after], 'anne', 'annes nye passord!')).toBeDefined();
    expect(run(['remove', 'anne']).status).toBe(0);
    expect(readAccountsFile(file).accounts).toEqual([]);
  }, 120_000);

  it('refuses bad input with a clear message and changes nothing', () => {
    expect(run(['add', 'anne', 'Anne Aas'], { password: 'annes passord 2026' }).status).toBe(0);
    const before = readFileSync(file, 'utf8');
    const cases: [string[], { password?: string; input?: string }, RegExp][] = [
      [['add', 'anne', 'Anne Aas'], { password: 'another password 1' }, /anne exists already/],
      [['add', 'Kari Nordmann', 'Kari'], { password: 'karis passord 2026' }, /user name must be/],
      [['add', 'kari'], { password: 'karis passord 2026' }, /give the display name/],
      [['add', 'kari', 'Kari'], { password: 'kort' }, /at least 12 characters/],
      [['add', 'kari', 'Kari'], { input: '' }, /no password on standard input/],
      [['password', 'kari'], { password: 'karis passord 2026' }, /no account kari/],
      [['frobnicate'], {}, /unknown command frobnicate/],
    ];
    for (const [args, options, message] of cases) {
      const result = run(args, options);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(result.stderr).toContain('usage: npm run staff-user');
    }
    expect(readFileSync(file, 'utf8')).toBe(before);
  }, 240_000);

  it('never writes over a file it cannot read whole', () => {
    writeFileSync(join(dir, 'broken.json'), '{"accounts": [ {"username": "anne"');
    const result = run(['add', 'kari', 'Kari'], { password: 'karis passord 2026', env: { PUBLISHER_ACCOUNTS_FILE: join(dir, 'broken.json') } });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('the accounts file is not valid JSON. Correct or move the file first; nothing was changed.');
    expect(readFileSync(join(dir, 'broken.json'), 'utf8')).toBe('{"accounts": [ {"username": "anne"');
  }, 120_000);
});

describe('staff sessions', () => {
  const hour = 60 * 60 * 1000;
  let anne: StaffAccount;
  beforeEach(async () => {
    anne = { username: 'anne', name: 'Anne Aas', password: await hashPassword('annes passord 2026', CHEAP) };
  });

  it('last eight hours from login, by the clock they are given', () => {
    let now = Date.parse('2026-03-29T00:30:00Z'); // the night summer time starts: hours are hours
    const store = new SessionStore(() => now);
    const session = store.create(anne);
    const lookup = () => anne;
    expect(session.expires - now).toBe(8 * hour);
    now += 8 * hour - 1;
    expect(store.get(session.id, lookup)?.username).toBe('anne');
    now += 1;
    expect(store.get(session.id, lookup)).toBeUndefined();
    // Gone for good, even if the clock went back.
    now -= hour;
    expect(store.get(session.id, lookup)).toBeUndefined();
  });

  it('end everywhere when the password changes or the account goes, and only that person’s', async () => {
    const now = Date.parse('2026-11-25T10:00:00Z');
    const store = new SessionStore(() => now);
    const olav = { username: 'olav', name: 'Olav Bø', password: await hashPassword('olavs passord 2026', CHEAP) };
    const accounts = new Map([
      ['anne', anne],
      ['olav', olav],
    ]);
    const lookup = (username: string) => accounts.get(username);
    const phone = store.create(anne);
    const laptop = store.create(anne);
    const olavs = store.create(olav);
    accounts.set('anne', { ...anne, name: 'Anne Aas-Berg' });
    expect(store.get(phone.id, lookup)?.name).toBe('Anne Aas-Berg');
    accounts.set('anne', { ...anne, password: await hashPassword('annes nye passord', CHEAP) });
    expect(store.get(phone.id, lookup)).toBeUndefined();
    expect(store.get(laptop.id, lookup)).toBeUndefined();
    expect(store.get(olavs.id, lookup)?.name).toBe('Olav Bø');
    accounts.delete('olav');
    expect(store.get(olavs.id, lookup)).toBeUndefined();
    expect(store.get(undefined, lookup)).toBeUndefined();
    expect(store.get('made-up', lookup)).toBeUndefined();
  });

  it('end at logout, and carry their own CSRF token', () => {
    const store = new SessionStore();
    const a = store.create(anne);
    const b = store.create(anne);
    expect(a.csrf).not.toBe(b.csrf);
    store.end(a.id);
    expect(store.get(a.id, () => anne)).toBeUndefined();
    expect(store.get(b.id, () => anne)).toBeDefined();
  });
});
