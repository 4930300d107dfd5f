#!/usr/bin/env node
/**
 * Builds the site with the test clock pinned, then runs the browser tests against it, served
 * by astro preview and by nginx. Extra arguments go to `playwright test`.
 *
 * E2E_DIST (default dist), E2E_PREVIEW_PORT and E2E_NGINX_PORT let two runs share a machine.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const FIXED_NOW = JSON.parse(readFileSync(new URL('../tests/e2e/clock.json', import.meta.url), 'utf8')).now;
const env = { ...process.env, SITE_NOW: FIXED_NOW, ASTRO_TELEMETRY_DISABLED: '1', PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
const outDir = process.env.E2E_DIST ?? 'dist';
run('npx', ['astro', 'build', '--silent', '--outDir', outDir]);
run('npx', ['playwright', 'test', ...process.argv.slice(2)]);
