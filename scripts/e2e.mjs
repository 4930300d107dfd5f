#!/usr/bin/env node
/**
 * Builds the site with the test clock pinned, then runs the browser tests against it, served
 * by astro preview and by nginx. Extra arguments go to `playwright test`.
 *
 * With no arguments, the journeys in WebKit and Firefox (scripts/engines.mjs) follow, on the same
 * build; with arguments (a spec, -g …) only Playwright runs. --build-only builds and stops.
 *
 * E2E_DIST (default dist), E2E_PREVIEW_PORT and E2E_NGINX_PORT let two runs share a machine.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scriptEnv } from './script-env.mjs';

const FIXED_NOW = JSON.parse(readFileSync(new URL('../tests/e2e/clock.json', import.meta.url), 'utf8')).now;
const settings = scriptEnv();
const ports = settings.e2e.ports;
const filmclubData = mkdtempSync(join(tmpdir(), 'kaia-e2e-filmclub-'));
process.on('exit', () => rmSync(filmclubData, { recursive: true, force: true }));
const env = {
  ...process.env,
  SITE_NOW: FIXED_NOW,
  ASTRO_TELEMETRY_DISABLED: '1',
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  // The build talks to the sandboxes playwright.config.ts starts.
  PUBLIC_FILMCLUB_API_118: `http://127.0.0.1:${ports.filmclub118}/`,
  PUBLIC_FILMCLUB_API_178: `http://127.0.0.1:${ports.filmclub178}/`,
  // A partner's picture host (the browser tests answer its requests themselves; see filmclub-session.tests.ts).
  PUBLIC_FILMCLUB_IMAGES_118: 'https://bilete.filmklubb-118.example',
  PUBLIC_RUNTIME_API: `http://127.0.0.1:${ports.sandbox}/runtime/`,
  PUBLIC_NEWSLETTER_ENDPOINT: `http://127.0.0.1:${ports.sandbox}/newsletter/subscribe`,
  // A made-up container, so the consent tests see the tag manager load (from a stub) after consent.
  PUBLIC_GTM_ID: 'GTM-KAIATEST',
  E2E_FILMCLUB_DATA_DIR: filmclubData,
};
const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
const outDir = settings.e2e.dist;
run('npx', ['astro', 'build', '--silent', '--outDir', outDir]);
if (process.argv[2] === '--build-only') process.exit(0);
run('npx', ['playwright', 'test', ...process.argv.slice(2)]);
if (process.argv.length === 2) run(process.execPath, ['--import', 'tsx', 'scripts/engines.mjs']);
