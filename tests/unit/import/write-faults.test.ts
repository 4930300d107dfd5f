/**
 * Faults injected at the write step itself: content/ survives a rename that fails, a disk that
 * fills up while the copy is written, and a process killed between the two renames.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backupPathOf, realFileOps, recoverInterruptedSwap, swapInContent } from '../../../import/write';

let work: string;
let contentDir: string;
const snapshot = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir)
      .sort()
      .map((name) => [name, readFileSync(join(dir, name), 'utf8')]),
  );
const newFiles = { 'articles.json': '[{"id":"new"}]\n', 'events.json': '[]\n' };

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'kaia-write-'));
  contentDir = join(work, 'content');
  cpSync('content', contentDir, { recursive: true });
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

describe('the content write under faults', { timeout: 60_000 }, () => {
  it('writes the new files and keeps every other one', () => {
    const before = snapshot(contentDir);
    swapInContent(contentDir, newFiles);
    expect(snapshot(contentDir)).toEqual({ ...before, ...newFiles });
    expect(readdirSync(work)).toEqual(['content']);
  });

  it('restores content/ when the second rename fails', () => {
    const before = snapshot(contentDir);
    let renames = 0;
    const failing = {
      ...realFileOps,
      renameSync: (from: string, to: string) => {
        renames += 1;
        if (renames === 2) throw Object.assign(new Error('EXDEV: cross-device link not permitted'), { code: 'EXDEV' });
        realFileOps.renameSync(from, to);
      },
    };
    expect(() => swapInContent(contentDir, newFiles, failing)).toThrow(/EXDEV/);
    expect(snapshot(contentDir)).toEqual(before);
    expect(readdirSync(work)).toEqual(['content']);
  });

  it('leaves content/ as it was when the first rename fails', () => {
    const before = snapshot(contentDir);
    const failing = {
      ...realFileOps,
      renameSync: () => {
        throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
      },
    };
    expect(() => swapInContent(contentDir, newFiles, failing)).toThrow(/EACCES/);
    expect(snapshot(contentDir)).toEqual(before);
    expect(readdirSync(work)).toEqual(['content']);
  });

  it('leaves content/ as it was when the disk fills up while the copy is written', () => {
    const before = snapshot(contentDir);
    let writes = 0;
    const full = {
      ...realFileOps,
      writeFileSync: (path: string, text: string) => {
        writes += 1;
        // The first file goes in whole, the second only in part, then the disk is full.
        if (writes === 2) {
          realFileOps.writeFileSync(path, text.slice(0, 3));
          throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
        }
        realFileOps.writeFileSync(path, text);
      },
    };
    expect(() => swapInContent(contentDir, newFiles, full)).toThrow(/ENOSPC/);
    expect(snapshot(contentDir)).toEqual(before);
    expect(readdirSync(work)).toEqual(['content']);
  });

  it('recovers content/ on the next run after a process killed between the two renames', () => {
    const before = snapshot(contentDir);
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'tests/unit/fixtures/swap-and-die.ts', contentDir, ...Object.entries(newFiles).map(([k, v]) => `${k}=${v}`)],
      {
        encoding: 'utf8',
      },
    );
    expect(child.signal).toBe('SIGKILL');
    // Killed between the renames: content/ is gone, its backup holds it, and the staged copy is left over.
    expect(existsSync(contentDir)).toBe(false);
    expect(existsSync(backupPathOf(contentDir))).toBe(true);
    expect(recoverInterruptedSwap(contentDir)).toBe(true);
    expect(snapshot(contentDir)).toEqual(before);
    expect(readdirSync(work)).toEqual(['content']);
  });
});
