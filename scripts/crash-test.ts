/**
 * `npm run crash-test`: the publish service killed with SIGKILL at random moments of real runs
 * (import, build, switch) and started again each time, against the platform sandbox, with a
 * stand-in build (tests/support/fake-build.mjs behind a sleep, in the build's own process group
 * as a real build runs) that takes long in the runs that are killed and a second after. After every kill it checks what a
 * visitor and the next run rely on:
 *
 * - the live release (`current`) is a whole release: an earlier one or the new one, with its
 *   index.html and its content copy, never a staging folder or nothing;
 * - once the restarted service answers, the build the killed one left running is gone;
 * - after the restart, with no help, the next run publishes;
 * - then nothing is left behind in the releases folder (no staging folders, no lock, no build
 *   still running), and content/ matches the live release.
 *
 * It prints the figures (kills by step, recoveries, violations, times) and exits 1 on any
 * violation. `--kills N` (default 20) and `--seed S` (default: the time) set the moments.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readRecord } from '../release/lock';
import { groupAlive } from '../release/processes';
import { currentRelease, releaseContentDir } from '../release/releases';
import { loadDataset, startSandbox } from '../sandbox/server';
import { sandboxImportEnv } from '../sandbox/import-env';
import { freePorts } from '../tests/support/free-port';

const { values } = parseArgs({ options: { kills: { type: 'string', default: '20' }, seed: { type: 'string' } } });
const kills = Number(values.kills);
const seed = values.seed ? Number(values.seed) : Date.now() % 1_000_000;
if (!Number.isInteger(kills) || kills < 1 || !Number.isFinite(seed)) throw new Error('usage: npm run crash-test -- [--kills N] [--seed S]');

/** A small seeded generator (mulberry32), so a run can be repeated with its seed. */
let state = seed >>> 0;
const random = () => {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const SECRET = 'crash-test-hook-secret-0123';
const PASSWORD = 'crash-test-staff-password';
const work = mkdtempSync(join(tmpdir(), 'kaia-crash-'));
const releasesDir = join(work, 'releases');
const contentDir = join(work, 'content');
cpSync('content', contentDir, { recursive: true });
const [port, previewPort, sandboxPort] = (await freePorts(3)) as [number, number, number];
const dataset = loadDataset('content');
const sandbox = await startSandbox({ dataset, port: sandboxPort, webhook: { url: `http://127.0.0.1:${port}/hooks/cms`, secret: SECRET } });
const env = {
  ...process.env,
  ...sandboxImportEnv(sandbox.url),
  IMPORT_RETRY_DELAY_MS: '1',
  CONTENT_DIR: contentDir,
  RELEASES_DIR: releasesDir,
  PUBLISHER_PORT: String(port),
  PUBLISHER_PREVIEW_PORT: String(previewPort),
  PUBLISHER_HOOK_SECRET: SECRET,
  PUBLISHER_STAFF_PASSWORD: PASSWORD,
  // Runs only when asked: the schedule's own restarts are tested in publisher-schedule.test.ts.
  PUBLISHER_SYNC_MINUTES: '0',
  // In the runs that are killed the build takes long (it would outlive the restart if nothing
  // ended it); in the runs after a restart about a second.
  PUBLISHER_BUILD_COMMAND: `if [ -f "${join(work, 'slow')}" ]; then sleep 30; else sleep 1; fi && "${process.execPath}" "${resolve('tests/support/fake-build.mjs')}"`,
};

interface Service {
  readonly child: ChildProcess;
  /** The step the current run is in, from the service's log. */
  step: string;
}

async function until<T>(probe: () => Promise<T | undefined> | T | undefined, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 25));
  }
}

interface Status {
  readonly live?: { readonly release: string };
  readonly busy: boolean;
  readonly runs: readonly { readonly id: number; readonly state: string }[];
}

