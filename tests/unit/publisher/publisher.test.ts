/**
 * The publish service against real servers: the platform sandbox playing the CMS (it edits a
 * record and sends the signed webhook), the publisher, and nginx serving `current`. The build
 * is the small stand-in of tests/support/fake-build.mjs (the real one is exercised by
 * `npm run bench:publish` and the e2e test of the status page).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { chmodSync, readlinkSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addStaffAccount, staffLogin } from '../../support/staff-account';
import { startChatWebhook, type ChatWebhook } from '../../support/chat-webhook';
import { until } from '../../support/until';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPublisherConfig } from '../../../publisher/config';
import { startPublisher, type Publisher } from '../../../publisher/server';
import { loadDataset, startSandbox, type Fault, type Sandbox } from '../../../sandbox/server';
import { sandboxImportEnv } from '../../../sandbox/import-env';
import { freePorts } from '../../support/free-port';
import { containing, objectContaining } from '../../support/matchers';

const SECRET = 'test-hook-secret-0123456789';
const PASSWORD = 'test-staff-password';
// Free ports, so two runs of this file on one machine never meet.
const [publisherPort, previewPort, sandboxPort, nginxPort] = await freePorts(4);
const PORTS = { publisher: publisherPort!, preview: previewPort!, sandbox: sandboxPort!, nginx: nginxPort! };
const origin = `http://127.0.0.1:${PORTS.publisher}`;
const site = `http://127.0.0.1:${PORTS.nginx}`;

let work: string;
let sandbox: Sandbox;
let publisher: Publisher;
let nginx: ChildProcess;
/** What the chat webhook (PUBLISHER_NOTIFY_URL) received. */
type Notification = { text: string; run: number; state: string; step?: string; reason?: string; release?: string };
let notifications: Notification[] = [];
let chat: ChatWebhook<Notification>;
const dataset = loadDataset('content');
const articles = () => dataset.articles as { id: string; title: string }[];
const releasesDir = () => join(work, 'releases');
const hold = () => join(work, 'hold');
const builds = () => (existsSync(join(work, 'builds.log')) ? readFileSync(join(work, 'builds.log'), 'utf8').trim().split('\n').length : 0);
const servedIndex = () => readFileSync(join(releasesDir(), 'current', 'index.html'));
const releases = () => readdirSync(releasesDir()).sort();

/** A page as nginx serves it now ('' while nginx is not up yet, or for an error status). */
const page = async (path: string) => {
  try {
    const response = await fetch(`${site}${path}`);
    return response.ok ? await response.text() : '';
  } catch {
    return '';
  }
};

function signedHook(body: string, options: { delivery?: string; timestamp?: number; secret?: string } = {}) {
  const delivery = options.delivery ?? `d-${Math.random().toString(36).slice(2)}`;
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const signature = `sha256=${createHmac('sha256', options.secret ?? SECRET)
    .update(`${timestamp}.${delivery}.${body}`)
    .digest('hex')}`;
  return fetch(`${origin}/hooks/cms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-kaia-delivery': delivery, 'x-kaia-timestamp': timestamp, 'x-kaia-signature': signature },
    body,
  });
}

const login = () => staffLogin(origin, 'anne', PASSWORD);

const staffPost = (action: string, { cookie, csrf }: { cookie?: string; csrf?: string }, headers: Record<string, string> = { origin }) =>
  fetch(`${origin}/staff/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}), ...headers },
    body: new URLSearchParams(csrf ? { csrf } : {}),
    redirect: 'manual',
  });

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'kaia-publisher-'));
  // nginx's workers run as another user: the releases must be readable to them.
  chmodSync(work, 0o755);
  cpSync('content', join(work, 'content'), { recursive: true });
  chat = await startChatWebhook();
  notifications = chat.messages;
  sandbox = await startSandbox({ dataset, port: PORTS.sandbox, webhook: { url: `${origin}/hooks/cms`, secret: SECRET } });
  const config = readPublisherConfig({
    ...sandboxImportEnv(sandbox.url),
    // Long enough for any answer of the sandbox on a busy machine (it runs in this process); the
    // slow answer below never comes within it.
    IMPORT_TIMEOUT_MS: '2000',
    IMPORT_RETRY_DELAY_MS: '1',
    CONTENT_DIR: join(work, 'content'),
    RELEASES_DIR: releasesDir(),
    PUBLISHER_PORT: String(PORTS.publisher),
    PUBLISHER_HOOK_SECRET: SECRET,
    PUBLISHER_STAFF_PASSWORD: PASSWORD,
    // The webhook path on its own; the schedule has tests of its own (publisher-schedule.test.ts).
    PUBLISHER_SYNC_MINUTES: '0',
    // While the file `hold` exists, the stand-in build waits: a test holds a run going.
    PUBLISHER_BUILD_COMMAND: `FAKE_BUILD_LOG="${join(work, 'builds.log')}" FAKE_BUILD_HOLD="${hold()}" "${process.execPath}" tests/support/fake-build.mjs`,
    PUBLISHER_MAX_BODY_BYTES: '1024',
    PUBLISHER_NOTIFY_URL: chat.url,
    // The requests below come as nginx on this host would send them, with X-Real-IP.
    PUBLISHER_TRUSTED_PROXY: '127.0.0.1',
  });
  await addStaffAccount(config.accountsFile, 'anne', 'Anne Aas', PASSWORD);
  publisher = await startPublisher(config, { previewPort: PORTS.preview, log: () => {} });
  // The first release, as `npm start` makes it.
  publisher.queue.request('live', 'start');
  await publisher.queue.settled();
  expect(publisher.log.runs[0]).toMatchObject({ state: 'published' });
  nginx = spawn(
    process.execPath,
    ['scripts/serve-nginx.mjs', '--root', join(releasesDir(), 'current'), '--port', String(PORTS.nginx), '--max-seconds', '300'],
    {
      stdio: 'ignore',
    },
  );
  await until(async () => (await page('/')).includes(articles()[0]!.title), 'nginx to serve the first release');
}, 60_000);

