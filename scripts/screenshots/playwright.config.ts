/**
 * `npm run screenshots`: the browser-test setup (playwright.config.ts: the build served by nginx,
 * the sandboxes) pointed at scripts/screenshots/ instead of the test suite.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import base from '../../playwright.config';

const root = fileURLToPath(new URL('../..', import.meta.url));
const servers = Array.isArray(base.webServer) ? base.webServer : base.webServer ? [base.webServer] : [];

export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: 'screenshots.spec.ts',
  workers: 1,
  timeout: 180_000,
  projects: (base.projects ?? []).filter((project) => project.name === 'nginx'),
  // The servers' commands are written from the repository's root.
  webServer: servers.map((server) => ({ ...server, cwd: root })),
});
