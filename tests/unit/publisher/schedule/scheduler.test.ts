/**
 * The publish service keeping the site current by itself: the real service against the platform
 * sandbox, on a fake clock the test moves and ticks (`scheduler.tick()`), with the small
 * stand-in build of tests/support/fake-build.mjs (its /kinoprogram/ lists every showing's time
 * and ticket availability). The day build at Oslo midnight on an ordinary day and on both days
 * the clocks change, once after a restart that missed it; a box-office change served after the
 * next box-office check with no webhook; an unchanged box-office check that builds nothing; a forced build of unchanged
 * content; schedule ticks during a run joining the webhooks waiting; failures that leave the
 * live site, say so on the status page, and notify once.
 */
import { createHmac } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readPublisherConfig, type PublisherConfig } from '../../../../publisher/config';
import type { RunRecord } from '../../../../publisher/runs/run-record';
import { startPublisher, type Publisher } from '../../../../publisher/server';
import { currentRelease } from '../../../../release/releases';
import { sandboxImportEnv } from '../../../../sandbox/import-env';
import { loadDataset, startSandbox, type Sandbox } from '../../../../sandbox/server';
import { freePort } from '../../../support/free-port';
import { startChatWebhook, type ChatWebhook } from '../../../support/chat-webhook';
import { addStaffAccount, staffLogin } from '../../../support/staff-account';
import { until } from '../../../support/until';
import { matching, objectContaining } from '../../../support/matchers';

const SECRET = 'schedule-hook-secret-0123456789';
const PASSWORD = 'schedule-staff-password';
const MIN = 60_000;

let work: string;
/** The live site as the service serves it (PUBLISHER_SITE_PORT). */
let sitePort: number;
let sandbox: Sandbox;
type Notification = { text: string; warning?: string; state?: string; run?: number };
let chat: ChatWebhook<Notification>;
let notifications: Notification[] = [];
/** The fake clock every publisher of this file runs on. */
let clock = Date.parse('2026-11-24T20:00:00Z');
const set = (iso: string) => (clock = Date.parse(iso));

const dataset = loadDataset('content');
const releasesDir = () => join(work, 'releases');
const buildLog = () => join(work, 'builds.log');
const hold = () => join(work, 'hold');
const failFile = () => join(work, 'fail');
const builds = () => (existsSync(buildLog()) ? readFileSync(buildLog(), 'utf8').trim().split('\n').length : 0);
/** A page of the live site over HTTP, as a visitor gets it. */
const page = async (path: string) => {
  const response = await fetch(`http://127.0.0.1:${sitePort}${path}`);
  expect(response.status, path).toBe(200);
  return response.text();
};

function config(minutes = '5', dir = work): PublisherConfig {
  return readPublisherConfig({
    ...sandboxImportEnv(sandbox.url),
    // No test here waits for a time-out: a bound only a stuck sandbox reaches, even on a busy machine.
    IMPORT_TIMEOUT_MS: '20000',
    IMPORT_TRIES: '1',
    CONTENT_DIR: join(dir, 'content'),
    RELEASES_DIR: join(dir, 'releases'),
    PUBLISHER_PORT: '0',
    PUBLISHER_PREVIEW_PORT: '0',
    PUBLISHER_SITE_PORT: String(sitePort),
    PUBLISHER_HOOK_SECRET: SECRET,
    PUBLISHER_STAFF_PASSWORD: PASSWORD,
    PUBLISHER_SYNC_MINUTES: minutes,
    PUBLISHER_NOTIFY_URL: chat.url,
    PUBLISHER_BUILD_COMMAND: `FAKE_BUILD_LOG="${buildLog()}" FAKE_BUILD_HOLD="${hold()}" FAKE_BUILD_FAIL="${failFile()}" "${process.execPath}" tests/support/fake-build.mjs`,
  });
}

