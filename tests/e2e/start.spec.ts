/**
 * `npm start`'s orchestration (scripts/start.mjs) as a newcomer runs it, on free ports and in a
 * folder of its own (START_*_PORT, START_DEMO_DIR): it says where the build is while it goes,
 * prints the addresses to open, each of which answers 200 in a browser, runs exactly one build
 * (the start-up run is the day's build too), and listens on 127.0.0.1 only. The test stops
 * everything it started.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePorts } from '../support/free-port';
import { expect, test } from './fixtures';

test.describe.configure({ timeout: 8 * 60_000 });

let child: ChildProcess | undefined;
let demo: string | undefined;

test.afterAll(async () => {
  if (child?.pid && child.exitCode === null) {
    const exited = new Promise((done) => child!.once('exit', done));
    process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
  if (demo) rmSync(demo, { recursive: true, force: true });
});

/** Whether something answers a TCP connection at host:port. */
function answers(host: string, port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ host, port, timeout: 2000 });
    socket.once('connect', () => (socket.destroy(), done(true)));
    socket.once('error', () => done(false));
    socket.once('timeout', () => (socket.destroy(), done(false)));
  });
}

test('npm start builds once, says how far it is, and every address it prints answers 200', async ({ page }) => {
  const [site, publisher, preview, sandbox, filmclub118, filmclub178] = await freePorts(6);
  demo = mkdtempSync(join(tmpdir(), 'kaia-npm-start-'));
  // As on a developer's machine: none of the test run's build settings (test clock, sandbox addresses).
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(SITE_|PUBLIC_|E2E_|CONTENT_DIR|RELEASES_DIR)/.test(name)));
  child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.mjs'], {
    env: {
      ...env,
      START_SITE_PORT: String(site),
      START_PUBLISHER_PORT: String(publisher),
      START_PREVIEW_PORT: String(preview),
      START_SANDBOX_PORT: String(sandbox),
      START_FILMCLUB_118_PORT: String(filmclub118),
      START_FILMCLUB_178_PORT: String(filmclub178),
      START_DEMO_DIR: join(demo, 'demo'),
      FILMCLUB_DATA_DIR: join(demo, 'filmclub'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await expect.poll(() => output, { timeout: 6 * 60_000, intervals: [1000] }).toContain('Open these in a browser');
  await expect.poll(() => output, { timeout: 10_000 }).toContain('(the box office from the command line)');

  // While it built, it named the step and how far the build was, from Astro's own output.
  expect(output).toMatch(/ {2}building the site: (bundling the server code|bundling the browser code|generating pages: \d+|finishing the site \(\d+ pages)/);
  expect(output).not.toContain('[object Object]');

  const block = output.slice(output.indexOf('Open these in a browser'), output.indexOf('Change a text'));
  const addresses = [...block.matchAll(/http:\/\/localhost:\d+\/\S*/g)].map((match) => match[0]);
  expect(addresses).toEqual([
    `http://localhost:${site}/`,
    `http://localhost:${publisher}/staff/`,
    `http://localhost:${sandbox}/__sandbox/`,
    `http://localhost:${sandbox}/__sandbox/billettkontor`,
    `http://localhost:${publisher}/staff/rettleiing`,
  ]);
  for (const address of addresses) {
    const response = await page.goto(address);
    expect(response?.status(), address).toBe(200);
  }

  // Exactly one build: the start-up run's, which is the day's build too.
  const password = /password: (\S+)/.exec(block)![1]!;
  const status = (await (await fetch(`http://127.0.0.1:${publisher}/status`, { headers: { authorization: `Bearer ${password}` } })).json()) as {
    runs: { trigger: string; state: string; pages?: number }[];
  };
  expect(output.match(/run \d+: Step "build"/g)).toHaveLength(1);
  expect(status.runs.filter((run) => run.pages !== undefined)).toHaveLength(1);
  expect(status.runs.at(-1)).toMatchObject({ trigger: 'start', state: 'published' });
  expect(status.runs.map((run) => run.trigger)).not.toContain('day-build');

  // Loopback only: no port answers on this machine's other addresses.
  const others = Object.values(networkInterfaces())
    .flat()
    .filter((net) => net && net.family === 'IPv4' && !net.internal)
    .map((net) => net!.address);
  for (const port of [site, publisher, preview, sandbox, filmclub118, filmclub178]) {
    expect(await answers('127.0.0.1', port!), `127.0.0.1:${port}`).toBe(true);
    for (const address of others) expect(await answers(address, port!), `${address}:${port}`).toBe(false);
  }
});
