/**
 * `npm run screenshots`: the browser-test setup (playwright.config.ts: the build served by nginx,
 * the sandboxes) pointed at scripts/screenshots/ instead of the test suite.
 */
import { defineConfig } from '@playwright/test';
import base from '../../playwright.config';

export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: 'screenshots.spec.ts',
  workers: 1,
  timeout: 180_000,
  projects: (base.projects ?? []).filter((project) => project.name === 'nginx'),
});
