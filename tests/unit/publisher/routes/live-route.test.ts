/**
 * The status page's live channel (issue 34): the one notifier (publisher/status/live-changes.ts), what tells it
 * (the run log, the queue, the pause, the schedule's freshness), and GET /staff/live, the
 * server-sent events route, called through the service's app (`app.request()`, no sockets),
 * each read of the stream guarded by a time-out so a silent channel fails instead of hanging.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AccountBook } from '../../../../publisher/accounts/accounts';
import { serviceApp } from '../../../../publisher/app';
import { readPublisherConfig } from '../../../../publisher/config';
import { LiveChanges } from '../../../../publisher/status/live-changes';
import { liveRoute, LIVE_CHANNEL } from '../../../../publisher/routes/live-route';
import { messages } from '../../../../publisher/status/messages';
import { PauseState } from '../../../../publisher/runs/pause';
import { RunLog } from '../../../../publisher/runs/run-log';
import { RunQueue } from '../../../../publisher/runs/run-queue';
import { Scheduler } from '../../../../publisher/schedule/scheduler';
import { startPublisher } from '../../../../publisher/server';
import { Sessions } from '../../../../publisher/accounts/staff-access';
import { staffRoutes } from '../../../../publisher/routes/staff-routes';
import { statusRoutes } from '../../../../publisher/routes/status-routes';
import { UNREACHABLE_SOURCES } from '../../../support/offline-sources';
import { addStaffAccount, staffLogin } from '../../../support/staff-account';

const ORIGIN = 'https://publisering.kaia.test';
const PASSWORD = 'annes staff password';

let work: string;
let accounts: AccountBook;
const open: ReadableStreamDefaultReader<Uint8Array>[] = [];

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'kaia-live-'));
  await addStaffAccount(join(work, 'accounts.json'), 'anne', 'Anne Aas', PASSWORD);
  accounts = new AccountBook(join(work, 'accounts.json'));
});
afterEach(async () => {
  // A channel a test left open is closed, so its loop ends.
  await Promise.all(open.splice(0).map((reader) => reader.cancel().catch(() => {})));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the notifier', () => {
  it('tells every listener of each change with a new version, and no one after they stop listening', () => {
    const changes = new LiveChanges('boot');
    const heard: string[] = [];
    const other: string[] = [];
    expect(changes.version).toBe('boot-0');
    const stop = changes.subscribe((version) => heard.push(version));
    changes.subscribe((version) => other.push(version));
    expect(changes.listening).toBe(2);
    changes.changed();
    changes.changed();
    expect(heard).toEqual(['boot-1', 'boot-2']);
    stop();
    changes.changed();
    expect(heard).toEqual(['boot-1', 'boot-2']);
    expect(other).toEqual(['boot-1', 'boot-2', 'boot-3']);
    expect(changes.version).toBe('boot-3');
  });

  it('a listener that throws keeps no other from hearing', () => {
    const changes = new LiveChanges();
    const heard: string[] = [];
    changes.subscribe(() => {
      throw new Error('gone');
    });
    changes.subscribe((version) => heard.push(version));
    changes.changed();
    expect(heard).toEqual([changes.version]);
  });

  it('names its process: two processes never give the same version', () => {
    expect(new LiveChanges().version).not.toBe(new LiveChanges().version);
  });

  it('once closed, its signal is aborted, nobody listens and nothing more is told', () => {
    const changes = new LiveChanges('boot');
    const heard: string[] = [];
    changes.subscribe((version) => heard.push(version));
    changes.close();
    expect(changes.closed.aborted).toBe(true);
    expect(changes.listening).toBe(0);
    changes.changed();
    expect(heard).toEqual([]);
  });
});

describe('what tells the notifier', () => {
  it('the run log on every save, so a queued run, a joined request, a step and the end of a run are all told', async () => {
    const dir = mkdtempSync(join(work, 'runs-'));
    const changes = new LiveChanges('boot');
    const runLog = new RunLog(join(dir, 'runs.json'));
    runLog.onChange = () => changes.changed();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const queue = new RunQueue(runLog, async (run) => {
      runLog.trySave(); // a step, as the pipeline's onStep saves it
      await held;
      run.state = 'published';
    });
    const heard: string[] = [];
    changes.subscribe((version) => heard.push(version));
    queue.request('live', 'webhook');
    // Queued (the add), then started (running).
    expect(heard.length).toBeGreaterThanOrEqual(2);
    const started = heard.length;
    queue.request('live', 'webhook');
    expect(heard.length).toBeGreaterThan(started);
    const queued = heard.length;
    release();
    await queue.settled();
    expect(heard.length).toBeGreaterThan(queued);
    expect(runLog.runs.every((run) => run.state !== 'queued' && run.state !== 'running')).toBe(true);
  });

  it('the pause when it starts and when it ends', () => {
    const dir = mkdtempSync(join(work, 'pause-'));
    const pause = new PauseState(join(dir, 'paused.json'));
    let told = 0;
    pause.onChange = () => (told += 1);
    pause.pause({ since: '2026-11-26T10:00:00.000Z', by: 'Anne Aas', release: '20261126T100000Z' });
    expect(told).toBe(1);
    pause.resume();
    expect(told).toBe(2);
  });

  it('the schedule when what it knows of freshness changes (a finished run noted)', () => {
    const dir = mkdtempSync(join(work, 'schedule-'));
    mkdirSync(join(dir, 'releases'));
    const runLog = new RunLog(join(dir, 'runs.json'));
    const queue = new RunQueue(runLog, async () => {});
    let told = 0;
    const scheduler = new Scheduler({
      stateDir: dir,
      releasesDir: join(dir, 'releases'),
      boxOfficeMinutes: 0,
      queue,
      runLog,
      now: () => Date.parse('2026-11-26T10:00:00.000Z'),
      notifyUrl: undefined,
      log: () => {},
      timer: false,
      onChange: () => (told += 1),
    });
    scheduler.runFinished({
      id: 1,
      kind: 'live',
      trigger: 'schedule',
      requests: 1,
      state: 'unchanged',
      queuedAt: '2026-11-26T09:59:00.000Z',
      startedAt: '2026-11-26T09:59:00.000Z',
    });
    expect(told).toBeGreaterThan(0);
  });
});

/** A service's app with the status page and the live channel; `heartbeatMs` short so a test sees one. */
function service(name: string, heartbeatMs = 60_000) {
  const dir = join(work, name);
  mkdirSync(join(dir, 'releases'), { recursive: true });
  mkdirSync(join(dir, 'preview'), { recursive: true });
  mkdirSync(join(dir, 'content'), { recursive: true });
  const changes = new LiveChanges('boot');
  const runLog = new RunLog(join(dir, 'runs.json'));
  runLog.onChange = () => changes.changed();
  const queue = new RunQueue(runLog, async () => {});
  const sessions = new Sessions('the service password', false, accounts);
  const log = () => {};
  const app = serviceApp(
    log,
    statusRoutes({
      releasesDir: join(dir, 'releases'),
      previewDir: join(dir, 'preview'),
      previewUrl: () => 'https://forehandsvising.kaia.test/',
      queue,
      runLog,
      sessions,
      changes,
      log,
    }),
    liveRoute({ sessions, changes, heartbeatMs }),
    staffRoutes({ releasesDir: join(dir, 'releases'), contentDir: join(dir, 'content'), queue, runLog, sessions, publicOrigin: ORIGIN, log }),
  );
  return { app, changes, queue, runLog, sessions };
}

