import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, scriptEnv } from './scripts/script-env.mjs';

const settings = scriptEnv();
const ports = settings.e2e.ports;
const PREVIEW_PORT = ports.preview;
const NGINX_PORT = ports.nginx;
const DIST = settings.e2e.dist;
/** The platform sandbox (runtime events, newsletter) and the two film-club partners. */
const SANDBOX_PORT = ports.sandbox;
const FILMCLUB_118_PORT = ports.filmclub118;
const FILMCLUB_178_PORT = ports.filmclub178;
const SITE_ORIGINS = [PREVIEW_PORT, NGINX_PORT, ports.variant].map((port) => `http://127.0.0.1:${port}`).join(',');

/**
 * Browser tests drive Debian's Chromium (never a downloaded browser) against the real build in
 * dist/ (scripts/e2e.mjs builds it with the test clock first), served twice: by astro preview,
 * and by nginx with the build's own hosting config, as in production.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    locale: 'nn-NO',
    timezoneId: 'Europe/Oslo',
    launchOptions: {
      executablePath: settings.chromePath,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    // Every spec runs against nginx with the build's own config, as production serves the site.
    { name: 'nginx', use: { baseURL: `http://127.0.0.1:${NGINX_PORT}` } },
    // astro preview (npm run preview, and any plain static host) serves the same files; what
    // depends on the server is run against it too: routing (trailing slashes, index.html, the
    // redirect pages, the 404 page) and the local media's sized copies. Everything else reads
    // only the files and the browser, so it runs once.
    {
      name: 'preview',
      use: { baseURL: `http://127.0.0.1:${PREVIEW_PORT}` },
      testMatch: /(routing|images)\.spec\.ts/,
    },
  ],
  webServer: [
    {
      command: `npx tsx sandbox/cli.ts`,
      // The site's origins may call the newsletter endpoint from the browser.
      env: { SANDBOX_PORT: String(SANDBOX_PORT), SANDBOX_CORS_ORIGINS: SITE_ORIGINS },
      url: `http://127.0.0.1:${SANDBOX_PORT}/__sandbox/requests`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `npx tsx sandbox/filmclub/cli.ts`,
      env: {
        FILMCLUB_118_PORT: String(FILMCLUB_118_PORT),
        FILMCLUB_178_PORT: String(FILMCLUB_178_PORT),
        // A fresh data directory per run (scripts/e2e.mjs makes and removes it).
        FILMCLUB_DATA_DIR: settings.e2e.filmclubDataDir,
        FILMCLUB_ALLOWED_ORIGINS: SITE_ORIGINS,
        FILMCLUB_MAX_SECONDS: '5400',
      },
      url: `http://127.0.0.1:${FILMCLUB_178_PORT}/__sandbox/outbox`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `npx astro preview --host 127.0.0.1 --port ${PREVIEW_PORT} --outDir ${DIST}`,
      url: `http://127.0.0.1:${PREVIEW_PORT}/`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `node scripts/serve-nginx.mjs --root ${DIST} --port ${NGINX_PORT} --max-seconds 5400`,
      url: `http://127.0.0.1:${NGINX_PORT}/`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
