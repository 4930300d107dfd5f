#!/usr/bin/env node
/**
 * The main journeys in WebKitGTK (Safari's engine) and Firefox ESR (tests/engines/), against
 * the build in dist/ served by nginx as in production, with the platform and film-club
 * sandboxes. It reuses the build scripts/e2e.mjs made (which runs this after the Playwright
 * suite); with no build it makes one first (node scripts/e2e.mjs --build-only).
 *
 *   npm run test:engines [-- --engine webkit|firefox] [-- --grep <part of a journey's name>]
 *
 * WebKit runs under xvfb-run (WebKitGTK needs a display), Firefox headless. Every server
 * listens on 127.0.0.1 and is stopped at the end, also on failure.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { scriptEnv } from './script-env.mjs';

const { values } = parseArgs({ options: { engine: { type: 'string', multiple: true }, grep: { type: 'string' } } });
const engines = values.engine ?? ['webkit', 'firefox'];
for (const engine of engines) if (!['webkit', 'firefox'].includes(engine)) throw new Error(`--engine is webkit or firefox, not "${engine}"`);

// WebKitGTK needs a display: run this script again inside a virtual one.
if (engines.includes('webkit') && !process.env.KAIA_ENGINES_XVFB) {
  const result = spawnSync('xvfb-run', ['-a', '-s', '-screen 0 1920x1080x24', process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, KAIA_ENGINES_XVFB: '1' },
  });
  process.exit(result.status ?? 1);
}

const settings = scriptEnv();
if (!existsSync(join(settings.e2e.dist, 'index.html'))) {
  const build = spawnSync(process.execPath, ['scripts/e2e.mjs', '--build-only'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
if (!process.env.E2E_FILMCLUB_DATA_DIR) {
  // A fresh film-club sandbox, unless scripts/e2e.mjs passes its run's.
  const dir = mkdtempSync(join(tmpdir(), 'kaia-engines-filmclub-'));
  process.env.E2E_FILMCLUB_DATA_DIR = dir;
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
}
// The Playwright run's servers (nginx and the sandboxes; not astro preview, not the CDN).
const { servers, NGINX_URL } = await import('./e2e-setup.ts');
const { runJourneys } = await import('../tests/engines/run.ts');
const wanted = servers.filter((server) => !server.command.includes('astro preview'));

/** @type {import('node:child_process').ChildProcess[]} */
const started = [];
function stopAll() {
  for (const child of started) {
    try {
      process.kill(-(/** @type {number} */ (child.pid)), 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}
process.on('exit', stopAll);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(1));

async function waitForUrl(/** @type {string} */ url, /** @type {import('node:child_process').ChildProcess} */ child, /** @type {number} */ timeout) {
  const deadline = Date.now() + timeout;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // Not up yet.
    }
    if (Date.now() > deadline) throw new Error(`${url}: no answer in ${timeout / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

let failures = 1;
try {
  const begun = Date.now();
  // The servers start side by side; the journeys begin once every one answers.
  await Promise.all(
    wanted.map((server) => {
      const child = spawn(server.command, {
        shell: true,
        cwd: server.cwd,
        env: { ...process.env, ...server.env },
        stdio: ['ignore', 'ignore', 'inherit'],
        detached: true,
      });
      started.push(child);
      return waitForUrl(/** @type {string} */ (server.url), child, server.timeout ?? 60_000);
    }),
  );
  console.log(`Journeys in ${engines.join(' and ')} against ${NGINX_URL}`);
  failures = await runJourneys({
    baseUrl: NGINX_URL,
    filmclub118: `http://127.0.0.1:${settings.e2e.ports.filmclub118}`,
    fixedNow: JSON.parse(readFileSync(new URL('../tests/e2e/clock.json', import.meta.url), 'utf8')).now,
    engines: /** @type {('webkit' | 'firefox')[]} */ (engines),
    grep: values.grep,
  });
  console.log(`${failures === 0 ? 'All journeys passed' : `${failures} failed`} in ${((Date.now() - begun) / 1000).toFixed(1)} s`);
} catch (error) {
  console.error(error);
} finally {
  stopAll();
}
process.exit(failures === 0 ? 0 : 1);