async function signIn(sessions: Sessions): Promise<string> {
  const session = await sessions.login('anne', PASSWORD, '198.51.100.1');
  if ('waitSeconds' in session) throw new Error('login refused');
  return sessions.cookie(session).split(';')[0]!;
}

/** Reads a server-sent events stream block by block (a block ends with a blank line), each read failing after `ms`. */
function eventReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  open.push(reader);
  const decoder = new TextDecoder();
  let buffered = '';
  return {
    /** The next block's lines, or null when the stream ended. */
    async next(ms = 2000): Promise<string[] | null> {
      const deadline = Date.now() + ms;
      for (;;) {
        const end = buffered.indexOf('\n\n');
        if (end >= 0) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          return block.split('\n');
        }
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<never>((_, fail) => {
          timer = setTimeout(() => fail(new Error(`no event within ${ms} ms`)), Math.max(0, deadline - Date.now()));
        });
        try {
          const { done, value } = await Promise.race([reader.read(), timeout]);
          if (done) return null;
          buffered += decoder.decode(value, { stream: true });
        } finally {
          clearTimeout(timer);
        }
      }
    },
  };
}

const channel = (app: ReturnType<typeof service>['app'], cookie?: string) =>
  app.request(`${ORIGIN}${LIVE_CHANNEL}`, { headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) } });

