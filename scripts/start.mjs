#!/usr/bin/env node
/**
 * npm start: the whole chain on one machine, with nothing but `npm install`.
 *
 * - the platform sandbox plays the CMS and the platform on http://localhost:4400, with the
 *   events moved to the weeks starting today (so the demo is never out of date), and sends the
 *   CMS's signed webhook to the publish service after an edit (POST /__sandbox/edit);
 * - the film-club partner sandboxes, unless real addresses are set;
 * - the publish service (npm run publisher) on http://localhost:4450: it imports from the
 *   sandbox through the real import code into a working copy of the content (.demo/content,
 *   never the committed content/, which stays the tests' fixed snapshot), builds the site
 *   into .demo/releases, and serves the live release on http://localhost:4321. Every signed
 *   webhook publishes again; every minute it checks the box office (PUBLISHER_SYNC_MINUTES=1;
 *   `npm run box-office` plays it) and builds when something changed, and at 00:00 Oslo time it
 *   builds the day; the staff page is http://localhost:4450/staff/.
 *
 * The ports and the working folder can be moved (START_*_PORT, START_DEMO_DIR in
 * scripts/script-env.mjs), so a test can run it beside a running demo. While the first run
 * goes it says which step it is in and, while it builds, how far the build is, read from
 * Astro's own output (release/build-progress.ts). Ctrl+C stops everything.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { scriptEnv } from './script-env.mjs';
import { sandboxImportEnv } from '../sandbox/import-env.ts';
import { hashPassword, writeAccountsFile } from '../publisher/accounts/accounts.ts';
import { describeBuild } from '../release/build-progress.ts';

const settings = scriptEnv().start;
const PORTS = settings.ports;
/** The steps of a run (publisher/runs/run-record.ts StepName), as the start-up's progress names them. */
const STEP_NAMES = { import: 'importing the content from the sandbox', build: 'building the site', publish: 'making it live' };
const demo = resolve(settings.demoDir);
const hookSecret = randomBytes(24).toString('base64url');
const staffPassword = scriptEnv().staffPassword ?? `kaia-demo-${randomBytes(6).toString('hex')}`;
const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
const children = [];
const stopAll = (signal = 'SIGTERM') => children.forEach((child) => child.kill(signal));
process.on('exit', () => stopAll());
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0));

function start(label, script, extraEnv) {
  console.log(`Starting the ${label} …`);
  const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'inherit', 'inherit'], env: { ...env, ...extraEnv } });
  child.on('exit', (code) => {
    if (code !== 0 && code !== null) {
      console.error(`The ${label} stopped (exit code ${code}).`);
      process.exit(1);
    }
  });
  children.push(child);
}

// A fresh working copy each time: the first run imports the sandbox's dates of today into it.
rmSync(demo, { recursive: true, force: true });
mkdirSync(demo, { recursive: true });
cpSync('content', join(demo, 'content'), { recursive: true });
// One staff account for the demo, `demo`, with the password printed below (npm run staff-user adds more).
const accountsFile = join(demo, 'releases', '.publisher', 'accounts.json');
writeAccountsFile(accountsFile, [{ username: 'demo', name: 'Demo-redaktør', password: await hashPassword(staffPassword) }]);

// The site is served on localhost, so the sandboxes are addressed as localhost too: same site,
// so the film club's session cookie goes along with credentialed calls.
if (!env.PUBLIC_FILMCLUB_API_118 && !env.PUBLIC_FILMCLUB_API_178) {
  start('film-club sandbox (partners 118 and 178)', 'sandbox/filmclub/cli.ts', {
    FILMCLUB_118_PORT: String(PORTS.filmclub118),
    FILMCLUB_178_PORT: String(PORTS.filmclub178),
    FILMCLUB_ALLOWED_ORIGINS: `http://localhost:${PORTS.site},http://127.0.0.1:${PORTS.site}`,
  });
  env.PUBLIC_FILMCLUB_API_118 = `http://localhost:${PORTS.filmclub118}/`;
  env.PUBLIC_FILMCLUB_API_178 = `http://localhost:${PORTS.filmclub178}/`;
} else console.log('The film club talks to the partner API set in the environment.');
env.PUBLIC_RUNTIME_API ||= `http://localhost:${PORTS.sandbox}/runtime/`;
env.PUBLIC_NEWSLETTER_ENDPOINT ||= `http://localhost:${PORTS.sandbox}/newsletter/subscribe`;

start('platform sandbox (the CMS and the platform)', 'sandbox/cli.ts', {
  SANDBOX_PORT: String(PORTS.sandbox),
  SANDBOX_ROLL_DATES: '1',
  SANDBOX_CORS_ORIGINS: `http://localhost:${PORTS.site}`,
  SANDBOX_WEBHOOK_URL: `http://127.0.0.1:${PORTS.publisher}/hooks/cms`,
  SANDBOX_WEBHOOK_SECRET: hookSecret,
  SANDBOX_STAFF_URL: `http://localhost:${PORTS.publisher}/staff/`,
  SANDBOX_SITE_URL: `http://localhost:${PORTS.site}/`,
  // The box-office page says when the site's next box-office check fetches a change made there.
  SANDBOX_SYNC_MINUTES: process.env.PUBLISHER_SYNC_MINUTES || '1',
});

