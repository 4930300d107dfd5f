import { defineConfig } from '@playwright/test';

const PREVIEW_PORT = Number(process.env['E2E_PREVIEW_PORT'] ?? 4322);
const NGINX_PORT = Number(process.env['E2E_NGINX_PORT'] ?? 4323);
const DIST = process.env['E2E_DIST'] ?? 'dist';

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
      executablePath: process.env['CHROME_PATH'] ?? '/usr/bin/chromium',
      args: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'nginx', use: { baseURL: `http://127.0.0.1:${NGINX_PORT}` } },
    { name: 'preview', use: { baseURL: `http://127.0.0.1:${PREVIEW_PORT}` }, testIgnore: /(hosting|hostile-paths)\.spec\.ts/ },
  ],
  webServer: [
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
