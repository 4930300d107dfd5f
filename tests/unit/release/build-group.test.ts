/**
 * A build never outlives its run: it runs in a process group of its own, ended whole when the
 * run is abandoned, and a build left running by a killed service is ended by the next run
 * before it starts (through the group noted in the releases' lock).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runBuild } from '../../../release/build';
import { recordOf } from '../../../release/lock';
import { groupAlive, isAlive, processStart } from '../../../release/processes';
import { publishRelease } from '../../../release/releases';
import { until } from '../../support/until';

let dir: string;
/** Processes a test started, ended after it whatever happened (a failing test must leave none behind). */
const started: number[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kaia-build-group-'));
});
afterEach(() => {
  for (const pid of started.splice(0)) {
    for (const target of [-pid, pid])
      try {
        process.kill(target, 'SIGKILL');
      } catch {
        // Ended already.
      }
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('a build', () => {
  it('is ended whole, what it started included, when its run is abandoned', async () => {
    const pidFile = join(dir, 'grandchild.pid');
    const stopping = new AbortController();
    const groups: number[] = [];
    const build = runBuild({ shell: `sleep 60 & echo $! > "${pidFile}"; wait` }, dir, join(dir, 'out'), {
      signal: stopping.signal,
      onGroup: (group) => groups.push(group),
    });
    await until(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() !== '', 'the build to start its own process');
    const grandchild = Number(readFileSync(pidFile, 'utf8'));
    started.push(grandchild, ...groups);
    expect(isAlive(grandchild)).toBe(true);
    expect(groups).toHaveLength(1);
    stopping.abort();
    await expect(build).rejects.toThrow(/the build was stopped: the run was abandoned/);
    await until(() => !isAlive(grandchild), 'the process the build started to end');
    expect(groupAlive(groups[0]!)).toBe(false);
  });

  it('left running by a killed service is ended by the next run before it starts', async () => {
    // The service was SIGKILLed during its build: its lock names it (gone now) and its build's group (alive).
    const gone = spawn('/bin/true');
    await new Promise((done) => gone.once('exit', done));
    const orphan = spawn('/bin/sh', ['-c', 'sleep 60 & wait'], { detached: true, stdio: 'ignore' });
    orphan.unref();
    const group = orphan.pid!;
    started.push(group);
    await until(() => processStart(group) !== undefined, 'the orphan build to run');
    writeFileSync(join(dir, '.lock'), JSON.stringify({ ...recordOf(process.pid), pid: gone.pid, start: '1', group, groupStart: processStart(group) }));
    const result = await publishRelease(dir, [
      {
        name: 'build',
        run: (releaseDir) => {
          // The old build is gone before this run does anything.
          expect(groupAlive(group)).toBe(false);
          mkdirSync(releaseDir, { recursive: true });
          writeFileSync(join(releaseDir, 'index.html'), '<h1>next</h1>');
          return Promise.resolve();
        },
      },
    ]);
    expect(result.state).toBe('published');
    expect(groupAlive(group)).toBe(false);
  });
});
