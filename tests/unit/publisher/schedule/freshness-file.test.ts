/**
 * freshness.json (publisher/schedule/freshness-file.ts) written before the box office had its
 * own name: its source was kept as 'runtime' and its warning as 'source:runtime'. Such a file is
 * read as if written today (the box office's history kept, no warning notified again), without a
 * word in the log, and is written back under today's names.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { alertChanges, freshnessWarnings } from '../../../../publisher/schedule/freshness';
import { readFreshnessFile, writeFreshnessFile } from '../../../../publisher/schedule/freshness-file';

const at = (iso: string) => Date.parse(iso);
const MIN = 60_000;
const now = at('2026-11-25T11:00:00Z');

let dir: string;
let path: string;
let logged: string[];
const log = (line: string) => logged.push(line);
const noHistory = () => ({});

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kaia-freshness-'));
  path = join(dir, 'freshness.json');
  logged = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** What an earlier version wrote while the box office had failed for over an hour, and had notified it. */
const earlierFile = {
  schedule: { lastCheckAt: now - 5 * MIN, builtDay: '2026-11-25' },
  sources: {
    management: { checkedAt: now - 5 * MIN, answeredAt: now - 5 * MIN },
    runtime: { checkedAt: now - 5 * MIN, answeredAt: now - 70 * MIN, failingSince: now - 65 * MIN, error: 'Network Error' },
  },
  notified: ['source:runtime'],
};

describe('a freshness.json from before the box office had its name', () => {
  it('reads the runtime source as the box office, with its history, and says nothing in the log', () => {
    writeFileSync(path, JSON.stringify(earlierFile));
    const state = readFreshnessFile(path, log, noHistory);
    expect(state.sources.boxOffice).toEqual({ checkedAt: now - 5 * MIN, answeredAt: now - 70 * MIN, failingSince: now - 65 * MIN, error: 'Network Error' });
    expect(state.sources.management).toEqual({ checkedAt: now - 5 * MIN, answeredAt: now - 5 * MIN });
    expect(state.notified).toEqual(['source:boxOffice']);
    expect(state.schedule).toEqual({ lastCheckAt: now - 5 * MIN, builtDay: '2026-11-25' });
    expect(logged).toEqual([]);
  });

  it('notifies the warning it had notified neither again nor as ended', () => {
    writeFileSync(path, JSON.stringify(earlierFile));
    const state = readFreshnessFile(path, log, noHistory);
    const warnings = freshnessWarnings(now, { liveBuiltAt: now - 30 * MIN, sources: state.sources });
    expect(warnings.map((warning) => warning.key)).toEqual(['source:boxOffice']);
    expect(alertChanges(state.notified, warnings)).toEqual({ started: [], ended: [] });
  });

  it('prefers the box office under its own name when both are there, and writes only that name back', () => {
    writeFileSync(path, JSON.stringify({ ...earlierFile, sources: { ...earlierFile.sources, boxOffice: { checkedAt: now, answeredAt: now } } }));
    const state = readFreshnessFile(path, log, noHistory);
    expect(state.sources.boxOffice).toEqual({ checkedAt: now, answeredAt: now });
    writeFreshnessFile(path, state);
    const written = JSON.parse(readFileSync(path, 'utf8')) as { sources: Record<string, unknown>; notified: string[] };
    expect(Object.keys(written.sources).sort()).toEqual(['boxOffice', 'management']);
    expect(written.notified).toEqual(['source:boxOffice']);
  });

  it('keeps keys it does not know as they are, and a malformed runtime entry counts as never checked', () => {
    writeFileSync(path, JSON.stringify({ sources: { runtime: 'garbage' }, notified: ['behind', 'source:elsewhere', 7] }));
    const state = readFreshnessFile(path, log, noHistory);
    expect(state.sources).toEqual({});
    expect(state.notified).toEqual(['behind', 'source:elsewhere']);
    expect(logged).toEqual([]);
  });
});