afterAll(async () => {
  nginx?.kill('SIGTERM');
  await publisher?.close();
  await sandbox?.close();
  await chat?.close();
  if (nginx && nginx.exitCode === null) await new Promise((done) => nginx.once('exit', done));
  rmSync(work, { recursive: true, force: true });
});

describe('the publish service', { timeout: 60_000 }, () => {
  it('publishes an edit made in the CMS: the signed hook makes the served page show it', async () => {
    const article = articles()[1]!;
    const answer = await fetch(`${sandbox.url}/__sandbox/edit`, {
      method: 'POST',
      body: JSON.stringify({ collection: 'articles', id: article.id, changes: { title: 'Endra i CMS-et' } }),
    });
    expect(((await answer.json()) as { webhook: { status: number } }).webhook.status).toBe(202);
    await until(async () => (await page(`/artiklar/${article.id}/`)).includes('Endra i CMS-et'), 'the edit to be served');
    await publisher.queue.settled();
    const run = publisher.log.runs[0]!;
    expect(run).toMatchObject({ trigger: 'webhook', state: 'published', by: 'CMS' });
    expect(run.changes?.find((change) => change.collection === 'articles')).toEqual({ collection: 'articles', added: 0, changed: 1, removed: 0 });
    // The chat hears that it went live, once.
    await until(() => notifications.some((message) => message.run === run.id), 'the success notification');
    expect(notifications.filter((message) => message.run === run.id)).toEqual([
      { text: containing('er publisert på nytt'), run: run.id, state: 'published', release: run.release },
    ]);
    expect(run.notified).toBe(true);
  });

  it('ends unchanged, without a build, when nothing changed', async () => {
    const before = builds();
    expect((await signedHook('{"event":"publish"}')).status).toBe(202);
    await publisher.queue.settled();
    expect(publisher.log.runs[0]!.state).toBe('unchanged');
    expect(builds()).toBe(before);
  });

  it('refuses a bad signature, an old timestamp, a replayed delivery and an oversized body, and runs nothing', async () => {
    const runs = publisher.log.runs.length;
    expect((await signedHook('{}', { secret: 'not-the-secret-at-all' })).status).toBe(401);
    expect((await signedHook('{}', { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 })).status).toBe(401);
    expect((await signedHook('{}', { timestamp: Math.floor(Date.now() / 1000) + 6 * 60 })).status).toBe(401);
    const first = await signedHook('{"event":"publish"}', { delivery: 'once-only' });
    expect(first.status).toBe(202);
    await publisher.queue.settled();
    const afterFirst = publisher.log.runs.length;
    expect((await signedHook('{"event":"publish"}', { delivery: 'once-only' })).status).toBe(409);
    expect((await signedHook(JSON.stringify({ padding: 'x'.repeat(2000) }))).status).toBe(413);
    const unsigned = await fetch(`${origin}/hooks/cms`, { method: 'POST', body: '{}' });
    expect(unsigned.status).toBe(400);
    expect(afterFirst).toBe(runs + 1);
    expect(publisher.log.runs.length).toBe(afterFirst);
  });

  it('coalesces a burst of twenty hooks into at most two runs', async () => {
    const before = publisher.log.runs[0]!.id;
    articles()[2]!.title = 'Endra før ein storm av hooks';
    // The first run is held in its build until every hook of the burst has been answered, however
    // slowly this machine serves them: the whole burst then arrives during a run, as it does
    // when the build takes a minute.
    writeFileSync(hold(), '');
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => signedHook('{"event":"publish"}')));
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(202));
      const burst = publisher.log.runs.filter((run) => run.id > before).reverse();
      // The first hook started a run; the nineteen during it share the one run that waits.
      expect(burst.map((run) => [run.state, run.requests])).toEqual([
        ['running', 1],
        ['queued', 19],
      ]);
    } finally {
      rmSync(hold(), { force: true });
    }
    await publisher.queue.settled();
    const runs = publisher.log.runs.filter((run) => run.id > before).reverse();
    // The first published the edit; the second saw nothing newer.
    expect(runs.map((run) => [run.trigger, run.state, run.requests])).toEqual([
      ['webhook', 'published', 1],
      ['webhook', 'unchanged', 19],
    ]);
    expect(await page('/')).toContain('Endra før ein storm av hooks');
  });

  const faults: [string, 'management' | 'runtime' | 'platform' | 'idp', Fault, RegExp][] = [
    ['a server error', 'management', { kind: 'status', status: 500 }, /svarte med ein feil \(status 500\) \(prøvd 4 gonger\)/],
    ['a refused login', 'idp', { kind: 'status', status: 401 }, /godtok ikkje innloggingsdetaljane/],
    ['a slow answer', 'runtime', { kind: 'slow', delayMs: 120_000 }, /svarte ikkje i tide \(prøvd 4 gonger\)/],
    ['malformed JSON', 'platform', { kind: 'malformed-json' }, /var øydelagt \(ikkje gyldig JSON\)/],
    ['a broken record', 'management', { kind: 'bad-record' }, /Noko i innhaldet er ikkje gyldig.*articles: record/],
    ['a dropped connection', 'platform', { kind: 'drop' }, /Fekk ikkje kontakt/],
  ];

  it.each(faults)('a failed import (%s) leaves the served release byte-identical and shows why on the status page', async (_, api, fault, reason) => {
    articles()[3]!.title = `Aldri publisert ${api} ${fault.kind}`;
    const served = servedIndex();
    const before = releases();
    const builtBefore = builds();
    const notified = notifications.length;
    sandbox.setFault(api, fault);
    try {
      expect((await signedHook('{"event":"publish"}')).status).toBe(202);
      await publisher.queue.settled();
    } finally {
      sandbox.reset();
    }
    const run = publisher.log.runs[0]!;
    expect(run.state).toBe('failed');
    expect(run.failure?.step).toBe('Henting av innhald frå CMS-et');
    expect(run.failure?.reason).toMatch(reason);
    expect(servedIndex().equals(served)).toBe(true);
    expect(releases()).toEqual(before);
    expect(builds()).toBe(builtBefore);
    expect(await page('/')).not.toContain('Aldri publisert');
    // One message to the chat webhook per failed run, saying why.
    await until(() => notifications.some((message) => message.run === run.id), 'the failure notification');
    expect(notifications.length).toBeGreaterThan(notified);
    expect(notifications.filter((message) => message.run === run.id)).toEqual([
      objectContaining({ run: run.id, state: 'failed', reason: run.failure!.reason }),
    ]);
    const session = await login();
    const html = await (await fetch(`${origin}/staff/`, { headers: { cookie: session.cookie } })).text();
    expect(html).toContain('Feila');
    expect(html).toContain(run.failure!.reason.replace(/"/g, '&#34;').slice(0, 40));
  });

  it('refuses the status and the actions without staff authentication, and cross-site posts', async () => {
    const live = readFileSync(join(releasesDir(), 'current', 'index.html'), 'utf8');
    expect((await fetch(`${origin}/status`)).status).toBe(401);
    expect((await fetch(`${origin}/status`, { headers: { authorization: 'Bearer wrong-password' } })).status).toBe(401);
    const status = await fetch(`${origin}/status`, { headers: { authorization: `Bearer ${PASSWORD}` } });
    expect(status.status).toBe(200);
    expect(((await status.json()) as { live: { release: string } }).live.release).toMatch(/^\d{8}T\d{6}Z/);
    const anonymous = await (await fetch(`${origin}/staff/`)).text();
    expect(anonymous).toContain('Logg inn');
    expect(anonymous).not.toContain('Dei siste køyringane');
    const session = await login();
    expect((await staffPost('rollback', {})).status).toBe(401);
    expect((await staffPost('rollback', { csrf: session.csrf })).status).toBe(401);
    expect((await staffPost('rollback', session, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await staffPost('rollback', session, {})).status).toBe(403);
    expect((await staffPost('rollback', session, { origin, 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await staffPost('rollback', { cookie: session.cookie, csrf: 'forged' })).status).toBe(403);
    expect((await staffPost('refresh', { cookie: session.cookie })).status).toBe(403);
    const wrongLogin = await fetch(`${origin}/staff/login`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'password=guess',
      redirect: 'manual',
    });
    expect(wrongLogin.status).toBe(401);
    expect(wrongLogin.headers.get('set-cookie')).toBeNull();
    expect(readFileSync(join(releasesDir(), 'current', 'index.html'), 'utf8')).toBe(live);
  });

  it('slows down guessing: after five wrong passwords a client waits, even with the right one, while others still log in', async () => {
    // Behind the proxy, the client is the X-Real-IP nginx sets (the peer is loopback).
    const tryLogin = (password: string, client: string, username = 'anne') =>
      fetch(`${origin}/staff/login`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded', 'x-real-ip': client },
        body: new URLSearchParams({ username, password }),
        redirect: 'manual',
      });
    // Guesses at several accounts from one address: the address is throttled (each account alone is not).
    for (let attempt = 1; attempt <= 5; attempt++)
      expect((await tryLogin(`guess ${attempt}`, '203.0.113.7', `person${attempt}`)).status, `attempt ${attempt}`).toBe(401);
    const throttled = await tryLogin(PASSWORD, '203.0.113.7');
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(60);
    expect(throttled.headers.get('set-cookie')).toBeNull();
    expect(await throttled.text()).toContain('For mange feil passord på kort tid. Vent 15 minutt og prøv igjen.');
    const bearer = await fetch(`${origin}/status`, { headers: { authorization: `Bearer ${PASSWORD}`, 'x-real-ip': '203.0.113.7' } });
    expect(bearer.status).toBe(429);
    expect(Number(bearer.headers.get('retry-after'))).toBeGreaterThan(60);
    expect((await tryLogin(PASSWORD, '198.51.100.2')).status).toBe(303);
  });

  it('rolls back only to a kept version that was live before, looked up by its id: a path in the form changes nothing', async () => {
    const session = await login();
    const live = readlinkSync(join(releasesDir(), 'current'));
    const served = servedIndex();
    for (const to of ['/', '.publisher', 'current', '..', '../../..', `../releases/${live}`, '20991231T235959Z']) {
      const answer = await fetch(`${origin}/staff/rollback`, {
        method: 'POST',
        headers: { origin, cookie: session.cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ csrf: session.csrf, from: live, to }),
        redirect: 'manual',
      });
      expect(answer.status, to).toBe(400);
      expect(await answer.text(), to).toContain('Ukjend versjon');
      expect(readlinkSync(join(releasesDir(), 'current')), to).toBe(live);
    }
    expect(servedIndex()).toEqual(served);
    expect(publisher.log.runs[0]?.trigger).not.toBe('rollback');
    const html = await (await fetch(`${origin}/staff/`, { headers: { cookie: session.cookie } })).text();
    expect(html).not.toContain('Automatisk publisering er sett på pause');
  });

  it('rolls back, after a confirmation naming the version, to what was live before; a repeat changes nothing; publishing waits until «Publiser att»', async () => {
    const current = await page('/');
    expect(current).toContain('Endra før ein storm av hooks');
    const session = await login();
    const live = publisher.log.runs.find((run) => run.kind === 'live' && run.state === 'published' && run.trigger === 'webhook')!;
    const confirm = await (await fetch(`${origin}/staff/tilbake`, { headers: { cookie: session.cookie } })).text();
    expect(confirm).toContain('<h1>Gå tilbake til førre versjon?</h1>');
    const from = /name="from" value="([^"]+)"/.exec(confirm)![1]!;
    const to = /name="to" value="([^"]+)"/.exec(confirm)![1]!;
    expect(from).toBe(live.release);
    expect(confirm).toMatch(/publisert [a-zø]+dag \d+\. [a-z]+ kl\. \d\d\.\d\d av (CMS|oppstart)/);
    const rollback = () =>
      fetch(`${origin}/staff/rollback`, {
        method: 'POST',
        headers: { origin, cookie: session.cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ csrf: session.csrf, from, to }),
        redirect: 'manual',
      });
    const answer = await rollback();
    expect(answer.headers.get('location')).toBe('/staff/?melding=rolled-back');
    await until(async () => !(await page('/')).includes('Endra før ein storm av hooks'), 'the previous release to be served');
    expect(readFileSync(join(releasesDir(), 'current', 'index.html'), 'utf8')).toBe(readFileSync(join(releasesDir(), to, 'index.html'), 'utf8'));
    const runsAfter = publisher.log.runs.length;
    // A double click: the same request again changes nothing.
    expect((await rollback()).headers.get('location')).toBe('/staff/?melding=already-rolled-back');
    expect(publisher.log.runs.length).toBe(runsAfter);
    expect(readlinkSync(join(releasesDir(), 'current'))).toBe(to);
    expect(publisher.log.runs[0]).toMatchObject({ trigger: 'rollback', state: 'published', by: 'Anne Aas', release: to });

    // Paused: a publish in the CMS is taken and queued, not applied.
    const html = await (await fetch(`${origin}/staff/`, { headers: { cookie: session.cookie } })).text();
    expect(html).toContain('Automatisk publisering er sett på pause');
    expect(html).toContain('då Anne Aas gjekk tilbake til ein eldre versjon');
    expect(html).toContain('<dt>Starta av</dt><dd>Anne Aas</dd>');
    expect(html).toContain('Du er logga inn som Anne Aas.');
    const article = articles()[6]!;
    const edit = await fetch(`${sandbox.url}/__sandbox/edit`, {
      method: 'POST',
      body: JSON.stringify({ collection: 'articles', id: article.id, changes: { title: 'Kom medan pausen varte' } }),
    });
    expect(((await edit.json()) as { webhook: { status: number } }).webhook.status).toBe(202);
    await publisher.queue.settled();
    expect(publisher.log.runs[0]).toMatchObject({ trigger: 'webhook', state: 'queued' });
    expect(readlinkSync(join(releasesDir(), 'current'))).toBe(to);
    const paused = await (await fetch(`${origin}/staff/`, { headers: { cookie: session.cookie } })).text();
    expect(paused).toContain('Ei køyring ventar, sett i kø av publisering i CMS-et.');
    expect(paused).toContain('Ventar (publisering på pause)');

    // «Publiser att»: what waited is published.
    const resume = await fetch(`${origin}/staff/publiser-att`, {
      method: 'POST',
      headers: { origin, cookie: session.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf: session.csrf }),
      redirect: 'manual',
    });
    expect(resume.headers.get('location')).toBe('/staff/?melding=resumed');
    await until(async () => (await page(`/artiklar/${article.id}/`)).includes('Kom medan pausen varte'), 'the waiting publish to go live');
    await publisher.queue.settled();
    // Rolling back now goes to what was live before this publish (the version rolled back to), not by name.
    const again = await (await fetch(`${origin}/staff/tilbake`, { headers: { cookie: session.cookie } })).text();
    expect(/name="to" value="([^"]+)"/.exec(again)![1]).toBe(to);
  });

  it('shows a draft in the preview, for staff only, and never on the live site', async () => {
    const article = articles()[4]!;
    const answer = await fetch(`${sandbox.url}/__sandbox/edit`, {
      method: 'POST',
      body: JSON.stringify({ collection: 'articles', id: article.id, changes: { title: 'Berre eit utkast' }, draft: true }),
    });
    expect(((await answer.json()) as { webhook: { status: number } }).webhook.status).toBe(202);
    await publisher.queue.settled();
    expect(publisher.log.runs[0]).toMatchObject({ kind: 'preview', state: 'published' });
    const preview = `http://127.0.0.1:${PORTS.preview}/artiklar/${article.id}/`;
    expect((await fetch(preview)).status).toBe(401);
    // Staff open it from the status page, signed in by the same session (cookies ignore the port).
    const signedIn = await login();
    const staff = await fetch(preview, { headers: { cookie: signedIn.cookie } });
    expect(staff.status).toBe(200);
    expect(staff.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const html = await staff.text();
    expect(html).toContain('Berre eit utkast');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(await page(`/artiklar/${article.id}/`)).not.toContain('Berre eit utkast');
    const session = await login();
    const status = await (await fetch(`${origin}/staff/`, { headers: { cookie: session.cookie } })).text();
    expect(status).toContain('<a href="/staff/forehandsvising">Opne førehandsvisinga</a>');
    expect(status).toContain(`på http://127.0.0.1:${PORTS.preview}/`);
    // A preview run is labelled as one, never as «Publisert».
    expect(status).toMatch(/<span class="state state-preview">Førehandsvising klar<\/span>/);
  });
});
