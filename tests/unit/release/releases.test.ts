/** Staff reimport: releases are switched atomically, five are kept, failures change nothing. */
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  currentRelease,
  listReleases,
  publishRelease,
  ReleaseError,
  releaseFolder,
  StepFailed,
  switchCurrent,
  type ReleaseStep,
} from '../../../release/releases';
import { goLive } from '../../../release/go-live';
import { rollback } from '../../../release/rollback';
import { recordOf } from '../../../release/lock';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kaia-releases-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const build = (marker: string): ReleaseStep => ({
  name: 'build',
  run: (releaseDir) => {
    mkdirSync(releaseDir, { recursive: true });
    writeFileSync(join(releaseDir, 'index.html'), `<h1>${marker}</h1>`);
    return Promise.resolve();
  },
});
const served = () => readFileSync(join(dir, 'current', 'index.html'), 'utf8');
const at = (minute: number) => new Date(Date.UTC(2026, 10, 23, 10, minute));

describe('publishing a release', () => {
  it('builds into a new directory and points current at it', async () => {
    const first = await publishRelease(dir, [build('one')], { now: at(0) });
    expect(first).toEqual({ state: 'published', release: '20261123T100000Z' });
    expect(lstatSync(join(dir, 'current')).isSymbolicLink()).toBe(true);
    expect(served()).toBe('<h1>one</h1>');
    await publishRelease(dir, [build('two')], { now: at(1) });
    expect(served()).toBe('<h1>two</h1>');
  });

  it('leaves current as it was when a step fails, names the step, and leaves no half release', async () => {
    await publishRelease(dir, [build('good')], { now: at(0) });
    const failing: ReleaseStep = { name: 'import', run: () => Promise.reject(new Error('Request failed with status code 500')) };
    const error = await publishRelease(dir, [failing, build('bad')], { now: at(1) }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(StepFailed);
    expect((error as StepFailed).message).toBe('The step "import" failed: Request failed with status code 500');
    expect(served()).toBe('<h1>good</h1>');
    expect(readdirSync(dir).sort()).toEqual(['20261123T100000Z', '20261123T100000Z.content', 'current']);
  });

  it('refuses a build that produced no site', async () => {
    await publishRelease(dir, [build('good')], { now: at(0) });
    const empty: ReleaseStep = { name: 'build', run: async () => {} };
    await expect(publishRelease(dir, [empty], { now: at(1) })).rejects.toThrow(/"build" failed: the release has no index.html/);
    expect(served()).toBe('<h1>good</h1>');
  });

  it('keeps the last five releases', async () => {
    for (let minute = 0; minute < 7; minute += 1) await publishRelease(dir, [build(`r${minute}`)], { now: at(minute) });
    expect(listReleases(dir)).toHaveLength(5);
    expect(listReleases(dir)[0]).toBe('20261123T100200Z');
    expect(served()).toBe('<h1>r6</h1>');
  });

  it('gives two releases in the same second different names', async () => {
    const a = await publishRelease(dir, [build('a')], { now: at(0) });
    const b = await publishRelease(dir, [build('b')], { now: at(0) });
    expect(b.release).toBe(`${a.release}-2`);
  });
});

describe('rolling back', () => {
  it('switches current to the previous release, and refuses at the oldest', async () => {
    await publishRelease(dir, [build('one')], { now: at(0) });
    await publishRelease(dir, [build('two')], { now: at(1) });
    expect(rollback(dir)).toBe('20261123T100000Z');
    expect(served()).toBe('<h1>one</h1>');
    expect(() => rollback(dir)).toThrow(/nothing to roll back to/);
    expect(currentRelease(dir)).toBe('20261123T100000Z');
  });

  it('says so when nothing is live yet', () => {
    expect(() => rollback(dir)).toThrow(/No release is live yet/);
    expect(existsSync(join(dir, 'current'))).toBe(false);
  });
});

describe('what an interrupted run leaves', () => {
  it("is removed by the next run, and a killed run's lock is taken over", async () => {
    await publishRelease(dir, [build('good')], { now: at(0) });
    // A run killed during its build: its staging folders and a lock held by a process that is gone.
    mkdirSync(join(dir, '.staging-20261123T100100Z', '_astro'), { recursive: true });
    mkdirSync(join(dir, '.staging-20261123T100100Z.content'));
    // … and the import's own copies beside its staging content (write.ts: a dot before the name).
    mkdirSync(join(dir, '..staging-20261123T100100Z.content-import-Ab12Cd'));
    mkdirSync(join(dir, '..staging-20261123T100100Z.content-previous'));
    writeFileSync(join(dir, '.lock'), '999999999');
    const lines: string[] = [];
    await publishRelease(dir, [build('next')], { now: at(2), progress: (line) => lines.push(line) });
    expect(readdirSync(dir).filter((name) => name.startsWith('.'))).toEqual([]);
    expect(lines.join('\n')).toMatch(/interrupted run left: .*\.staging-20261123T100100Z\b/);
    expect(served()).toBe('<h1>next</h1>');
  });

  it('refuses to start beside a run that is still going', async () => {
    writeFileSync(join(dir, '.lock'), JSON.stringify(recordOf(process.ppid)));
    await expect(publishRelease(dir, [build('two')], { now: at(1) })).rejects.toThrow(/Another run \(process \d+\) is working/);
    expect(existsSync(join(dir, 'current'))).toBe(false);
  });

  it.each([
    ['a bare process id (the lock of an older version, or written by hand)', () => String(process.ppid)],
    ['the id of a live process that started at another time (the id was reused)', () => JSON.stringify({ ...recordOf(process.ppid), start: '1' })],
    ['the id of a live process from before a reboot', () => JSON.stringify({ ...recordOf(process.ppid), boot: 'another-boot' })],
  ])('takes over a lock that names %s: it cannot be a run of this service', async (_, lock) => {
    writeFileSync(join(dir, '.lock'), lock());
    await publishRelease(dir, [build('two')], { now: at(1) });
    expect(served()).toBe('<h1>two</h1>');
    expect(existsSync(join(dir, '.lock'))).toBe(false);
  });

  it('keeps the content each release was built from, and ends unchanged without publishing', async () => {
    const importing: ReleaseStep = {
      name: 'import',
      run: (_site, { contentDir }) => Promise.resolve(writeFileSync(join(contentDir, 'articles.json'), '[]\n')),
    };
    await publishRelease(dir, [importing, build('one')], { now: at(0) });
    expect(readFileSync(join(dir, '20261123T100000Z.content', 'articles.json'), 'utf8')).toBe('[]\n');
    let copied = '';
    const same: ReleaseStep = {
      name: 'import',
      run: (_site, { contentDir }) => {
        copied = readFileSync(join(contentDir, 'articles.json'), 'utf8');
        return Promise.resolve('unchanged' as const);
      },
    };
    const result = await publishRelease(dir, [same, build('never')], { now: at(1) });
    expect(copied).toBe('[]\n');
    expect(result).toEqual({ state: 'unchanged', release: '20261123T100000Z' });
    expect(served()).toBe('<h1>one</h1>');
    expect(readdirSync(dir).sort()).toEqual(['20261123T100000Z', '20261123T100000Z.content', 'current']);
  });
});

describe('the one gate to going live (releaseFolder)', () => {
  it('lets only a whole release folder inside the releases directory go live or be deployed', async () => {
    const { release } = (await publishRelease(dir, [build('one')], { now: at(0) })) as { release: string };
    await publishRelease(dir, [build('two')], { now: at(1) });
    mkdirSync(join(dir, '.publisher'));
    writeFileSync(join(dir, '.publisher', 'accounts.json'), '{"secret":true}');
    mkdirSync(join(dir, '20261123T100500Z'));
    symlinkSync(release, join(dir, '20261123T100600Z'));
    const refused = [
      '/',
      '..',
      '.',
      'current',
      '.publisher',
      '../releases',
      `/${release}`,
      join(dir, release),
      '20261123T100500Z',
      '20261123T100600Z',
      '20261123T100700Z',
      '',
    ];
    for (const name of refused) {
      expect(() => releaseFolder(dir, name), name).toThrow(ReleaseError);
      expect(() => switchCurrent(dir, name), name).toThrow(ReleaseError);
      const ran: string[] = [];
      const way = { mode: 'deploy', command: `echo deployed >> ${join(dir, 'deploys.log')}`, timeoutMs: 5_000 } as const;
      await expect(goLive(way, dir, name, { progress: (line) => ran.push(line) }), name).rejects.toThrow(ReleaseError);
      expect(ran, name).toEqual([]);
      expect(existsSync(join(dir, 'deploys.log')), name).toBe(false);
    }
    expect(served()).toBe('<h1>two</h1>');
    expect(releaseFolder(dir, release)).toBe(join(dir, release));
    switchCurrent(dir, release);
    expect(served()).toBe('<h1>one</h1>');
  });
});
