import { defineConfig } from '@playwright/test';
import { browser, NGINX_URL, PREVIEW_URL, servers } from './scripts/e2e-setup';

/**
 * Browser tests drive Debian's Chromium (never a downloaded browser) against the real build in
 * dist/ (scripts/e2e.mjs builds it with the test clock first), served twice: by astro preview,
 * and by nginx with the build's own hosting config, as in production (scripts/e2e-setup.ts).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  use: browser,
  projects: [
    // Every spec runs against nginx with the build's own config, as production serves the site.
    { name: 'nginx', use: { baseURL: NGINX_URL } },
    // astro preview (npm run preview, and any plain static host) serves the same files; what
    // depends on the server is run against it too: routing (trailing slashes, index.html, the
    // redirect pages, the 404 page) and the local media's sized copies. Everything else reads
    // only the files and the browser, so it runs once.
    {
      name: 'preview',
      use: { baseURL: PREVIEW_URL },
      testMatch: /(routing|images)\.spec\.ts/,
    },
  ],
  webServer: servers,
});
