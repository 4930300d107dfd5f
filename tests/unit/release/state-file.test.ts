/**
 * The one helper every state file of the publish service goes through (release/state-file.ts):
 * read through a schema, a malformed file treated as absent and named in the log, written whole
 * or not at all; and the stores that use it (runs, live history, pause, deliveries).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'astro/zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeliveryLog } from '../../../publisher/routes/hook-checks';
import { LiveHistory } from '../../../publisher/runs/live-history';
import { PauseState } from '../../../publisher/runs/pause';
import { RunLog } from '../../../publisher/runs/run-log';
import { readStateFile, writeFileAtomic, writeStateFile } from '../../../release/state-file';

let dir: string;
let lines: string[];
const log = (line: string) => lines.push(line);
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kaia-state-'));
  lines = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const schema = z.object({ count: z.number().int(), name: z.string() });

describe('a state file', () => {
  it('reads back what was written, through its schema', () => {
    const path = join(dir, 'nested', 'state.json');
    writeStateFile(path, { count: 3, name: 'Kaia' });
    expect(readStateFile(path, schema, log)).toEqual({ count: 3, name: 'Kaia' });
    expect(lines).toEqual([]);
  });

  it('that is absent reads as absent, and says nothing', () => {
    expect(readStateFile(join(dir, 'none.json'), schema, log)).toBeUndefined();
    expect(lines).toEqual([]);
  });

  it('that is not JSON, or not the shape, reads as absent and says so in the log', () => {
    const path = join(dir, 'state.json');
    writeFileSync(path, '{"count": 3, "na');
    expect(readStateFile(path, schema, log)).toBeUndefined();
    writeFileSync(path, '{"count": "three", "name": "Kaia"}');
    expect(readStateFile(path, schema, log)).toBeUndefined();
    writeFileSync(path, '');
    expect(readStateFile(path, schema, log)).toBeUndefined();
    expect(lines).toEqual([
      `state file ${path} is malformed (not valid JSON); treated as absent`,
      expect.stringMatching(new RegExp(`^state file ${path} is malformed \\(count: .+\\); treated as absent$`)),
      `state file ${path} is malformed (not valid JSON); treated as absent`,
    ]);
  });

  it('is replaced whole, leaving no temporary file, with the mode asked for', () => {
    const path = join(dir, 'accounts.json');
    const big = 'x'.repeat(3 * 1024 * 1024);
    writeFileAtomic(path, 'old\n');
    writeFileAtomic(path, big, { mode: 0o600 });
    expect(readFileSync(path, 'utf8')).toBe(big);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['accounts.json']);
  });

  it('keeps the old file, and leaves no temporary one, when the new one cannot be put in place', () => {
    // The target is a folder with something in it: the rename over it fails.
    const path = join(dir, 'state.json');
    mkdirSync(path);
    writeFileSync(join(path, 'inside'), 'kept');
    expect(() => writeStateFile(path, { count: 1, name: 'x' })).toThrow();
    expect(readFileSync(join(path, 'inside'), 'utf8')).toBe('kept');
    expect(readdirSync(dir)).toEqual(['state.json']);
  });
});

describe('the stores that keep state files', () => {
  it('treat a malformed file as empty, say so in the log, and write a whole one next time', () => {
    const runs = join(dir, 'runs.json');
    const history = join(dir, 'live-history.json');
    const paused = join(dir, 'paused.json');
    const deliveries = join(dir, 'deliveries.json');
    writeFileSync(runs, '{"runs": [');
    writeFileSync(history, '{"switches": 42}');
    writeFileSync(paused, '{"since": "not a time", "by": "Anne", "release": "20261124T090000Z"}');
    mkdirSync(deliveries); // unreadable as a file
    expect(new RunLog(runs, log).runs).toEqual([]);
    expect(new LiveHistory(history, log).entries).toEqual([]);
    expect(new PauseState(paused, log).current).toBeUndefined();
    expect(new DeliveryLog(deliveries, log).size).toBe(0);
    expect(lines.map((line) => line.replace(dir, '<dir>').replace(/ \(.*\);/, ' (…);'))).toEqual([
      'state file <dir>/runs.json is malformed (…); treated as absent',
      'state file <dir>/live-history.json is malformed (…); treated as absent',
      'state file <dir>/paused.json is malformed (…); treated as absent',
      'state file <dir>/deliveries.json is malformed (…); treated as absent',
    ]);
    const log2 = new RunLog(runs, log);
    log2.add('live', 'webhook', new Date('2026-11-24T10:00:00Z'));
    expect(new RunLog(runs).runs).toHaveLength(1);
    const pause = new PauseState(paused);
    pause.pause({ since: '2026-11-24T10:00:00Z', by: 'Anne Aas', release: '20261124T090000Z' });
    expect(new PauseState(paused).current).toEqual({ since: '2026-11-24T10:00:00Z', by: 'Anne Aas', release: '20261124T090000Z' });
    pause.resume();
    expect(existsSync(paused)).toBe(false);
    expect(readdirSync(dir).filter((name) => name.includes('tmp'))).toEqual([]);
  });
});
