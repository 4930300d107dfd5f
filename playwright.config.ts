import { defineConfig } from '@playwright/test';
import { FIXED_NOW } from './tests/e2e/clock';

const PORT = Number(process.env['E2E_PORT'] ?? 4322);

/**
 * End-to-end tests drive Debian's Chromium (never a downloaded browser) against the real
 * build, served by `astro preview` on loopback. The build's clock is pinned so the programme
 * is repeatable; tests pin the browser's clock to the same moment.
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
    baseURL: `http://127.0.0.1:${PORT}`,
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
  webServer: {
    command: `npm run build && npx astro preview --host 127.0.0.1 --port ${PORT}`,
    url: `http://127.0.0.1:${PORT}/`,
    env: { SITE_NOW: FIXED_NOW },
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