const status = async (): Promise<Status | undefined> => {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/status`, { headers: { authorization: `Bearer ${PASSWORD}` } });
    return response.ok ? ((await response.json()) as Status) : undefined;
  } catch {
    return undefined;
  }
};

async function startService(): Promise<Service> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'publisher/cli.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const service: Service = { child, step: 'idle' };
  child.stdout.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      const step = /Step "(\w+)"/.exec(line)?.[1];
      if (step) service.step = step;
      else if (/ (published|unchanged|failed)\b/.test(line) && /^run \d+ /.test(line)) service.step = 'idle';
    }
  });
  child.stderr.resume();
  await until(status, 'the service to answer');
  return service;
}

/** An edit in the CMS (the sandbox sends the signed webhook), so the run has something to publish. */
let edits = 0;
async function edit(): Promise<void> {
  const article = dataset.articles[edits % dataset.articles.length] as { id: string };
  edits += 1;
  await fetch(`${sandbox.url}/__sandbox/edit`, {
    method: 'POST',
    body: JSON.stringify({ collection: 'articles', id: article.id, changes: { title: `Krasjtest ${edits}` } }),
  });
}

const releases = () => (existsSync(releasesDir) ? readdirSync(releasesDir).filter((name) => /^\d{8}T\d{6}Z(?:-\d+)?$/.test(name)) : []);
const snapshot = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir)
      .sort()
      .map((name) => [name, readFileSync(join(dir, name), 'utf8')]),
  );

const violations: string[] = [];
const check = (ok: boolean, what: string) => {
  if (!ok) violations.push(what);
};

/** The live release is whole: a release folder with its index.html and its content copy. */
function checkLive(round: number, known: readonly string[]): string | undefined {
  const live = currentRelease(releasesDir);
  check(live !== undefined, `round ${round}: no live release`);
  if (!live) return undefined;
  check(/^\d{8}T\d{6}Z(?:-\d+)?$/.test(live), `round ${round}: current points at ${live}`);
  check(existsSync(join(releasesDir, live, 'index.html')), `round ${round}: live release ${live} has no index.html`);
  check(existsSync(releaseContentDir(releasesDir, live)), `round ${round}: live release ${live} has no content copy`);
  check(known.includes(live) || !known.length || live > known.at(-1)!, `round ${round}: live release ${live} is neither an earlier nor the new one`);
  return live;
}

const figures = { kills: 0, byStep: {} as Record<string, number>, recovered: 0, restartMs: [] as number[], runMs: [] as number[] };
const started = Date.now();
let service = await startService();
try {
  // The first release, so every kill has a live release to keep.
  await edit();
  await until(async () => ((await status())?.live ? true : undefined), 'the first release');
  await until(async () => ((await status())?.busy === false ? true : undefined), 'the first run to end');
  for (let round = 1; round <= kills; round += 1) {
    const known = releases();
    writeFileSync(join(work, 'slow'), '');
    await edit();
    // A moment in the run: the import takes a few hundred milliseconds, then the build.
    const wait = Math.floor(random() * 3000);
    await new Promise((done) => setTimeout(done, wait));
    const step = service.step === 'idle' && (await status())?.busy === false ? 'after the run' : service.step;
    service.child.kill('SIGKILL');
    await new Promise((done) => service.child.once('exit', done));
    rmSync(join(work, 'slow'));
    figures.kills += 1;
    figures.byStep[step] = (figures.byStep[step] ?? 0) + 1;
    checkLive(round, known);
    const lockText = existsSync(join(releasesDir, '.lock')) ? readFileSync(join(releasesDir, '.lock'), 'utf8') : '';
    const orphan = readRecord(lockText)?.group;

    const restart = Date.now();
    service = await startService();
    figures.restartMs.push(Date.now() - restart);
    check(!orphan || !groupAlive(orphan), `round ${round}: the build of the killed service is still running after the restart`);
    // No step needs a person: the next run publishes.
    const before = (await status())?.runs[0]?.id ?? 0;
    const runStart = Date.now();
    await edit();
    const run = await until(async () => {
      const latest = (await status())?.runs.find((entry) => entry.id > before && !['queued', 'running'].includes(entry.state));
      return latest && (await status())?.busy === false ? latest : undefined;
    }, `round ${round}: the next run`);
    figures.runMs.push(Date.now() - runStart);
    check(run.state === 'published', `round ${round}: the run after the restart ended ${run.state}`);
    const live = checkLive(round, known);
    // Nothing left behind: no staging folders, no lock, no build still running.
    const leftovers = readdirSync(releasesDir).filter((name) => name.startsWith('.') && name !== '.publisher');
    check(leftovers.length === 0, `round ${round}: left behind: ${leftovers.join(', ')}`);
    const lock = existsSync(join(releasesDir, '.lock')) ? readRecord(readFileSync(join(releasesDir, '.lock'), 'utf8')) : undefined;
    check(!lock?.group || !groupAlive(lock.group), `round ${round}: a build is still running`);
    if (live)
      check(
        JSON.stringify(snapshot(contentDir)) === JSON.stringify(snapshot(releaseContentDir(releasesDir, live))),
        `round ${round}: content/ differs from the live release`,
      );
    if (run.state === 'published' && leftovers.length === 0) figures.recovered += 1;
  }
} finally {
  service.child.kill('SIGKILL');
  await new Promise((done) => (service.child.exitCode === null ? service.child.once('exit', done) : done(undefined)));
  // The last service's build, if it was building: ended here, as the next start would.
  const last = existsSync(join(releasesDir, '.lock')) ? readRecord(readFileSync(join(releasesDir, '.lock'), 'utf8'))?.group : undefined;
  if (last && groupAlive(last)) process.kill(-last, 'SIGKILL');
  await sandbox.close();
  rmSync(work, { recursive: true, force: true });
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
console.log(`crash test (seed ${seed}): ${figures.kills} SIGKILLs in ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(
  `  killed during: ${Object.entries(figures.byStep)
    .map(([step, count]) => `${step} ${count}`)
    .join(', ')}`,
);
console.log(`  recovered without help (next run published, nothing left behind): ${figures.recovered} of ${figures.kills}`);
console.log(`  restart to answering: median ${median(figures.restartMs)} ms, max ${Math.max(...figures.restartMs)} ms`);
console.log(`  next run after restart: median ${median(figures.runMs)} ms, max ${Math.max(...figures.runMs)} ms`);
console.log(`  violations: ${violations.length}`);
for (const violation of violations) console.log(`    ${violation}`);
process.exit(violations.length > 0 ? 1 : 0);
