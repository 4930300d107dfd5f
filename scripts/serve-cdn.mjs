#!/usr/bin/env node
/**
 * Serves a build in Cloudflare's own runtime on loopback, as Cloudflare Pages would: `wrangler
 * pages dev` (workerd, from the pinned npm packages; nothing is downloaded) reading the build's
 * _headers and _redirects. It serves what a CDN upload of the build holds (src/lib/hosting/cdn.ts:
 * no precompressed copies, no nginx config), linked into a temporary directory that also holds
 * wrangler's state and logs and is removed on exit. Stops by itself after --max-seconds.
 *
 * Nothing reaches the network: metrics are off (WRANGLER_SEND_METRICS), the runtime's request
 * `cf` object is the built-in placeholder instead of one fetched from Cloudflare (miniflare does
 * so when NODE_ENV is test), and wrangler's check for a newer version of itself, which has no
 * switch, asks a closed loopback port instead of the npm registry.
 *
 *   node --import tsx scripts/serve-cdn.mjs [--root dist] [--port 4324] [--inspector-port 4325] [--max-seconds 3600]
 *
 * With --deployed <cdn folder> it serves, instead of one build, whatever scripts/deploy-to-folder.mjs
 * last deployed into that folder (<cdn folder>/live), as a CDN serves its latest deployment:
 * each deploy switches the files at once, and wrangler reads the new _headers and _redirects
 * within a moment (it watches them by polling, since `live` is a link that a deploy replaces).
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';

/**
 * Links (or copies, across file systems) the files of `root` a CDN upload holds into `target`.
 * @param {string} root @param {string} target @param {(path: string) => boolean} inUpload
 */
export function stageUpload(root, target, inUpload) {
  let files = 0;
  for (const entry of readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const from = join(entry.parentPath, entry.name);
    const path = relative(root, from).split(sep).join('/');
    if (!inUpload(path)) continue;
    const to = join(target, path);
    mkdirSync(dirname(to), { recursive: true });
    try {
      linkSync(from, to);
    } catch {
      copyFileSync(from, to);
    }
    files += 1;
  }
  return files;
}

/** The runtime's compatibility date: the date of the workerd the pinned wrangler brings. */
export const COMPATIBILITY_DATE = '2025-09-24';

/** The environment wrangler runs in: nothing it does may reach the network. */
export function offlineWranglerEnv(env = process.env, stateDir = tmpdir()) {
  return {
    ...env,
    WRANGLER_SEND_METRICS: 'false',
    WRANGLER_LOG_PATH: join(stateDir, 'logs'),
    NODE_ENV: 'test',
    npm_config_registry: 'http://127.0.0.1:1/',
    NO_COLOR: '1',
  };
}

async function main() {
  const { inCdnUpload } = await import('../src/lib/hosting/cdn.ts');
  const { values } = parseArgs({
    options: {
      root: { type: 'string', default: 'dist' },
      port: { type: 'string', default: '4324' },
      'inspector-port': { type: 'string', default: '4325' },
      'max-seconds': { type: 'string', default: '3600' },
      deployed: { type: 'string' },
    },
  });
  const root = values.deployed ? resolve(values.deployed, 'live') : resolve(values.root);
  for (const file of ['index.html', '_headers', '_redirects']) {
    if (!existsSync(join(root, file))) {
      console.error(`serve-cdn: ${join(root, file)} is missing; run the build first`);
      process.exit(1);
    }
  }
  const wrangler = createRequire(import.meta.url).resolve('wrangler/bin/wrangler.js');
  const state = mkdtempSync(join(tmpdir(), 'kaia-cdn-'));
  // A deployed folder holds an upload already, and must be read through its `live` link.
  const site = values.deployed ? root : join(state, 'site');
  if (!values.deployed) stageUpload(root, site, inCdnUpload);
  const args = [
    wrangler,
    'pages',
    'dev',
    site,
    '--ip',
    '127.0.0.1',
    '--port',
    values.port,
    '--inspector-port',
    values['inspector-port'],
    '--compatibility-date',
    COMPATIBILITY_DATE,
    '--persist-to',
    join(state, 'state'),
    '--show-interactive-dev-session=false',
    '--log-level',
    'warn',
  ];
  // In this script's process group: a test runner that stops the group stops wrangler and the
  // workerd processes it starts too.
  const env = offlineWranglerEnv(process.env, state);
  // Watching by polling notices a deploy's new _headers behind the replaced link (inotify would not).
  const watch = values.deployed ? { CHOKIDAR_USEPOLLING: '1', CHOKIDAR_INTERVAL: '250' } : {};
  const child = spawn(process.execPath, args, { cwd: state, stdio: 'inherit', env: { ...env, ...watch } });
  const stop = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  };
  const timer = setTimeout(stop, Number(values['max-seconds']) * 1000);
  timer.unref();
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, stop);
  process.on('exit', stop);
  child.on('exit', (code) => {
    rmSync(state, { recursive: true, force: true });
    process.exit(code ?? 0);
  });
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) await main();
