/**
 * Tests that catch the kinds of bug planted in the publish service's logic and missed before
 * (issue 33): an expired preview ticket accepted, a stale rollback confirmation switching away
 * from a release that went live since, a rollback counted as a source check, a webhook run that
 * a schedule tick joined sending no notification, and delivery ids forgotten too soon.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AccountBook, hashPassword, writeAccountsFile } from '../../../publisher/accounts/accounts';
import { DeliveryLog, TOLERANCE_MS } from '../../../publisher/routes/hook-checks';
import { notifyRun, onlyScheduled } from '../../../publisher/pipeline/notify';
import type { RunRecord } from '../../../publisher/runs/run-record';
import { noteRun, planSchedule } from '../../../publisher/schedule/schedule';
import { finishedRun } from '../../../publisher/schedule/schedule';
import { Sessions } from '../../../publisher/accounts/staff-access';
import type { GoLive } from '../../../release/go-live';
import { currentRelease, switchCurrent } from '../../../release/releases';
import { deployLiveTo, switchLiveTo } from '../../../release/rollback';
import { startChatWebhook } from '../../support/chat-webhook';
import { TEST_SCRYPT } from '../../support/staff-account';

const MIN = 60_000;
let work: string;
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'kaia-planted-'));
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

describe('a preview ticket', () => {
  it('opens the preview once within its minute, and never after it expired', async () => {
    const file = join(work, 'accounts.json');
    writeAccountsFile(file, [{ username: 'anne', name: 'Anne Aas', password: await hashPassword('annes passord 2026', TEST_SCRYPT) }]);
    let now = Date.parse('2026-11-24T10:00:00Z');
    const sessions = new Sessions('the service password', false, new AccountBook(file), [], () => now);
    const session = sessions.store.create(sessions.accounts.find('anne')!);
    const fresh = sessions.previewTicket(session);
    now += 59_000;
    expect(sessions.redeemPreviewTicket(fresh)?.id).toBe(session.id);
    const expired = sessions.previewTicket(session);
    now += 60_000;
    expect(sessions.redeemPreviewTicket(expired)).toBeUndefined();
    // The session itself still stands: only the ticket expired.
    expect(sessions.store.get(session.id, (username) => sessions.accounts.find(username))?.id).toBe(session.id);
  });
});

describe('a stale rollback confirmation', () => {
  const A = '20261124T090000Z';
  const B = '20261124T100000Z';
  const C = '20261124T110000Z';
  let releasesDir: string;
  let contentDir: string;
  beforeEach(() => {
    releasesDir = join(work, 'releases');
    contentDir = join(work, 'content');
    mkdirSync(contentDir);
    for (const release of [A, B, C]) {
      mkdirSync(join(releasesDir, release), { recursive: true });
      mkdirSync(join(releasesDir, `${release}.content`));
      writeFileSync(join(releasesDir, release, 'index.html'), release);
    }
  });

  it('switches nothing when another release went live since it was shown (moved)', () => {
    // Confirmed while B was live, to go back to A; C went live meanwhile.
    switchCurrent(releasesDir, C);
    expect(switchLiveTo(releasesDir, contentDir, B, A)).toBe('moved');
    expect(currentRelease(releasesDir)).toBe(C);
    // Sent again while it holds: as asked, and then idempotent.
    switchCurrent(releasesDir, B);
    expect(switchLiveTo(releasesDir, contentDir, B, A)).toBe('switched');
    expect(switchLiveTo(releasesDir, contentDir, B, A)).toBe('already');
    expect(currentRelease(releasesDir)).toBe(A);
  });

  it('deploys nothing on a CDN when another release went live since (moved)', async () => {
    const log = join(work, 'deploys.log');
    const way: GoLive = {
      mode: 'deploy',
      command: `FAKE_DEPLOY_LOG="${log}" "${process.execPath}" tests/support/fake-deploy.mjs {dir} "${join(work, 'cdn')}"`,
      timeoutMs: 20_000,
    };
    mkdirSync(join(work, 'cdn'));
    switchCurrent(releasesDir, C);
    expect(await deployLiveTo(releasesDir, contentDir, B, A, way)).toEqual({ outcome: 'moved' });
    expect(currentRelease(releasesDir)).toBe(C);
    expect(existsSync(log)).toBe(false); // the command never ran
  });
});

const record = (more: Partial<RunRecord>): RunRecord => ({
  id: 1,
  kind: 'live',
  trigger: 'webhook',
  requests: 1,
  state: 'published',
  queuedAt: '2026-11-24T23:00:05Z',
  startedAt: '2026-11-24T23:00:05Z',
  ...more,
});

describe('a rollback', () => {
  it('is no check of the sources: one just after midnight leaves the day build due', () => {
    const rollback = record({ trigger: 'rollback', release: '20261124T090000Z' });
    expect(finishedRun(rollback)).toMatchObject({ kind: 'live', checksSources: false, state: 'published' });
    expect(finishedRun(record({ trigger: 'webhook' }))).toMatchObject({ checksSources: true });
    // Built on the 24th at 10:00 Oslo time; rolled back at 00:00:05 on the 25th.
    const before = noteRun({}, finishedRun(record({ startedAt: '2026-11-24T09:00:00Z' })));
    const after = noteRun(before, finishedRun(rollback));
    expect(after).toEqual(before);
    expect(planSchedule(Date.parse('2026-11-24T23:01:00Z'), after, 5 * MIN)).toMatchObject({ due: 'day-build', behind: true });
  });
});

describe('the chat notification of a run', () => {
  it('is sent for a webhook run that a schedule tick joined, and not for a run only the schedule asked for', async () => {
    const joined = record({ id: 7, trigger: 'webhook', causes: ['schedule', 'day-build'], release: '20261125T000005Z', by: 'CMS' });
    expect(onlyScheduled(joined)).toBe(false);
    expect(onlyScheduled(record({ trigger: 'schedule', causes: ['day-build'] }))).toBe(true);
    const chat = await startChatWebhook<{ run?: number; state?: string }>();
    try {
      await notifyRun(chat.url, record({ id: 6, trigger: 'schedule', causes: ['day-build'] }), () => {});
      await notifyRun(chat.url, joined, () => {});
      expect(chat.messages).toEqual([expect.objectContaining({ run: 7, state: 'published' })]);
      expect(joined.notified).toBe(true);
    } finally {
      await chat.close();
    }
  });
});

describe('a delivery id', () => {
  it('is refused when seen again nine minutes later (kept for twice the replay window), also after a restart', () => {
    const path = join(work, 'deliveries.json');
    const now = Date.parse('2026-11-24T10:00:00Z');
    new DeliveryLog(path).record('delivery-1', now);
    const later = now + 9 * MIN;
    expect(9 * MIN).toBeGreaterThan(TOLERANCE_MS);
    const log = new DeliveryLog(path);
    expect(log.seen('delivery-1', later)).toBe(true);
    log.record('delivery-2', later);
    expect(log.seen('delivery-1', later)).toBe(true);
    // Past twice the window it may go: its timestamp is refused by then anyway.
    expect(log.seen('delivery-1', now + 2 * TOLERANCE_MS + 1)).toBe(false);
  });
});