describe('GET /staff/live', () => {
  it('is refused without a session (401, no stream), and takes only GET', async () => {
    const { app } = service('refused');
    const answer = await channel(app);
    expect(answer.status).toBe(401);
    expect(answer.headers.get('content-type')).not.toContain('text/event-stream');
    expect((await app.request(`${ORIGIN}${LIVE_CHANNEL}`, { method: 'POST' })).status).toBe(405);
  });

  it('streams the version at once, then a new one when a hook queues a run: the version the status page then names', async () => {
    const { app, changes, queue, sessions } = service('stream');
    const cookie = await signIn(sessions);
    const answer = await channel(app, cookie);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/event-stream');
    // nginx passes the events on as they come, not buffered.
    expect(answer.headers.get('x-accel-buffering')).toBe('no');
    const events = eventReader(answer.body!);
    const first = await events.next();
    expect(first).toEqual(['event: changed', `data: ${changes.version}`, `id: ${changes.version}`, 'retry: 2000']);
    const before = changes.version;
    queue.request('live', 'webhook');
    await queue.settled();
    // One event or more (queued, started, finished); the last names what the page shows now.
    const seen: string[] = [];
    while (seen.at(-1) !== changes.version) {
      const block = await events.next();
      expect(block).not.toBeNull();
      expect(block![0]).toBe('event: changed');
      seen.push(block![1]!.replace('data: ', ''));
    }
    expect(seen[0]).not.toBe(before);
    const page = await (await app.request(`${ORIGIN}/staff/`, { headers: { cookie } })).text();
    expect(page).toContain(`<main data-live-version="${changes.version}">`);
  });

  it('sends a comment line while nothing changes, so a proxy keeps the quiet channel open', async () => {
    const { app, sessions } = service('heartbeat', 20);
    const answer = await channel(app, await signIn(sessions));
    const events = eventReader(answer.body!);
    expect((await events.next())![0]).toBe('event: changed');
    expect(await events.next()).toEqual([': still here']);
    expect(await events.next()).toEqual([': still here']);
  });

  it('ends when the session ends (signed out), at the next heartbeat', async () => {
    const { app, sessions } = service('signed-out', 20);
    const cookie = await signIn(sessions);
    const events = eventReader((await channel(app, cookie)).body!);
    expect((await events.next())![0]).toBe('event: changed');
    sessions.logout({ socket: { remoteAddress: '' }, headers: { cookie } });
    let block: string[] | null;
    do block = await events.next();
    while (block !== null);
    expect(block).toBeNull();
  });

  it('ends when the service stops, so the server can close; a channel asked for then is refused', async () => {
    const { app, changes, sessions } = service('stopping');
    const cookie = await signIn(sessions);
    const events = eventReader((await channel(app, cookie)).body!);
    expect((await events.next())![0]).toBe('event: changed');
    expect(changes.listening).toBe(1);
    changes.close();
    expect(await events.next()).toBeNull();
    expect(changes.listening).toBe(0);
    expect((await channel(app, cookie)).status).toBe(503);
  });

  it('a reader that goes away stops listening', async () => {
    const { app, changes, sessions } = service('gone');
    const events = eventReader((await channel(app, await signIn(sessions))).body!);
    expect((await events.next())![0]).toBe('event: changed');
    expect(changes.listening).toBe(1);
    await open.pop()!.cancel();
    changes.changed();
    await expect.poll(() => changes.listening).toBe(0);
  });
});

describe('the channel of the running service (node:http on 127.0.0.1)', () => {
  it("passes each change on over a real socket at once, nginx told not to buffer it, and an open channel does not hold up the service's stop", async () => {
    const dir = mkdtempSync(join(work, 'service-'));
    const config = readPublisherConfig({
      ...UNREACHABLE_SOURCES,
      CONTENT_DIR: join(dir, 'content'),
      RELEASES_DIR: join(dir, 'releases'),
      PUBLISHER_PORT: '0',
      PUBLISHER_HOOK_SECRET: 'live-hook-secret-0123',
      PUBLISHER_SYNC_MINUTES: '0',
      PUBLISHER_STAFF_PASSWORD: 'live-staff-password',
    });
    mkdirSync(join(dir, 'content'));
    await addStaffAccount(config.accountsFile, 'anne', 'Anne Aas', PASSWORD);
    const publisher = await startPublisher(config, { previewPort: 0, log: () => {} });
    let closed = false;
    try {
      const { cookie } = await staffLogin(publisher.url, 'anne', PASSWORD);
      const answer = await fetch(`${publisher.url}${LIVE_CHANNEL}`, { headers: { cookie, accept: 'text/event-stream' } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toContain('text/event-stream');
      expect(answer.headers.get('x-accel-buffering')).toBe('no');
      const events = eventReader(answer.body!);
      const first = (await events.next())!;
      expect(first[0]).toBe('event: changed');
      // A run asked for (its sources are unreachable, so it fails at once): told within the time-out.
      publisher.queue.request('live', 'staff');
      const next = (await events.next())!;
      expect(next[0]).toBe('event: changed');
      expect(next[1]).not.toBe(first[1]);
      await publisher.queue.settled();
      const stopped = Date.now();
      await publisher.close();
      closed = true;
      expect(Date.now() - stopped).toBeLessThan(2000);
      // The channel is over: it ends or its socket is cut, never left open until a time-out.
      let end: string[] | null | Error;
      do end = await events.next().catch((error: unknown) => error as Error);
      while (Array.isArray(end));
      expect(end instanceof Error ? end.message : 'ended').not.toMatch(/no event within/);
    } finally {
      if (!closed) await publisher.close();
    }
  });
});

describe('the forced-build and queued messages', () => {
  it('say the page follows by itself, never to reload', () => {
    for (const key of ['queued', 'preview-queued', 'rebuild-queued'] as const) {
      expect(messages[key].text).toContain('Sida viser korleis det går.');
      expect(messages[key].text).not.toMatch(/[Ll]ast sida på nytt/);
    }
  });
});
