/**
 * The sandbox's box office (sandbox/box-office.ts and `POST /__sandbox/boxoffice`): a showing
 * added, moved or sold out changes what the runtime API serves, never the CMS, and sends no
 * webhook. And the import notices each of these: what makes a run «changed» covers the
 * box office's data, not only the CMS's records.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readImportConfig } from '../../../import/config';
import { runImport } from '../../../import/run';
import { applyBoxOfficeChange, boxOfficeRequest, parseBoxOfficeChange, parseShowTime, showingsOn, UsageError } from '../../../sandbox/box-office';
import { sandboxImportEnv } from '../../../sandbox/import-env';
import { loadDataset, startSandbox, type Dataset, type Sandbox } from '../../../sandbox/server';

type Event = {
  id: string;
  startTime: string;
  endTime?: string;
  availability: string;
  status: string;
  ticketUrl: string;
  production: { pageReference?: string };
};

const events = (dataset: Dataset) => dataset.events as Event[];
const byId = (dataset: Dataset, id: string) => events(dataset).find((event) => event.id === id)!;

describe('times the box office is given', () => {
  it('reads Oslo wall-clock times with the offset of their season', () => {
    expect(parseShowTime('2026-11-26 18:00')).toBe('2026-11-26T18:00:00+01:00');
    expect(parseShowTime('2026-06-10T9.30')).toBe('2026-06-10T09:30:00+02:00');
    // The days the clocks change: before and after the change on each.
    expect(parseShowTime('2026-03-29 01:30')).toBe('2026-03-29T01:30:00+01:00');
    expect(parseShowTime('2026-03-29 18:00')).toBe('2026-03-29T18:00:00+02:00');
    expect(parseShowTime('2026-10-25 18:00')).toBe('2026-10-25T18:00:00+01:00');
  });

  it('takes a clock time alone on the day of the showing it moves', () => {
    expect(parseShowTime('20:30', '2026-11-24T11:00:00+01:00')).toBe('2026-11-24T20:30:00+01:00');
    expect(parseShowTime('00:15', '2026-11-24T23:00:00+01:00')).toBe('2026-11-24T00:15:00+01:00');
  });

  it('keeps an ISO time with an offset as it is, and refuses anything else by name', () => {
    expect(parseShowTime('2026-11-26T17:00:00Z')).toBe('2026-11-26T17:00:00Z');
    for (const bad of ['18:00', '2026-02-30 18:00', '2026-11-26 25:00', 'i morgon', '2026-11-26T18:00:00'])
      expect(() => parseShowTime(bad), bad).toThrow(/not a (time|date)/);
  });
});

describe("changes to the box office's data", () => {
  let dataset: Dataset;
  beforeEach(() => {
    dataset = loadDataset('content');
  });

  it('adds a showing like the film’s latest one, on sale, with a new id and ticket link', () => {
    const before = events(dataset).length;
    const film = 'alt-vi-ikkje-sa-qy4zf';
    const latest = events(dataset)
      .filter((event) => event.production.pageReference === film)
      .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime))
      .at(-1)!;
    const added = applyBoxOfficeChange(dataset, { action: 'add', like: film, at: '2026-11-26 21:15' }) as Event;
    expect(events(dataset)).toHaveLength(before + 1);
    expect(added).toMatchObject({ startTime: '2026-11-26T21:15:00+01:00', availability: 'available', status: 'scheduled', production: latest.production });
    expect(events(dataset).filter((event) => event.id === added.id)).toHaveLength(1);
    expect(added.ticketUrl).toMatch(new RegExp(`${added.id.replace('ev-', '')}$`));
    // The same length as the showing it was copied from.
    expect(Date.parse(added.endTime!) - Date.parse(added.startTime)).toBe(Date.parse(latest.endTime!) - Date.parse(latest.startTime));
  });

  it('adds a showing like a given event', () => {
    const model = events(dataset)[2]!;
    const added = applyBoxOfficeChange(dataset, { action: 'add', like: model.id, at: '2026-12-01 12:00' }) as Event;
    expect(added.production).toEqual(model.production);
    expect(added.id).not.toBe(model.id);
  });

  it('moves a showing and keeps its length, across a change of offset too', () => {
    const model = events(dataset).find((event) => event.endTime)!;
    const length = Date.parse(model.endTime!) - Date.parse(model.startTime);
    const moved = applyBoxOfficeChange(dataset, { action: 'move', id: model.id, at: '2027-06-01 19:00' }) as Event;
    expect(moved.startTime).toBe('2027-06-01T19:00:00+02:00');
    expect(Date.parse(moved.endTime!) - Date.parse(moved.startTime)).toBe(length);
    expect(moved.endTime).toMatch(/\+02:00$/);
    expect(byId(dataset, model.id).startTime).toBe('2027-06-01T19:00:00+02:00');
  });

  it('sells out, marks few left and puts a showing on sale again', () => {
    const id = events(dataset)[0]!.id;
    for (const availability of ['soldout', 'few', 'available'] as const) {
      applyBoxOfficeChange(dataset, { action: 'availability', id, availability });
      expect(byId(dataset, id).availability).toBe(availability);
    }
  });

  it('refuses unknown showings and productions, and malformed requests, changing nothing', () => {
    const snapshot = JSON.stringify(dataset.events);
    expect(() => applyBoxOfficeChange(dataset, { action: 'availability', id: 'ev-nope', availability: 'soldout' })).toThrow(/no showing ev-nope/);
    expect(() => applyBoxOfficeChange(dataset, { action: 'add', like: 'no-such-film', at: '2026-11-26 18:00' })).toThrow(/no showing or production/);
    expect(() => applyBoxOfficeChange(dataset, { action: 'move', id: events(dataset)[0]!.id, at: 'soon' })).toThrow(/not a time/);
    expect(JSON.stringify(dataset.events)).toBe(snapshot);
    expect(() => parseBoxOfficeChange({ action: 'availability', id: 'x', availability: 'gone' })).toThrow(/availability must be one of/);
    expect(() => parseBoxOfficeChange({ action: 'sell' })).toThrow(/action must be/);
    expect(() => parseBoxOfficeChange([])).toThrow(/JSON object/);
    expect(() => parseBoxOfficeChange({ action: 'move', id: 'x' })).toThrow(/at is missing/);
  });

  it('lists a day’s showings in Oslo time with their titles', () => {
    const lines = showingsOn(dataset, '2026-11-24');
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((line) => line.startTime.startsWith('2026-11-24'))).toBe(true);
    expect(lines.map((line) => line.startTime)).toEqual([...lines.map((line) => line.startTime)].sort());
    expect(lines.find((line) => line.id === 'ev-431036')).toMatchObject({ title: 'Alt vi ikkje sa', hall: 'Wickssalen' });
    expect(() => showingsOn(dataset, '24.11.2026')).toThrow(/YYYY-MM-DD/);
  });
});

describe('the command line', () => {
  const now = new Date('2026-11-24T23:30:00Z'); // 00:30 on 25 November in Oslo

  it('turns each command into its admin request', () => {
    expect(boxOfficeRequest(['list'], now)).toEqual({ method: 'GET', query: 'day=2026-11-25' });
    expect(boxOfficeRequest(['add', 'alt-vi-ikkje-sa', '2026-11-26', '18:00'], now)).toEqual({
      method: 'POST',
      body: { action: 'add', like: 'alt-vi-ikkje-sa', at: '2026-11-26 18:00' },
    });
    expect(boxOfficeRequest(['move', 'ev-431036', '20:30'], now)).toEqual({ method: 'POST', body: { action: 'move', id: 'ev-431036', at: '20:30' } });
    expect(boxOfficeRequest(['soldout', 'ev-431036'], now)).toEqual({
      method: 'POST',
      body: { action: 'availability', id: 'ev-431036', availability: 'soldout' },
    });
  });

  it('says what is missing', () => {
    expect(() => boxOfficeRequest(['add', 'alt-vi-ikkje-sa'], now)).toThrow(UsageError);
    expect(() => boxOfficeRequest(['few'], now)).toThrow(/needs an event id/);
    expect(() => boxOfficeRequest(['soldout', 'a', 'b'], now)).toThrow(/one event id/);
    expect(() => boxOfficeRequest(['sell', 'a'], now)).toThrow(/unknown command sell/);
  });
});

describe('the admin endpoint, and the import noticing', () => {
  let sandbox: Sandbox;
  let work: string;
  let dataset: Dataset;
  const webhooks: string[] = [];
  const config = () => readImportConfig({ ...sandboxImportEnv(sandbox.url), IMPORT_RETRY_DELAY_MS: '1' });
  const post = (body: unknown) => fetch(`${sandbox.url}/__sandbox/boxoffice`, { method: 'POST', body: JSON.stringify(body) });
  const runtimeEvents = async () => (await (await fetch(`${sandbox.url}/runtime/sites/site118a/basic_events`)).json()) as Event[];

  let receiver: Server;

  beforeAll(async () => {
    dataset = loadDataset('content');
    // A webhook receiver that must hear nothing: the box office is not the CMS.
    receiver = createServer((req, res) => {
      webhooks.push(req.url ?? '');
      res.writeHead(202).end();
    });
    await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
    const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/cms`;
    sandbox = await startSandbox({ dataset, webhook: { url: hook, secret: 'x'.repeat(20) } });
    work = mkdtempSync(join(tmpdir(), 'kaia-box-office-'));
    cpSync('content', join(work, 'content'), { recursive: true });
  });
  afterAll(async () => {
    await sandbox.close();
    await new Promise((done) => receiver.close(done));
    rmSync(work, { recursive: true, force: true });
  });

  it('an import with no box-office change writes nothing', async () => {
    const result = await runImport({ config: config(), contentDir: join(work, 'content') });
    expect(result.written).toEqual([]);
  });

  it('a sold-out showing is served by the runtime API at once, and the import sees the events changed', async () => {
    const id = 'ev-431036';
    const response = await post({ action: 'availability', id, availability: 'soldout' });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { event: Event }).event.availability).toBe('soldout');
    expect((await runtimeEvents()).find((event) => event.id === id)?.availability).toBe('soldout');
    const result = await runImport({ config: config(), contentDir: join(work, 'content') });
    expect(result.written).toEqual(['events.json']);
    expect(result.changes.find((change) => change.collection === 'events')?.changed).toEqual([id]);
    const imported = JSON.parse(readFileSync(join(work, 'content', 'events.json'), 'utf8')) as Event[];
    expect(imported.find((event) => event.id === id)?.availability).toBe('soldout');
  });

  it('few left, a new time and a new showing are each a change', async () => {
    const id = 'ev-431036';
    for (const change of [
      { action: 'availability', id, availability: 'few' },
      { action: 'move', id, at: '12:30' },
      { action: 'add', like: id, at: '2026-11-27 17:00' },
    ]) {
      const response = await post(change);
      expect(response.status, JSON.stringify(change)).toBe(200);
      const result = await runImport({ config: config(), contentDir: join(work, 'content') });
      expect(result.written, JSON.stringify(change)).toEqual(['events.json']);
    }
    const imported = JSON.parse(readFileSync(join(work, 'content', 'events.json'), 'utf8')) as Event[];
    expect(imported.find((event) => event.id === id)).toMatchObject({ availability: 'few', startTime: '2026-11-24T12:30:00+01:00' });
    expect(
      imported.filter((event) => event.startTime === '2026-11-27T17:00:00+01:00' && event.production.pageReference === 'alt-vi-ikkje-sa-qy4zf'),
    ).toHaveLength(1);
    // Nothing was edited in the CMS, and no webhook went out.
    expect(JSON.stringify(dataset.articles)).toBe(JSON.stringify(loadDataset('content').articles));
    expect(webhooks).toEqual([]);
  });

  it('knows an unchanged box-office check by its digest, without checking the records, and a box-office change breaks it', async () => {
    const contentDir = join(work, 'content');
    const first = await runImport({ config: config(), contentDir });
    expect(first.sameAsKnown).toBe(false);
    const lines: string[] = [];
    const again = await runImport({ config: config(), contentDir, knownDigest: first.digest, progress: (line) => lines.push(line) });
    expect(again).toMatchObject({ sameAsKnown: true, written: [], digest: first.digest });
    expect(lines).not.toContain('Checking every record …');
    expect(again.changes.find((change) => change.collection === 'events')?.total).toBe(dataset.events.length);
    expect((await post({ action: 'availability', id: 'ev-431054', availability: 'soldout' })).status).toBe(200);
    const changed = await runImport({ config: config(), contentDir, knownDigest: first.digest });
    expect(changed).toMatchObject({ sameAsKnown: false, written: ['events.json'] });
    expect(changed.digest).not.toBe(first.digest);
  });

  it('tells which source answered and which failed', async () => {
    const told: string[] = [];
    sandbox.setFault('platform', { kind: 'status', status: 503 });
    try {
      await expect(
        runImport({ config: config(), contentDir: join(work, 'content'), onDownload: (key, error) => told.push(`${key} ${error ? 'failed' : 'ok'}`) }),
      ).rejects.toThrow(/503/);
    } finally {
      sandbox.setFault('platform', null);
    }
    expect(told).toEqual(['articles ok', 'blockData ok', 'events ok', 'sites failed']);
  });

  it('answers bad requests with 400 and unknown showings with 404, as JSON', async () => {
    const bad = await fetch(`${sandbox.url}/__sandbox/boxoffice`, { method: 'POST', body: '{"action":' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/not JSON/);
    const unknown = await post({ action: 'availability', id: 'ev-0', availability: 'few' });
    expect(unknown.status).toBe(404);
    const list = await fetch(`${sandbox.url}/__sandbox/boxoffice?day=2026-11-24`);
    expect(((await list.json()) as { showings: { id: string }[] }).showings.map((line) => line.id)).toContain('ev-431036');
    expect((await fetch(`${sandbox.url}/__sandbox/boxoffice?day=i-dag`)).status).toBe(400);
  });
});
