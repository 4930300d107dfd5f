/**
 * The publish service repairs itself when it starts after a kill: content/ is brought back to
 * what the live release was built from (a kill between the switch of `current` and that step
 * left it stale), a dead run's lock is taken over and what the run left is removed.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readPublisherConfig } from '../../../publisher/config';
import { startPublisher } from '../../../publisher/server';
import { UNREACHABLE_SOURCES } from '../../support/offline-sources';

let work: string;
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'kaia-start-'));
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

const config = () =>
  readPublisherConfig({
    ...UNREACHABLE_SOURCES,
    CONTENT_DIR: join(work, 'content'),
    RELEASES_DIR: join(work, 'releases'),
    PUBLISHER_PORT: '0',
    PUBLISHER_HOOK_SECRET: 'start-hook-secret-0123',
    // Only the repair at start; a schedule would start a day build at once (publisher-schedule.test.ts).
    PUBLISHER_SYNC_MINUTES: '0',
    PUBLISHER_STAFF_PASSWORD: 'start-staff-password',
  });

describe('the publish service at start', () => {
  it('makes content/ match the live release and removes what a killed run left', async () => {
    const releases = join(work, 'releases');
    const live = '20261123T100000Z';
    mkdirSync(join(releases, live), { recursive: true });
    writeFileSync(join(releases, live, 'index.html'), '<h1>live</h1>');
    mkdirSync(join(releases, `${live}.content`));
    writeFileSync(join(releases, `${live}.content`, 'articles.json'), '["what is live"]\n');
    symlinkSync(live, join(releases, 'current'));
    // Killed after switching `current`, before content/ followed; its staging and lock are left.
    mkdirSync(join(work, 'content'));
    writeFileSync(join(work, 'content', 'articles.json'), '["the release before"]\n');
    writeFileSync(join(work, 'content', 'config.json'), '{}\n');
    mkdirSync(join(releases, '.staging-20261123T100500Z'));
    mkdirSync(join(releases, '..staging-20261123T100500Z.content-import-Xy12'));
    writeFileSync(join(releases, '.lock'), JSON.stringify({ pid: 999_999_999, start: '1' }));

    const publisher = await startPublisher(config(), { previewPort: 0, log: () => {} });
    try {
      expect(readFileSync(join(work, 'content', 'articles.json'), 'utf8')).toBe('["what is live"]\n');
      expect(readFileSync(join(work, 'content', 'config.json'), 'utf8')).toBe('{}\n');
      expect(readdirSync(releases).sort()).toEqual([live, `${live}.content`, 'current']);
      expect(existsSync(join(releases, '.lock'))).toBe(false);
    } finally {
      await publisher.close();
    }
  });
});
