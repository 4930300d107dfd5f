import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEEP_SWITCHES, LiveHistory } from '../../../../publisher/runs/live-history';
import { PauseState } from '../../../../publisher/runs/pause';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kaia-history-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 10, minute)).toISOString();
const all = () => true;

describe('the history of what was live', () => {
  it('goes back to what was live before the current release, not to the one whose name sorts before it', () => {
    const history = new LiveHistory(join(dir, 'live.json'));
    history.record({ release: 'B', at: at(1), by: 'CMS', reason: 'publish' });
    history.record({ release: 'C', at: at(2), by: 'CMS', reason: 'publish' });
    expect(history.before('C', all)?.release).toBe('B');
    history.record({ release: 'B', at: at(3), by: 'Anne Aas', reason: 'rollback' });
    history.record({ release: 'D', at: at(4), by: 'CMS', reason: 'publish' });
    // By name the release before D is C, the version staff rolled back from; by history it is B.
    expect(history.before('D', all)).toEqual({ release: 'B', at: at(3), by: 'Anne Aas', reason: 'rollback' });
    // Releases that are gone are skipped, and so is the current one itself.
    expect(history.before('D', (release) => release !== 'B')?.release).toBe('C');
    expect(history.before('B', all)?.release).toBe('C');
    expect(history.before('X', all)).toBeUndefined();
    expect(history.lastOf('B')?.at).toBe(at(3));
  });

  it('survives a restart, and treats a malformed file as empty', () => {
    const path = join(dir, 'live.json');
    const history = new LiveHistory(path);
    history.notice('A', new Date(at(0)));
    history.notice('A', new Date(at(5)));
    expect(existsSync(path)).toBe(false);
    history.record({ release: 'B', at: at(1), by: 'CMS', reason: 'publish' });
    expect(new LiveHistory(path).entries.map((entry) => [entry.release, entry.reason])).toEqual([
      ['A', 'found'],
      ['B', 'publish'],
    ]);
    writeFileSync(path, '{"switches": [{"release": "A"');
    expect(new LiveHistory(path).entries).toEqual([]);
    writeFileSync(
      path,
      JSON.stringify({
        switches: [
          { release: 'A', at: 'yesterday', by: 'CMS', reason: 'publish' },
          { release: 'B', at: at(1), by: 'CMS', reason: 'publish' },
        ],
      }),
    );
    expect(new LiveHistory(path).entries.map((entry) => entry.release)).toEqual(['B']);
  });

  it(`keeps the last ${KEEP_SWITCHES} switches`, () => {
    const history = new LiveHistory(join(dir, 'live.json'));
    for (let i = 0; i < KEEP_SWITCHES + 5; i++) history.record({ release: `R${i}`, at: at(i), by: 'CMS', reason: 'publish' });
    expect(history.entries).toHaveLength(KEEP_SWITCHES);
    expect(history.entries[0]?.release).toBe('R5');
  });
});

describe('the pause of automatic publishing', () => {
  it('is kept across restarts until resumed; a malformed file is not a pause', () => {
    const path = join(dir, 'paused.json');
    expect(new PauseState(path).current).toBeUndefined();
    new PauseState(path).pause({ since: at(3), by: 'Anne Aas', release: 'B' });
    expect(new PauseState(path).current).toEqual({ since: at(3), by: 'Anne Aas', release: 'B' });
    const state = new PauseState(path);
    state.resume();
    expect(state.current).toBeUndefined();
    expect(new PauseState(path).current).toBeUndefined();
    writeFileSync(path, '{"since": ');
    expect(new PauseState(path).current).toBeUndefined();
  });
});
