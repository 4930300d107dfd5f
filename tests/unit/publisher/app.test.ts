/**
 * The service's Hono app called directly (`app.request()`, no sockets): the staff guards (same
 * origin, body size, the forms' schemas), and the holes of issue 33 that live in the routes:
 * rollback goes only to a kept version named by id (hole 1), parallel password guesses each
 * count and a right password takes back only its own try (hole 3), the preview's token signs
 * in to nothing (hole 6), and the staff cookie's flags.
 */
import { mkdirSync, mkdtempSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { AccountBook } from '../../../publisher/accounts/accounts';
import { serviceApp } from '../../../publisher/app';
import { LiveHistory } from '../../../publisher/runs/live-history';
import { PREVIEW_OPEN } from '../../../publisher/status/status-view';
import { PauseState } from '../../../publisher/runs/pause';
import { previewSite } from '../../../publisher/sites/release-sites';
import { rollbackRoutes } from '../../../publisher/routes/rollback-routes';
import { RunLog } from '../../../publisher/runs/run-log';
import { RunQueue } from '../../../publisher/runs/run-queue';
import { Sessions } from '../../../publisher/accounts/staff-access';
import type { StaffEnv } from '../../../publisher/routes/staff-guards';
import { staffRoutes } from '../../../publisher/routes/staff-routes';
import { statusRoutes } from '../../../publisher/routes/status-routes';
import { addStaffAccount } from '../../support/staff-account';

const ORIGIN = 'https://publisering.kaia.test';
const EARLIER = '20261120T100000Z';
const LIVE = '20261121T100000Z';
const ANNE = 'annes staff password';
const BOB = 'bobs staff password';

let work: string;
let accounts: AccountBook;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'kaia-app-'));
  await addStaffAccount(join(work, 'accounts.json'), 'anne', 'Anne Aas', ANNE);
  await addStaffAccount(join(work, 'accounts.json'), 'bob', 'Bob Berg', BOB);
  accounts = new AccountBook(join(work, 'accounts.json'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A service with two kept releases, the later one live, both recorded in the history. */
function service(name: string, secureCookie = false) {
  const dir = join(work, name);
  const releasesDir = join(dir, 'releases');
  for (const release of [EARLIER, LIVE]) {
    mkdirSync(join(releasesDir, release), { recursive: true });
    writeFileSync(join(releasesDir, release, 'index.html'), `<!doctype html><title>${release}</title>`);
  }
  mkdirSync(join(releasesDir, '.publisher'));
  mkdirSync(join(dir, 'content'));
  mkdirSync(join(dir, 'preview', LIVE), { recursive: true });
  writeFileSync(join(dir, 'preview', LIVE, 'index.html'), '<!doctype html><title>Førehandsvising</title>');
  symlinkSync(LIVE, join(dir, 'preview', 'current'));
  symlinkSync(LIVE, join(releasesDir, 'current'));
  const history = new LiveHistory(join(dir, 'live-history.json'));
  history.record({ release: EARLIER, at: '2026-11-20T10:00:00.000Z', by: 'Anne Aas', reason: 'publish' });
  history.record({ release: LIVE, at: '2026-11-21T10:00:00.000Z', by: 'Anne Aas', reason: 'publish' });
  const runLog = new RunLog(join(dir, 'runs.json'));
  const queue = new RunQueue(runLog, async () => {});
  const pause = new PauseState(join(dir, 'paused.json'));
  const sessions = new Sessions('the service password', secureCookie, accounts);
  const lines: string[] = [];
  const log = (line: string) => lines.push(line);
  const common = { releasesDir, contentDir: join(dir, 'content'), queue, runLog, sessions, publicOrigin: ORIGIN, log };
  const app = serviceApp(
    log,
    statusRoutes({ ...common, previewDir: join(dir, 'preview'), previewUrl: () => 'https://forehandsvising.kaia.test/', pause }),
    rollbackRoutes({ ...common, history, pause }),
    staffRoutes(common),
  );
  const preview = previewSite(join(dir, 'preview'), sessions, () => `${ORIGIN}/staff/`, log);
  return { app, preview, releasesDir, runLog, queue, pause, lines };
}

const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

async function post(app: Hono<StaffEnv>, path: string, fields: Record<string, string>, cookie = '', address = '198.51.100.1') {
  return await app.request(
    `${ORIGIN}${path}`,
    {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
      body: new URLSearchParams(fields),
    },
    from(address),
  );
}

async function login(app: Hono<StaffEnv>, username = 'anne', password = ANNE, address = '198.51.100.1') {
  const answer = await post(app, '/staff/login', { username, password }, '', address);
  expect(answer.status).toBe(303);
  const cookie = answer.headers.get('set-cookie')!.split(';')[0]!;
  const page = await (await app.request(`${ORIGIN}/staff/`, { headers: { cookie } }, from(address))).text();
  return { cookie, csrf: /name="csrf" value="([^"]+)"/.exec(page)![1]!, set: answer.headers.get('set-cookie')! };
}

const attributes = (setCookie: string) => new Set(setCookie.split('; ').slice(1));

describe('rollback (hole 1)', () => {
  it('goes only to a kept version that was live before, looked up by id: a path in the form is refused with 400 and changes nothing', async () => {
    const { app, releasesDir, runLog, pause } = service('rollback');
    const { cookie, csrf } = await login(app);
    for (const to of ['/', '.publisher', 'current', '..', '../../..', `../releases/${EARLIER}`, '20991231T235959Z']) {
      const answer = await post(app, '/staff/rollback', { csrf, from: LIVE, to }, cookie);
      expect(answer.status, to).toBe(400);
      expect(await answer.text(), to).toContain('Ukjend versjon');
      expect(readlinkSync(join(releasesDir, 'current')), to).toBe(LIVE);
    }
    expect(runLog.runs).toEqual([]);
    expect(pause.current).toBeUndefined();
    // The version the confirmation names, by its id, is what the form may send.
    const answer = await post(app, '/staff/rollback', { csrf, from: LIVE, to: EARLIER }, cookie);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/staff/?melding=rolled-back');
    expect(readlinkSync(join(releasesDir, 'current'))).toBe(EARLIER);
  });
});

describe('the words staff read after an action', () => {
  it('name the run «Publiser att» starts after what staff did, and show versions by their Oslo time with the id small', async () => {
    const { app, runLog } = service('words');
    const { cookie, csrf } = await login(app);
    expect((await post(app, '/staff/rollback', { csrf, from: LIVE, to: EARLIER }, cookie)).headers.get('location')).toBe('/staff/?melding=rolled-back');
    // Nothing waited during the pause: «Publiser att» fetches what the CMS has, named as such.
    expect((await post(app, '/staff/publiser-att', { csrf }, cookie)).headers.get('location')).toBe('/staff/?melding=resumed');
    expect(runLog.runs[0]).toMatchObject({ trigger: 'resume', by: 'Anne Aas' });
    const page = await (await app.request(`${ORIGIN}/staff/`, { headers: { cookie } }, from('198.51.100.1'))).text();
    expect(page).toContain('<dt>Kva</dt><dd>Publiser att</dd>');
    expect(page).not.toContain('Hent innhaldet på nytt</dd>');
    // 20261120T100000Z is 11.00 in Oslo (winter time).
    expect(page).toContain('<dt>Versjon</dt><dd>fredag 20. november kl. 11.00 <small class="ref">(id 20261120T100000Z)</small></dd>');
  });
});

describe('password guessing (hole 3)', () => {
  it('counts parallel guesses from one client each: of 30 sent at once, five are checked, and the right one sent with them is not', async () => {
    const { app } = service('parallel-client');
    const guesses = Array.from({ length: 29 }, (_, n) => post(app, '/staff/login', { username: 'anne', password: `guess ${n}` }, '', '203.0.113.5'));
    const answers = await Promise.all([...guesses, post(app, '/staff/login', { username: 'anne', password: ANNE }, '', '203.0.113.5')]);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(25);
    expect(statuses.at(-1)).toBe(429);
  });

  it('counts parallel guesses at one account from many addresses each: of 40, twenty are checked', async () => {
    const { app } = service('parallel-account');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, n) => post(app, '/staff/login', { username: 'bob', password: `guess ${n}` }, '', `198.51.100.${n + 10}`)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
  });

  it("keeps a client's failures when someone signs in from it: 4 wrong at bob, anne signs in, the next wrong is the fifth", async () => {
    const { app } = service('own-login');
    const wrongAtBob = () => post(app, '/staff/login', { username: 'bob', password: 'not bobs' }, '', '203.0.113.9');
    for (let n = 0; n < 4; n += 1) expect((await wrongAtBob()).status).toBe(401);
    await login(app, 'anne', ANNE, '203.0.113.9');
    const after = [];
    for (let n = 0; n < 4; n += 1) after.push((await wrongAtBob()).status);
    expect(after).toEqual([401, 429, 429, 429]);
  });
});

