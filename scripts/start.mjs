#!/usr/bin/env node
/**
 * npm start: builds the site from the committed content and serves the build on
 * http://localhost:4321 with astro preview.
 */
import { spawn, spawnSync } from 'node:child_process';

const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
console.log('Building the site from content/ …');
const build = spawnSync('npx', ['astro', 'build', '--silent'], { stdio: 'inherit', env });
if (build.status !== 0) process.exit(build.status ?? 1);
console.log('The site is served on http://localhost:4321/ (Ctrl+C stops it).');
const preview = spawn('npx', ['astro', 'preview', '--port', '4321'], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => preview.kill(signal));
preview.on('exit', (code) => process.exit(code ?? 0));