const sandbox = `http://127.0.0.1:${PORTS.sandbox}`;
const boxOfficeMinutes = process.env.PUBLISHER_SYNC_MINUTES || '1';
start('publish service', 'publisher/cli.ts', {
  ...sandboxImportEnv(sandbox),
  CONTENT_DIR: join(demo, 'content'),
  RELEASES_DIR: join(demo, 'releases'),
  PUBLISHER_PORT: String(PORTS.publisher),
  PUBLISHER_PREVIEW_PORT: String(PORTS.preview),
  PUBLISHER_SITE_PORT: String(PORTS.site),
  PUBLISHER_HOOK_SECRET: hookSecret,
  PUBLISHER_STAFF_PASSWORD: staffPassword,
  PUBLISHER_RUN_ON_START: '1',
  PUBLISHER_ACCOUNTS_FILE: accountsFile,
  // The demo checks the box office every minute (production: every 5, the default).
  PUBLISHER_SYNC_MINUTES: boxOfficeMinutes,
});

// Wait for the first run (import and build, about a minute), then say where everything is.
const status = async () => {
  try {
    const response = await fetch(`http://127.0.0.1:${PORTS.publisher}/status`, { headers: { authorization: `Bearer ${staffPassword}` } });
    return response.ok ? await response.json() : undefined;
  } catch {
    return undefined;
  }
};
console.log('Importing the demo content from the sandbox and building the site (about 20 s on a quiet 2-core machine; longer on a busy one) …');
const began = Date.now();
let said = began;
let saidWhat = '';
/** The start-up run: the first the service reports (a run queued after it, such as a box-office check, is not waited for). */
let firstRun;
/** Where the start-up run is: its step and, while it builds, how far the build is («generating pages: 87 so far»). */
const whereIs = (run) => {
  if (!run) return 'starting the publish service';
  if (run.state === 'queued') return 'waiting for its turn';
  const step = STEP_NAMES[run.step?.name] ?? 'starting';
  return run.step?.build ? `${step}: ${describeBuild(run.step.build)}` : step;
};
for (;;) {
  await new Promise((done) => setTimeout(done, 500));
  const now = await status();
  firstRun ??= now?.runs?.at(-1)?.id;
  const run = now?.runs?.find((candidate) => candidate.id === firstRun);
  if (!run || run.state === 'queued' || run.state === 'running') {
    // Say where it is when the step or the build's phase changes, and every 5 s while it goes.
    const what = whereIs(run);
    const phase = what.replace(/\d+/g, '#');
    if (phase !== saidWhat.replace(/\d+/g, '#') || (what !== saidWhat && Date.now() - said >= 5_000) || Date.now() - said >= 15_000) {
      said = Date.now();
      saidWhat = what;
      console.log(`  ${what} … ${Math.round((said - began) / 1000)} s`);
    }
    continue;
  }
  if (run.state === 'failed') {
    console.error(`The first import or build failed: ${run.failure?.detail ?? 'see above'}`);
    process.exit(1);
  }
  console.log(`Ready after ${Math.round((Date.now() - began) / 1000)} s.`);
  break;
}
console.log(`
Open these in a browser (Ctrl+C stops everything):
  The site                     http://localhost:${PORTS.site}/
  Staff page (publishing)      http://localhost:${PORTS.publisher}/staff/   user: demo  password: ${staffPassword}
  Sandbox CMS (edit, publish)  http://localhost:${PORTS.sandbox}/__sandbox/
  Sandbox box office           http://localhost:${PORTS.sandbox}/__sandbox/billettkontor
  Guide for editors (nynorsk)  http://localhost:${PORTS.publisher}/staff/rettleiing

Change a text as an editor would in the sandbox CMS, or a showing in the box office, and watch the
site follow: a publish in the CMS builds at once; the box office is checked every ${boxOfficeMinutes} min
(PUBLISHER_SYNC_MINUTES; 5 in production), and the day is built again at 00:00 Oslo time.

Addresses for programs, not pages (the sandboxes' APIs, the publish service's hook):
  http://localhost:${PORTS.sandbox}/  idp/token, management/, runtime/, platform/, newsletter/subscribe
  http://127.0.0.1:${PORTS.publisher}/hooks/cms  (the CMS's signed webhook)${
    process.env.PUBLIC_FILMCLUB_API_118
      ? ''
      : `
  http://localhost:${PORTS.filmclub118}/, http://localhost:${PORTS.filmclub178}/  (the film-club partners' APIs; demo member on the site's «Mi side»)`
  }
  npm run box-office -- list   (the box office from the command line)
`);