describe('the preview token (hole 6)', () => {
  it('grants reading the preview only: sent as the staff cookie it signs in to nothing', async () => {
    const { app, preview, queue } = service('preview');
    const { cookie } = await login(app);
    const open = await app.request(`${ORIGIN}${PREVIEW_OPEN}`, { headers: { cookie } });
    expect(open.status).toBe(303);
    const entry = new URL(open.headers.get('location')!);
    const entered = await preview.request(`${entry.pathname}${entry.search}`);
    expect(entered.status).toBe(303);
    const token = /^kaia_preview=([^;]+)/.exec(entered.headers.get('set-cookie')!)![1]!;
    expect((await preview.request('/', { headers: { cookie: `kaia_preview=${token}` } })).status).toBe(200);
    const asStaff = `kaia_staff=${token}`;
    const page = await (await app.request(`${ORIGIN}/staff/`, { headers: { cookie: asStaff } })).text();
    expect(page).toContain('name="password"');
    expect(page).not.toContain('Dei siste køyringane');
    expect((await app.request(`${ORIGIN}/status`, { headers: { cookie: asStaff } })).status).toBe(401);
    expect((await post(app, '/staff/refresh', { csrf: 'x' }, asStaff)).status).toBe(401);
    expect(queue.busy).toBe(false);
  });
});

