/**
 * The publish service's memory, alone: the run queue (one run at a time, requests joining the
 * waiting run of their own kind, runs in the order asked for) and the delivery log (a delivery
 * id seen before a restart is still a replay after it).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeliveryLog } from '../../publisher/hooks';
import { RunLog, RunQueue, type RunRecord } from '../../publisher/runs';

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

describe('the delivery log', () => {
  const now = Date.parse('2026-11-23T10:00:00Z');

  it('remembers a delivery across a restart of the service', () => {
    const path = join(dir, 'deliveries.json');
    expect(new DeliveryLog(path).claim('delivery-1', now)).toBe('new');
    const restarted = new DeliveryLog(path);
    expect(restarted.claim('delivery-1', now + 1000)).toBe('replay');
    expect(restarted.claim('delivery-2', now + 1000)).toBe('new');
  });

  it('treats a malformed file as empty', async () => {
    const path = join(dir, 'deliveries.json');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(path, '{"cut": ');
    expect(new DeliveryLog(path).claim('delivery-1', now)).toBe('new');
  });
});
