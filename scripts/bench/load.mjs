#!/usr/bin/env node
/**
 * npm run bench:load: drives nginx serving the build with wrk on loopback (bounded in time)
 * and prints requests/s and p99 latency for a page, an asset and a 404, beside a bare nginx
 * serving one static file as the ceiling. Needs a build in dist/ and Debian's wrk.
 */
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scriptEnv } from '../script-env.mjs';

const SITE_PORT = 4392;
const BARE_PORT = 4393;
const SECONDS = scriptEnv().loadSeconds;

if (spawnSync('wrk', ['--version']).error) {
  console.error('bench:load needs wrk: apt-get install wrk');
  process.exit(1);
}

// The ceiling: stock nginx, one file, no rules.
const bare = mkdtempSync(join(tmpdir(), 'kaia-bare-'));
mkdirSync(join(bare, 'www'));
copyFileSync('dist/kinoprogram.html', join(bare, 'www', 'index.html'));
writeFileSync(
  join(bare, 'nginx.conf'),
  `worker_processes 1; daemon off; pid ${bare}/nginx.pid; error_log ${bare}/error.log;
events { worker_connections 1024; }
http { access_log off; sendfile on; include /etc/nginx/mime.types;
  client_body_temp_path ${bare}/b; proxy_temp_path ${bare}/p; fastcgi_temp_path ${bare}/f; uwsgi_temp_path ${bare}/u; scgi_temp_path ${bare}/s;
  server { listen 127.0.0.1:${BARE_PORT}; root ${bare}/www; } }
`,
);
const servers = [
  spawn('nginx', ['-c', join(bare, 'nginx.conf'), '-p', bare], { stdio: 'ignore' }),
  spawn('node', ['scripts/serve-nginx.mjs', '--root', 'dist', '--port', String(SITE_PORT), '--max-seconds', '300'], { stdio: 'ignore' }),
];
await new Promise((resolve) => setTimeout(resolve, 1000));

const asset = readdirSync('dist/_astro').find((name) => name.endsWith('.css') || name.endsWith('.js'));
const targets = [
  ['ceiling: bare nginx, one file', `http://127.0.0.1:${BARE_PORT}/index.html`],
  ['page /kinoprogram (br)', `http://127.0.0.1:${SITE_PORT}/kinoprogram`],
  [`asset /_astro/${asset} (br)`, `http://127.0.0.1:${SITE_PORT}/_astro/${asset}`],
  ['404 /finst-ikkje', `http://127.0.0.1:${SITE_PORT}/finst-ikkje`],
];

function toMs(text) {
  const value = Number.parseFloat(text);
  if (text.endsWith('us')) return value / 1000;
  if (text.endsWith('ms')) return value;
  if (text.endsWith('s')) return value * 1000;
  return value;
}

const rows = [];
try {
  for (const [name, url] of targets) {
    const run = spawnSync('wrk', ['-t2', '-c32', `-d${SECONDS}s`, '--latency', '-H', 'Accept-Encoding: br, gzip', url], {
      encoding: 'utf8',
      timeout: (SECONDS + 20) * 1000,
    });
    const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(run.stdout)?.[1] ?? 0);
    const p99 = toMs(/99%\s+([\d.]+\w+)/.exec(run.stdout)?.[1] ?? '0');
    rows.push({ target: name, 'requests/s': Math.round(rps), 'p99 ms': Number(p99.toFixed(2)) });
  }
} finally {
  for (const server of servers) server.kill('SIGTERM');
  setTimeout(() => rmSync(bare, { recursive: true, force: true }), 500);
}
const ceiling = rows[0]['requests/s'] || 1;
for (const row of rows) row['of ceiling'] = `${((row['requests/s'] / ceiling) * 100).toFixed(0)} %`;
console.table(rows);
console.log(`wrk: 2 threads, 32 connections, ${SECONDS} s per target, loopback only`);
