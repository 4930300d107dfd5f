/**
 * `npm run screenshots`: the browser-test setup (scripts/e2e-setup.ts: Chromium, the build
 * served by nginx, the sandboxes) pointed at scripts/screenshots/ instead of the test suite.
 */
import { defineConfig } from '@playwright/test';
import { browser, NGINX_URL, servers } from '../e2e-setup';

export default defineConfig({
  testDir: '.',
  testMatch: 'screenshots.spec.ts',
  forbidOnly: true,
  retries: 0,
  reporter: [['list']],
  workers: 1,
  timeout: 180_000,
  use: browser,
  projects: [{ name: 'nginx', use: { baseURL: NGINX_URL } }],
  webServer: servers,
});
