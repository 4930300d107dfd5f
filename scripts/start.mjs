#!/usr/bin/env node
/**
 * npm start: starts the sandboxes (the platform's runtime API and newsletter endpoint, and
 * the two film-club partners) unless real addresses are set, builds the site from the
 * committed content pointing at them, and serves the build on http://localhost:4321.
 * Ctrl+C stops everything.
 */
import { spawn, spawnSync } from 'node:child_process';

const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
const children = [];
const stopAll = (signal = 'SIGTERM') => children.forEach((child) => child.kill(signal));
process.on('exit', () => stopAll());
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0));

function startSandbox(label, script, extraEnv) {
  console.log(`Starting the ${label} sandbox …`);
  const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'inherit', 'inherit'], env: { ...env, ...extraEnv } });
  children.push(child);
}

// The site is served on localhost, so the sandboxes are addressed as localhost too: same site,
// so the film club's session cookie goes along with credentialed calls.
if (!env.PUBLIC_FILMCLUB_API_118 && !env.PUBLIC_FILMCLUB_API_178) {
  startSandbox('film-club (partners 118 and 178)', 'sandbox/filmclub/cli.ts', {});
  env.PUBLIC_FILMCLUB_API_118 = 'http://localhost:4410/';
  env.PUBLIC_FILMCLUB_API_178 = 'http://localhost:4411/';
  console.log('The film club talks to the sandbox: partner 118 on http://localhost:4410/, 178 on http://localhost:4411/.');
} else console.log('The film club talks to the partner API set in the environment.');
if (!env.PUBLIC_RUNTIME_API) {
  startSandbox('platform', 'sandbox/cli.ts', {});
  env.PUBLIC_RUNTIME_API = 'http://localhost:4400/runtime/';
  env.PUBLIC_NEWSLETTER_ENDPOINT ??= 'http://localhost:4400/newsletter/subscribe';
  console.log('Live event data and the newsletter form use the platform sandbox on http://localhost:4400/.');
}

console.log('Building the site from content/ …');
const build = spawnSync('npx', ['astro', 'build', '--silent'], { stdio: 'inherit', env });
if (build.status !== 0) process.exit(build.status ?? 1);
console.log('The site is served on http://localhost:4321/ (Ctrl+C stops it).');
const preview = spawn('npx', ['astro', 'preview', '--port', '4321'], { stdio: 'inherit', env });
children.push(preview);
preview.on('exit', (code) => process.exit(code ?? 0));