describe('the staff cookie', () => {
  it('is HttpOnly and SameSite=Strict, without Secure on plain http, at login and at logout', async () => {
    const { app } = service('cookie-http');
    const { cookie, csrf, set } = await login(app);
    expect(attributes(set)).toEqual(new Set(['Path=/', 'HttpOnly', 'SameSite=Strict', 'Max-Age=28800']));
    const out = await post(app, '/staff/logout', { csrf }, cookie);
    expect(out.status).toBe(303);
    expect(attributes(out.headers.get('set-cookie')!)).toEqual(new Set(['Path=/', 'HttpOnly', 'SameSite=Strict', 'Max-Age=0']));
  });

  it('is Secure as well under an https public origin', async () => {
    const { app } = service('cookie-https', true);
    const { cookie, csrf, set } = await login(app);
    expect(attributes(set)).toEqual(new Set(['Path=/', 'HttpOnly', 'SameSite=Strict', 'Max-Age=28800', 'Secure']));
    const out = await post(app, '/staff/logout', { csrf }, cookie);
    expect(attributes(out.headers.get('set-cookie')!)).toEqual(new Set(['Path=/', 'HttpOnly', 'SameSite=Strict', 'Max-Age=0', 'Secure']));
  });
});

describe('the staff guards', () => {
  it('answer a form or address that fails its schema with a 400 page in nynorsk, logged, and change nothing', async () => {
    const { app, queue, runLog, lines } = service('schema');
    const { cookie } = await login(app);
    const tooLong = await post(app, '/staff/refresh', { csrf: 'x'.repeat(1000) }, cookie);
    expect(tooLong.status).toBe(400);
    expect(tooLong.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await tooLong.text()).toContain('Ugyldig skjema');
    expect(runLog.runs).toEqual([]);
    expect(queue.busy).toBe(false);
    expect(lines.some((line) => line.includes('/staff/refresh refused (400)'))).toBe(true);
    const address = await app.request(`${ORIGIN}/staff/?melding=${'a'.repeat(200)}`, { headers: { cookie } });
    expect(address.status).toBe(400);
    expect(await address.text()).toContain('Ugyldig adresse');
  });

  it('refuse a post from elsewhere (403) and one larger than a form (413) before reading it', async () => {
    const { app, runLog } = service('guards');
    const { cookie, csrf } = await login(app);
    const elsewhere = await app.request(`${ORIGIN}/staff/refresh`, {
      method: 'POST',
      headers: { origin: 'https://elsewhere.test', cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf }),
    });
    expect(elsewhere.status).toBe(403);
    const large = await post(app, '/staff/refresh', { csrf, padding: 'x'.repeat(9000) }, cookie);
    expect(large.status).toBe(413);
    expect(runLog.runs).toEqual([]);
    const sent = await post(app, '/staff/refresh', { csrf }, cookie);
    expect(sent.status).toBe(303);
    expect(runLog.runs).toHaveLength(1);
  });

  it('carry the service headers on every answer, and a 405 with Allow for the wrong method', async () => {
    const { app } = service('headers');
    const page = await app.request(`${ORIGIN}/staff/`);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const wrong = await app.request(`${ORIGIN}/staff/rollback`);
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
  });
});

describe('the staff pages', () => {
  it('escape a quote inside an attribute: a user name sent back into the login form stays one value', async () => {
    const { app } = service('escape');
    const typed = 'anne" autofocus onfocus="alert(1)';
    const answer = await post(app, '/staff/login', { username: typed, password: 'wrong' });
    expect(answer.status).toBe(401);
    const html = await answer.text();
    expect(html).toContain('value="anne&quot; autofocus onfocus=&quot;alert(1)"');
    expect(html).not.toContain('onfocus="alert');
  });

  it("tie a wrong password to its error text, and give an action's result the focus so it is announced", async () => {
    const { app } = service('announce');
    const wrong = await (await post(app, '/staff/login', { username: 'anne', password: 'wrong' })).text();
    expect(wrong).toMatch(/<p class="message error" id="login-error">Brukarnamnet eller passordet var feil/);
    expect(wrong).toMatch(/<input type="password"[^>]* aria-invalid="true" aria-describedby="login-error"/);
    const { cookie } = await login(app);
    const page = await (await app.request(`${ORIGIN}/staff/?melding=queued`, { headers: { cookie } })).text();
    expect(page).toMatch(/<div role="status"><p class="message" id="melding" tabindex="-1">/);
    const script = await (await app.request(`${ORIGIN}/staff/status.js`)).text();
    expect(script).toContain("document.getElementById('melding')?.focus()");
  });
});
