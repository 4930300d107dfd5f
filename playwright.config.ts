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
const CDN_PORT = ports.cdn;
const SITE_ORIGINS = [PREVIEW_PORT, NGINX_PORT, CDN_PORT, ports.variant].map((port) => `http://127.0.0.1:${port}`).join(',');

/**
 * Browser tests drive Debian's Chromium (never a downloaded browser) against the real build in
 * dist/ (scripts/e2e.mjs builds it with the test clock first), served three times: by nginx
 * with the build's own hosting config, as in production; by Cloudflare's runtime with the
 * build's _headers and _redirects, as on a CDN; and by astro preview.
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
      testMatch: /(routing|images|links)\.spec\.ts/,
    },
    // Cloudflare Pages' runtime (workerd through wrangler pages dev), as a CDN serves the build:
    // what depends on the server, as for nginx (routing, every internal link, headers and CSP
    // per path, caching, the 404 page, the service worker's scope and updates). Tests of what
    // only nginx does (its own error pages) carry @nginx in their titles, and those of the
    // service worker that depend on the browser alone @once; images.spec.ts is left out, since a
    // CDN without functions cannot pick the ?width= copies of local media (production media come
    // from the CMS's image service, which does).
    {
      name: 'cdn',
      use: { baseURL: `http://127.0.0.1:${CDN_PORT}` },
      testMatch: /(routing|hosting|links|offline)\.spec\.ts/,
      grepInvert: /@nginx|@once/,
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
      command: `node --import tsx scripts/serve-cdn.mjs --root ${DIST} --port ${CDN_PORT} --inspector-port ${ports.cdnInspector} --max-seconds 5400`,
      url: `http://127.0.0.1:${CDN_PORT}/`,
      timeout: 120_000,
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
