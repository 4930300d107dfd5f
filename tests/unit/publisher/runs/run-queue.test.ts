/**
 * The publish service's memory, alone: the run queue (one run at a time, requests joining the
 * waiting run of their own kind, runs in the order asked for) and the delivery log (a delivery
 * id seen before a restart is still a replay after it).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeliveryLog } from '../../../../publisher/routes/hook-checks';
import { RunLog } from '../../../../publisher/runs/run-log';
import { RunQueue } from '../../../../publisher/runs/run-queue';
import type { RunRecord } from '../../../../publisher/runs/run-record';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kaia-queue-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A queue whose runs each wait until the test lets them finish. */
function heldQueue() {
  const started: RunRecord[] = [];
  const release: (() => void)[] = [];
  const queue = new RunQueue(new RunLog(join(dir, 'runs.json')), async (run) => {
    started.push(run);
    await new Promise<void>((done) => release.push(done));
    run.state = 'published';
  });
  const finishNext = async () => {
    while (release.length === 0) await new Promise((done) => setTimeout(done, 1));
    release.shift()!();
  };
  return { queue, started, finishNext };
}

describe('the run queue', () => {
  it('keeps a preview apart from the live run that waits, and runs everything in the order asked for', async () => {
    const { queue, started, finishNext } = heldQueue();
    const first = queue.request('live', 'webhook');
    const secondLive = queue.request('live', 'webhook');
    const preview = queue.request('preview', 'webhook');
    const joined = queue.request('live', 'staff');
    const previewAgain = queue.request('preview', 'staff');
    expect(secondLive).not.toBe(first);
    expect(joined).toBe(secondLive);
    expect(previewAgain).toBe(preview);
    expect(preview).not.toBe(secondLive);
    expect(secondLive.requests).toBe(2);
    expect(preview.requests).toBe(2);
    expect(preview.kind).toBe('preview');
    for (let i = 0; i < 3; i++) await finishNext();
    await queue.settled();
    expect(started.map((run) => run.id)).toEqual([first.id, secondLive.id, preview.id]);
    expect(started.map((run) => run.kind)).toEqual(['live', 'live', 'preview']);
  });

  it('runs queued requests oldest first, whatever their kind', async () => {
    const { queue, started, finishNext } = heldQueue();
    const going = queue.request('preview', 'staff');
    const live = queue.request('live', 'webhook');
    const preview = queue.request('preview', 'webhook');
    for (let i = 0; i < 3; i++) await finishNext();
    await queue.settled();
    expect(started.map((run) => run.id)).toEqual([going.id, live.id, preview.id]);
  });
});

describe('a restart', () => {
  it('runs the runs still queued when the last process stopped, and fails only the one that was going', async () => {
    const path = join(dir, 'runs.json');
    const before = new RunLog(path);
    const going = before.add('live', 'webhook', new Date('2026-11-24T10:00:00Z'));
    going.state = 'running';
    going.startedAt = '2026-11-24T10:00:01Z';
    const waitingPreview = before.add('preview', 'staff', new Date('2026-11-24T10:00:02Z'), 'Anne Aas');
    const waitingLive = before.add('live', 'webhook', new Date('2026-11-24T10:00:03Z'));
    before.save();
    // The process is killed here; a new one reads the log.
    const log = new RunLog(path);
    expect(log.runs.map((run) => [run.id, run.state])).toEqual([
      [waitingLive.id, 'queued'],
      [waitingPreview.id, 'queued'],
      [going.id, 'failed'],
    ]);
    const ran: number[] = [];
    const queue = new RunQueue(log, (run) => {
      ran.push(run.id);
      run.state = 'published';
      return Promise.resolve();
    });
    queue.resume();
    await queue.settled();
    expect(ran).toEqual([waitingPreview.id, waitingLive.id]);
    expect(new RunLog(path).runs.map((run) => [run.id, run.state])).toEqual([
      [waitingLive.id, 'published'],
      [waitingPreview.id, 'published'],
      [going.id, 'failed'],
    ]);
    // A request after the restart joins nothing that already ran: it is a run of its own.
    expect(queue.request('live', 'webhook').id).toBe(waitingLive.id + 1);
    await queue.settled();
  });
});

describe('a full disk', () => {
  it('fails the run that cannot be recorded, says why, and keeps the queue going', async () => {
    const { queue, started, finishNext } = heldQueue();
    const going = queue.request('live', 'webhook');
    const waiting = queue.request('live', 'staff');
    // The log's next save fails as on a full disk: its temporary file cannot be written.
    const blocker = join(dir, `runs.json.${process.pid}.tmp`);
    mkdirSync(blocker);
    await finishNext();
    await queue.settled();
    expect(started).toEqual([going]);
    expect(waiting.state).toBe('failed');
    expect(waiting.failure?.reason).toMatch(/fekk ikkje lagra loggen sin \(er disken full\?\)/);
    // A request that cannot be saved is refused, not half-queued.
    expect(() => queue.request('live', 'webhook')).toThrow();
    expect(queue.log.runs.filter((run) => run.state === 'queued')).toEqual([]);
    rmSync(blocker, { recursive: true });
    const next = queue.request('live', 'webhook');
    await finishNext();
    await queue.settled();
    expect(next.state).toBe('published');
  });
});

describe('the delivery log', () => {
  const now = Date.parse('2026-11-23T10:00:00Z');

  it('remembers a delivery across a restart of the service', () => {
    const path = join(dir, 'deliveries.json');
    const log = new DeliveryLog(path);
    expect(log.seen('delivery-1', now)).toBe(false);
    log.record('delivery-1', now);
    const restarted = new DeliveryLog(path);
    expect(restarted.seen('delivery-1', now + 1000)).toBe(true);
    expect(restarted.seen('delivery-2', now + 1000)).toBe(false);
  });

  it('is bounded by time, not by a count: a burst of 10,050 deliveries never refuses the next, and ten minutes later all are forgotten', () => {
    const path = join(dir, 'deliveries.json');
    const log = new DeliveryLog(path);
    for (let i = 0; i < 10_050; i++) {
      expect(log.seen(`burst-${i}`, now + i * 8)).toBe(false);
      log.record(`burst-${i}`, now + i * 8);
    }
    expect(log.seen('the-real-one', now + 86_000)).toBe(false);
    log.record('the-real-one', now + 86_000);
    expect(log.size).toBe(10_051);
    expect(new DeliveryLog(path).seen('burst-10049', now + 86_000)).toBe(true);
    // Past the window (twice the five minutes of the timestamp check) nothing is kept …
    const later = now + 86_000 + 10 * 60 * 1000 + 1;
    log.record('after', later);
    expect(log.size).toBe(1);
    // … and the file is rewritten without what expired.
    log.record('after-2', later);
    expect(readFileSync(path, 'utf8').trim().split('\n').length).toBeLessThan(10);
    expect(new DeliveryLog(path).seen('burst-1', later)).toBe(false);
  });

  it('treats a malformed file as empty', () => {
    const path = join(dir, 'deliveries.json');
    writeFileSync(path, '{"cut": ');
    expect(new DeliveryLog(path).seen('delivery-1', now)).toBe(false);
  });
});