let publisher: Publisher;
const start = async (dir = work) => {
  publisher = await startPublisher(config('5', dir), { log: () => {}, now: () => clock, scheduleTimer: false });
  await publisher.queue.settled();
};
/** Moves the clock, lets the schedule look, and waits for whatever it started. */
async function tickAt(iso: string): Promise<RunRecord[]> {
  set(iso);
  const before = publisher.log.runs[0]?.id ?? 0;
  publisher.scheduler.tick();
  await publisher.queue.settled();
  return publisher.log.runs.filter((run) => run.id > before).reverse();
}
const status = async () =>
  (await (await fetch(`${publisher.url}/status`, { headers: { authorization: `Bearer ${PASSWORD}` } })).json()) as {
    freshness: {
      live: { release: string; builtAt: string; builtOn: string; content: string };
      sources: { key: string; answered?: boolean; invalid?: boolean; error?: string }[];
      schedule: { enabled: boolean; nextBoxOfficeCheckAt: string; nextDayBuildAt: string; nextDayBuildDay: string };
      warnings: { key: string; text: string }[];
    };
  };
const boxOffice = (body: unknown) => fetch(`${sandbox.url}/__sandbox/boxoffice`, { method: 'POST', body: JSON.stringify(body) });

function signedHook(body: string) {
  const delivery = `d-${Math.random().toString(36).slice(2)}`;
  // Signed on the service's (fake) clock, as a CMS whose clock agrees with it would.
  const timestamp = String(Math.floor(clock / 1000));
  const signature = `sha256=${createHmac('sha256', SECRET).update(`${timestamp}.${delivery}.${body}`).digest('hex')}`;
  return fetch(`${publisher.url}/hooks/cms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-kaia-delivery': delivery, 'x-kaia-timestamp': timestamp, 'x-kaia-signature': signature },
    body,
  });
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'kaia-schedule-'));
  sitePort = await freePort();
  cpSync('content', join(work, 'content'), { recursive: true });
  chat = await startChatWebhook();
  notifications = chat.messages;
  sandbox = await startSandbox({ dataset });
  await addStaffAccount(config().accountsFile, 'anne', 'Anne Aas', PASSWORD);
  // A fresh service with nothing built: the schedule builds the day at once.
  set('2026-11-24T20:00:00Z');
  await start();
  expect(publisher.log.runs.map((run) => [run.trigger, run.force, run.state])).toEqual([['day-build', true, 'published']]);
}, 60_000);

afterEach(() => {
  sandbox.reset();
  rmSync(hold(), { force: true });
  rmSync(failFile(), { force: true });
});

afterAll(async () => {
  await publisher?.close();
  await sandbox?.close();
  await chat?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('the box-office check', { timeout: 60_000 }, () => {
  it('does nothing before its interval, and an unchanged box-office check builds nothing', async () => {
    const built = builds();
    expect(await tickAt('2026-11-24T20:04:59Z')).toEqual([]);
    const runs = await tickAt('2026-11-24T20:05:00Z');
    expect(runs.map((run) => [run.trigger, run.state])).toEqual([['schedule', 'unchanged']]);
    expect(builds()).toBe(built);
  });

  it('serves a box-office change after the next box-office check, with no webhook', async () => {
    const built = builds();
    const live = currentRelease(releasesDir());
    expect(await page('/kinoprogram/')).toContain('<li id="ev-431036">2026-11-24T11:00:00+01:00 available</li>');
    expect((await boxOffice({ action: 'availability', id: 'ev-431036', availability: 'soldout' })).status).toBe(200);
    expect((await boxOffice({ action: 'move', id: 'ev-431054', at: '20:15' })).status).toBe(200);
    // Nothing happens until the box-office check is due.
    expect(await tickAt('2026-11-24T20:09:00Z')).toEqual([]);
    expect(currentRelease(releasesDir())).toBe(live);
    const runs = await tickAt('2026-11-24T20:10:00Z');
    expect(runs.map((run) => [run.trigger, run.state])).toEqual([['schedule', 'published']]);
    expect(runs[0]!.changes).toContainEqual({ collection: 'events', added: 0, changed: 2, removed: 0 });
    expect(builds()).toBe(built + 1);
    // Served by the site, as a visitor gets it.
    const programme = await page('/kinoprogram/');
    expect(programme).toContain('<li id="ev-431036">2026-11-24T11:00:00+01:00 soldout</li>');
    expect(programme).toContain('<li id="ev-431054">2026-11-24T20:15:00+01:00');
  });

  it('folds quiet box-office checks in a row into one entry of the run log', async () => {
    const before = publisher.log.runs.length;
    await tickAt('2026-11-24T20:15:00Z');
    await tickAt('2026-11-24T20:20:00Z');
    await tickAt('2026-11-24T20:25:00Z');
    expect(publisher.log.runs.length).toBe(before + 1);
    expect(publisher.log.runs[0]).toMatchObject({ trigger: 'schedule', state: 'unchanged', repeats: 3 });
  });

  it('leaves the live site when a source fails, says so with the reason, and tries again at the next box-office check', async () => {
    const live = currentRelease(releasesDir());
    sandbox.setFault('runtime', { kind: 'status', status: 503 });
    const [failed] = await tickAt('2026-11-24T20:30:00Z');
    expect(failed).toMatchObject({ trigger: 'schedule', state: 'failed' });
    expect(failed!.failure!.reason).toMatch(/svarte med ein feil \(status 503\)/);
    expect(currentRelease(releasesDir())).toBe(live);
    const { freshness } = await status();
    expect(freshness.sources.find((source) => source.key === 'boxOffice')).toMatchObject({ answered: false, error: matching(/503/) });
    expect(freshness.sources.find((source) => source.key === 'management')).toMatchObject({ answered: true });
    const page = await staffPage();
    expect(page).toContain('Billettsystemet (framsyningar og billettar)</dt><dd><strong>Svarte ikkje</strong>');
    sandbox.setFault('runtime', null);
    expect(await tickAt('2026-11-24T20:34:00Z')).toEqual([]);
    expect((await tickAt('2026-11-24T20:35:00Z')).map((run) => run.state)).toEqual(['unchanged']);
    expect((await status()).freshness.sources.find((source) => source.key === 'boxOffice')).toMatchObject({ answered: true });
  });

  it('notifies once when a source has been silent for over an hour, and once when it answers again', async () => {
    const sent = notifications.length;
    sandbox.setFault('runtime', { kind: 'status', status: 503 });
    for (let minute = 40; minute <= 100; minute += 5) {
      const iso = new Date(Date.parse('2026-11-24T20:00:00Z') + minute * MIN).toISOString();
      expect((await tickAt(iso)).map((run) => run.state)).toEqual(['failed']);
    }
    await tickAt('2026-11-24T21:45:00Z');
    expect((await status()).freshness.warnings.map((warning) => warning.key)).toEqual(['source:boxOffice']);
    sandbox.setFault('runtime', null);
    await tickAt('2026-11-24T21:50:00Z');
    await until(() => notifications.length >= sent + 2, 'two notifications');
    // Fourteen failed box-office checks, two messages: when it started and when it ended; none per failed run.
    expect(notifications.slice(sent).map((message) => [message.warning, message.state])).toEqual([
      ['source:boxOffice', 'started'],
      ['source:boxOffice', 'ended'],
    ]);
    expect(notifications.slice(sent)[0]!.text).toMatch(/Billettsystemet .* har ikkje svart sidan tysdag 24\. november kl\. 21\.35/);
    expect((await status()).freshness.warnings).toEqual([]);
  });
});

describe('the day build', { timeout: 60_000 }, () => {
  it('runs at 00:00 in Oslo on an ordinary day, builds unchanged content, and only once', async () => {
    const built = builds();
    await tickAt('2026-11-24T22:55:00Z');
    expect(await tickAt('2026-11-24T22:59:59Z')).toEqual([]);
    const runs = await tickAt('2026-11-24T23:00:00Z');
    expect(runs.map((run) => [run.trigger, run.force, run.state])).toEqual([['day-build', true, 'published']]);
    expect(builds()).toBe(built + 1); // the 22:55 box-office check built nothing; the day build did
    const { freshness } = await status();
    expect(freshness.live.builtOn).toBe('2026-11-25');
    expect(freshness.schedule).toMatchObject({
      nextDayBuildDay: '2026-11-26',
      nextDayBuildAt: '2026-11-25T23:00:00.000Z',
      nextBoxOfficeCheckAt: '2026-11-24T23:05:00.000Z',
    });
    expect((await tickAt('2026-11-24T23:05:00Z')).map((run) => run.trigger)).toEqual(['schedule']);
  });

  it('runs at Oslo midnight on the day the clocks go forward and on the day they go back', async () => {
    for (const [before, midnight, day] of [
      ['2027-03-27T22:50:00Z', '2027-03-27T23:00:00Z', '2027-03-28'], // 28 March 2027 starts in winter time
      ['2027-03-28T21:50:00Z', '2027-03-28T22:00:00Z', '2027-03-29'], // and the next midnight is in summer time
      ['2027-10-30T21:50:00Z', '2027-10-30T22:00:00Z', '2027-10-31'], // 31 October 2027 starts in summer time
      ['2027-10-31T22:50:00Z', '2027-10-31T23:00:00Z', '2027-11-01'], // and the next midnight is in winter time
    ] as const) {
      await tickAt(before); // catches up (a day build, or a box-office check) so the day before is built
      await tickAt(new Date(Date.parse(before) + 5 * MIN).toISOString());
      expect(await tickAt(new Date(Date.parse(midnight) - 1000).toISOString()), `${day} before midnight`).toEqual([]);
      const runs = await tickAt(midnight);
      expect(
        runs.map((run) => run.trigger),
        day,
      ).toEqual(['day-build']);
      expect((await status()).freshness.live.builtOn).toBe(day);
    }
  });

  it('is the start-up run itself when the service starts with nothing built: one build, not two', async () => {
    const dir = join(work, 'start-up');
    cpSync('content', join(dir, 'content'), { recursive: true });
    const built = builds();
    const fresh = await startPublisher(
      { ...config('5', dir), runOnStart: true, sitePort: undefined },
      { log: () => {}, now: () => clock, scheduleTimer: false },
    );
    try {
      await fresh.queue.settled();
      expect(fresh.log.runs.map((run) => [run.trigger, run.force === true, run.state])).toEqual([['start', true, 'published']]);
      expect(builds()).toBe(built + 1);
      // The schedule looks again: the day is built, and nothing more runs before the next box-office check.
      fresh.scheduler.tick();
      await fresh.queue.settled();
      expect(fresh.log.runs).toHaveLength(1);
      expect(fresh.scheduler.plan().behind).toBe(false);
    } finally {
      await fresh.close();
    }
  });

  it('runs once after a restart that missed midnight, and is not run twice', async () => {
    set('2027-11-02T20:00:00Z');
    publisher.scheduler.tick();
    await publisher.queue.settled();
    await publisher.close();
    // Down over midnight; back at 09.30 Oslo time.
    set('2027-11-03T08:30:00Z');
    const built = builds();
    await start();
    const runs = publisher.log.runs.filter((run) => run.startedAt && Date.parse(run.startedAt) >= clock);
    expect(runs.map((run) => [run.trigger, run.force, run.state])).toEqual([['day-build', true, 'published']]);
    expect(builds()).toBe(built + 1);
    expect(await tickAt('2027-11-03T08:31:00Z')).toEqual([]);
    expect((await tickAt('2027-11-03T08:35:00Z')).map((run) => run.trigger)).toEqual(['schedule']);
    // A restart the same day builds nothing more; a box-office check more than an interval overdue runs at once.
    await publisher.close();
    set('2027-11-03T08:50:00Z');
    await start();
    expect(builds()).toBe(built + 1);
    expect(publisher.log.runs[0]).toMatchObject({ trigger: 'schedule', state: 'unchanged', finishedAt: '2027-11-03T08:50:00.000Z' });
    expect((await status()).freshness.schedule.nextBoxOfficeCheckAt).toBe('2027-11-03T08:55:00.000Z');
  });

  it('never builds a day twice when the clock steps back over midnight', async () => {
    await tickAt('2027-11-03T22:55:00Z');
    expect((await tickAt('2027-11-03T23:00:00Z')).map((run) => run.trigger)).toEqual(['day-build']);
    const built = builds();
    // The clock is put back ten minutes, and runs over midnight again.
    await tickAt('2027-11-03T22:52:00Z');
    await tickAt('2027-11-03T23:00:00Z');
    await tickAt('2027-11-03T23:01:00Z');
    expect(builds()).toBe(built);
  });

  it('is tried again at the next box-office check after it failed; meanwhile the status page says the site shows yesterday', async () => {
    const live = currentRelease(releasesDir());
    const sent = notifications.length;
    writeFileSync(failFile(), 'Cannot read the events');
    const [failed] = await tickAt('2027-11-04T23:00:00Z');
    expect(failed).toMatchObject({ trigger: 'day-build', state: 'failed' });
    expect(currentRelease(releasesDir())).toBe(live);
    const { freshness } = await status();
    expect(freshness.warnings).toEqual([
      {
        key: 'behind',
        notify: true,
        text: matching(
          /^Nettstaden viser framleis gårsdagen: han vart sist bygd torsdag 4\. november kl\. \d\d\.\d\d.*Dagsbygginga feila: Nettstaden kunne ikkje byggjast av det nye innhaldet\. .*Ho blir prøvd igjen ved neste synkronisering, kl\. 00\.05\.$/,
        ),
      },
    ]);
    expect(await staffPage()).toContain('Nettstaden viser framleis gårsdagen');
    expect(await tickAt('2027-11-04T23:03:00Z')).toEqual([]);
    rmSync(failFile());
    const retried = await tickAt('2027-11-04T23:05:00Z');
    expect(retried.map((run) => [run.trigger, run.state])).toEqual([['day-build', 'published']]);
    expect((await status()).freshness.warnings).toEqual([]);
    // One message when the failure made the site late, one when it was built; none per failed run.
    await until(() => notifications.slice(sent).filter((message) => message.warning).length >= 2, 'two notifications');
    const warnings = notifications.slice(sent).filter((message) => message.warning);
    expect(warnings.map((message) => [message.warning, message.state])).toEqual([
      ['behind', 'started'],
      ['behind', 'ended'],
    ]);
  });
});

describe('staff and webhooks with the schedule', { timeout: 60_000 }, () => {
  it('«Bygg sida på nytt» builds unchanged content', async () => {
    const built = builds();
    const live = currentRelease(releasesDir());
    const cookie = await login();
    const html = await (await fetch(`${publisher.url}/staff/`, { headers: { cookie } })).text();
    expect(html).toContain('<button type="submit" class="secondary">Bygg sida på nytt</button>');
    const csrf = /name="csrf" value="([^"]+)"/.exec(html)![1]!;
    const response = await fetch(`${publisher.url}/staff/rebuild`, {
      method: 'POST',
      headers: { origin: publisher.url, cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf }),
      redirect: 'manual',
    });
    expect(response.headers.get('location')).toBe('/staff/?melding=rebuild-queued');
    await publisher.queue.settled();
    expect(publisher.log.runs[0]).toMatchObject({ trigger: 'rebuild', force: true, state: 'published' });
    expect(publisher.log.runs[0]!.changes!.every((change) => change.added + change.changed + change.removed === 0)).toBe(true);
    expect(builds()).toBe(built + 1);
    expect(currentRelease(releasesDir())).not.toBe(live);
    // Staff hear that it went live; the runs only the schedule asked for before it (the first
    // day build, the box-office check, midnight) went live without a word to the chat.
    const rebuilt = publisher.log.runs[0]!;
    await until(() => notifications.some((message) => message.state === 'published' && message.run === rebuilt.id), 'the message of the rebuild');
    const scheduled = publisher.log.runs.filter(
      (run) => run.state === 'published' && (run.trigger === 'schedule' || run.trigger === 'day-build') && !run.causes,
    );
    expect(scheduled.length).toBeGreaterThanOrEqual(3);
    expect(notifications.filter((message) => message.state === 'published' && scheduled.some((run) => run.id === message.run))).toEqual([]);
  });

  it('joins schedule ticks during a run to the webhook run waiting: one more run, a full build', async () => {
    set('2027-11-05T22:50:00Z');
    writeFileSync(hold(), '');
    const edit = (title: string) =>
      fetch(`${sandbox.url}/__sandbox/edit`, {
        method: 'POST',
        body: JSON.stringify({ collection: 'articles', id: (dataset.articles[0] as { id: string }).id, changes: { title } }),
      });
    await edit('Første endring');
    expect((await signedHook('{"event":"publish"}')).status).toBe(202);
    const going = await until(() => publisher.log.runs.find((run) => run.state === 'running'), 'the first run to start');
    await edit('Andre endring');
    expect((await signedHook('{"event":"publish"}')).status).toBe(202);
    // Syncs fall due while the run is going, and midnight passes.
    for (const iso of ['2027-11-05T22:56:00Z', '2027-11-05T23:00:00Z', '2027-11-05T23:01:00Z', '2027-11-05T23:06:00Z']) {
      set(iso);
      publisher.scheduler.tick();
    }
    const waiting = publisher.log.runs.filter((run) => run.state === 'queued');
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ trigger: 'webhook', causes: ['day-build'], force: true, requests: 2 });
    rmSync(hold());
    await publisher.queue.settled();
    const after = publisher.log.runs.filter((run) => run.id >= going.id).reverse();
    expect(after.map((run) => [run.trigger, run.state])).toEqual([
      ['webhook', 'published'],
      ['webhook', 'published'],
    ]);
    expect(await page('/')).toContain('Andre endring');
    expect((await status()).freshness.live.builtOn).toBe('2027-11-06');
  });
});

describe('a source that answers garbage', { timeout: 60_000 }, () => {
  it('leaves the live site, says which source and why, tries again at every box-office check, and notifies once when it starts and once when it ends', async () => {
    // The clock jumped a few hours: a box-office check catches up.
    expect((await tickAt('2027-11-06T10:00:00Z')).map((run) => [run.trigger, run.state])).toEqual([['schedule', 'unchanged']]);
    const live = currentRelease(releasesDir());
    const programme = await page('/kinoprogram/');
    const sent = notifications.length;
    // The box office answers, but the first showing has no valid start time.
    sandbox.setFault('runtime', { kind: 'bad-record' });
    const failed: RunRecord[] = [];
    for (let minute = 5; minute <= 65; minute += 5) failed.push(...(await tickAt(new Date(Date.parse('2027-11-06T10:00:00Z') + minute * MIN).toISOString())));
    expect(failed.map((run) => [run.trigger, run.state])).toEqual(Array(13).fill(['schedule', 'failed']));
    expect(failed[0]!.failure!.reason).toMatch(/^Noko i innhaldet er ikkje gyldig, så ingenting vart publisert: events: record/);
    expect(currentRelease(releasesDir())).toBe(live);
    expect(await page('/kinoprogram/')).toBe(programme);
    const { freshness } = await status();
    expect(freshness.sources.find((source) => source.key === 'boxOffice')).toMatchObject({
      answered: false,
      invalid: true,
      error: matching(/^events: record/),
    });
    expect(freshness.sources.find((source) => source.key === 'platform')).toMatchObject({ answered: true });
    expect(freshness.warnings.map((warning) => warning.key)).toEqual(['source:boxOffice']);
    expect(freshness.warnings[0]!.text).toMatch(
      /^Billettsystemet \(framsyningar og billettar\) har ikkje sendt data nettstaden kan bruke sidan laurdag 6\. november kl\. 11\.00 \(over ein time\)\./,
    );
    expect(await staffPage()).toContain('Billettsystemet (framsyningar og billettar)</dt><dd><strong>Sende data som ikkje er gyldige</strong>');
    sandbox.setFault('runtime', null);
    expect((await tickAt('2027-11-06T11:10:00Z')).map((run) => run.state)).toEqual(['unchanged']);
    await until(() => notifications.length >= sent + 2, 'two notifications');
    expect(notifications.slice(sent).map((message) => [message.warning, message.state])).toEqual([
      ['source:boxOffice', 'started'],
      ['source:boxOffice', 'ended'],
    ]);
    expect((await status()).freshness.warnings).toEqual([]);
  });
});

describe('the day build while publishing is paused after a rollback', { timeout: 60_000 }, () => {
  it('waits with the webhooks for «Publiser att», and the status page says so plainly and which day the site shows', async () => {
    set('2027-11-06T20:00:00Z'); // 21.00 on Saturday 6 November
    const cookie = await login();
    const form = (fields: Record<string, string>) => ({
      method: 'POST',
      headers: { origin: publisher.url, cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
      redirect: 'manual' as const,
    });
    const csrf = /name="csrf" value="([^"]+)"/.exec(await staffPage(cookie))![1]!;
    const confirm = await (await fetch(`${publisher.url}/staff/tilbake`, { headers: { cookie } })).text();
    expect(confirm).toContain('publiseringar frå CMS-et, synkroniseringa med billettsystemet og dagsbygginga ved midnatt blir sette i kø');
    const from = /name="from" value="([^"]+)"/.exec(confirm)![1]!;
    const to = /name="to" value="([^"]+)"/.exec(confirm)![1]!;
    const rolledBack = await fetch(`${publisher.url}/staff/rollback`, form({ csrf, from, to }));
    expect(rolledBack.headers.get('location')).toBe('/staff/?melding=rolled-back');
    expect(currentRelease(releasesDir())).toBe(to);
    const builtOn = (await status()).freshness.live.builtOn;
    expect(builtOn).toBe('2027-11-05'); // the version before was built on Friday
    const built = builds();
    const sent = notifications.length;
    // A box-office check falls due, midnight passes, and staff ask for a full build: all of it waits.
    await tickAt('2027-11-06T20:05:00Z');
    await tickAt('2027-11-06T23:00:00Z');
    const rebuild = await fetch(`${publisher.url}/staff/rebuild`, form({ csrf }));
    expect(rebuild.headers.get('location')).toBe('/staff/?melding=rebuild-held');
    await tickAt('2027-11-06T23:40:00Z');
    expect(builds()).toBe(built);
    expect(currentRelease(releasesDir())).toBe(to);
    expect(publisher.log.runs.filter((run) => run.state === 'queued')).toEqual([
      objectContaining({ trigger: 'schedule', causes: ['day-build', 'rebuild'], force: true }),
    ]);
    const { freshness } = await status();
    expect(freshness.schedule).toMatchObject({ paused: true });
    expect(freshness.warnings).toEqual([
      {
        key: 'behind',
        notify: true,
        text: matching(
          /^Nettstaden viser framleis fredag 5\. november: .* Automatisk publisering står på pause sidan laurdag 6\. november kl\. 21\.00, då Anne Aas gjekk tilbake til ein eldre versjon, og pausen held òg att dagsbygginga\. Trykk «Publiser att» når nettstaden kan byggjast for i dag\.$/,
        ),
      },
    ]);
    const page = await staffPage(cookie);
    expect(page).toContain('Pausen held òg att dagsbygginga ved midnatt, så nettstaden blir ikkje bygd for ein ny dag før du trykkjer «Publiser att».');
    expect(page).toContain('Versjonen som er live no, vart bygd fredag 5. november, så sidene viser framleis den dagen som «I dag».');
    expect(page).toContain('Ei køyring ventar, sett i kø av tidsplan (synkronisering med billettsystemet), dagsbygging (kl. 00.00) og bygg sida på nytt.');
    expect(page).toContain('<dt>Neste dagsbygging</dt><dd>På pause: nettstaden blir ikkje bygd for ein ny dag før nokon trykkjer «Publiser att»</dd>');
    expect(page).toContain('Automatisk publisering står på pause sidan laurdag 6. november kl. 21.00');
    // «Publiser att»: what waited runs, a full build, and the site is built for today.
    const resumed = await fetch(`${publisher.url}/staff/publiser-att`, form({ csrf }));
    expect(resumed.headers.get('location')).toBe('/staff/?melding=resumed');
    await publisher.queue.settled();
    expect(publisher.log.runs[0]).toMatchObject({ trigger: 'schedule', force: true, state: 'published' });
    expect(builds()).toBe(built + 1);
    expect((await status()).freshness).toMatchObject({ live: { builtOn: '2027-11-07' }, warnings: [], schedule: { paused: false } });
    // The chat heard once that the site was behind, and once that it is built for today again.
    await until(() => notifications.slice(sent).some((message) => message.warning === 'behind' && message.state === 'ended'), 'the end of the warning');
    expect(
      notifications
        .slice(sent)
        .filter((message) => message.warning)
        .map((message) => [message.warning, message.state]),
    ).toEqual([
      ['behind', 'started'],
      ['behind', 'ended'],
    ]);
  });
});

describe('the day build on a fresh service across the clock changes of 2026', { timeout: 120_000 }, () => {
  it('runs at Oslo midnight on 29 March and 25 October and the days after them, once each, and not in the hours the clocks change', async () => {
    await publisher.close();
    const dir = join(work, 'dst');
    cpSync('content', join(dir, 'content'), { recursive: true });
    const dayBuilds: string[] = [];
    const tick = async (iso: string) => {
      const runs = await tickAt(iso);
      for (const run of runs) if (run.trigger === 'day-build') dayBuilds.push(`${iso} ${run.state} ${(await status()).freshness.live.builtOn}`);
      return runs;
    };
    /** Ticks every 10 minutes from `from` to `to`: a box-office check each time (quiet ones fold into one entry), no build. */
    const quietHours = async (from: string, to: string) => {
      const built = builds();
      let ticks = 0;
      for (let time = Date.parse(from); time <= Date.parse(to); time += 10 * MIN, ticks++) {
        const iso = new Date(time).toISOString();
        expect(
          (await tick(iso)).filter((run) => run.trigger !== 'schedule'),
          iso,
        ).toEqual([]);
      }
      expect(builds()).toBe(built);
      expect(publisher.log.runs[0]).toMatchObject({ trigger: 'schedule', state: 'unchanged', repeats: ticks });
    };
    // Saturday 28 March, 21.00 in Oslo: nothing built yet, so the day is built at once.
    set('2026-03-28T20:00:00Z');
    await start(dir);
    dayBuilds.push(`start ${(await status()).freshness.live.builtOn}`);
    await tick('2026-03-28T22:55:00Z');
    expect(await tick('2026-03-28T22:59:59Z')).toEqual([]);
    await tick('2026-03-28T23:00:00Z'); // 00.00 on the 29th, still winter time
    expect((await status()).freshness.schedule.nextDayBuildAt).toBe('2026-03-29T22:00:00.000Z'); // summer time by then
    // 01.30 to 03.30 (the clocks go from 02.00 to 03.00): box-office checks only.
    await quietHours('2026-03-29T00:30:00Z', '2026-03-29T01:30:00Z');
    await tick('2026-03-29T21:55:00Z');
    expect(await tick('2026-03-29T21:59:59Z')).toEqual([]);
    await tick('2026-03-29T22:00:00Z'); // 00.00 on the 30th, summer time
    // Saturday 24 October, 23.50 in Oslo: the days since 30 March are behind, so the day is built at once.
    await tick('2026-10-24T21:50:00Z');
    await tick('2026-10-24T21:55:00Z');
    expect(await tick('2026-10-24T21:59:59Z')).toEqual([]);
    await tick('2026-10-24T22:00:00Z'); // 00.00 on the 25th, still summer time
    expect((await status()).freshness.schedule.nextDayBuildAt).toBe('2026-10-25T23:00:00.000Z'); // winter time by then
    // 01.50 to 03.10, through the hour from 02.00 to 03.00 that comes twice: box-office checks only.
    await quietHours('2026-10-24T23:50:00Z', '2026-10-25T02:10:00Z');
    await tick('2026-10-25T22:55:00Z');
    expect(await tick('2026-10-25T22:59:59Z')).toEqual([]);
    await tick('2026-10-25T23:00:00Z'); // 00.00 on the 26th, winter time
    expect(dayBuilds).toEqual([
      'start 2026-03-28',
      '2026-03-28T23:00:00Z published 2026-03-29',
      '2026-03-29T22:00:00Z published 2026-03-30',
      '2026-10-24T21:50:00Z published 2026-10-24',
      '2026-10-24T22:00:00Z published 2026-10-25',
      '2026-10-25T23:00:00Z published 2026-10-26',
    ]);
  });
});

const login = async () => (await staffLogin(publisher.url, 'anne', PASSWORD)).cookie;

async function staffPage(cookie?: string): Promise<string> {
  return (await fetch(`${publisher.url}/staff/`, { headers: { cookie: cookie ?? (await login()) } })).text();
}
