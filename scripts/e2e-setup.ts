/**
 * What every Playwright run of this project shares (the browser tests in playwright.config.ts,
 * `npm run screenshots` in scripts/screenshots/playwright.config.ts): Debian's Chromium in Oslo
 * time and nynorsk, and the servers: the platform and film-club sandboxes, and the build in
 * dist/ (scripts/e2e.mjs builds it with the test clock first) served twice, by astro preview and
 * by nginx with the build's own hosting config, as in production.
 */
import { fileURLToPath } from 'node:url';
import type { PlaywrightTestConfig } from '@playwright/test';
import { CHROMIUM_ARGS, scriptEnv } from './script-env.mjs';

const settings = scriptEnv();
const ports = settings.e2e.ports;
const DIST = settings.e2e.dist;
const SITE_ORIGINS = [ports.preview, ports.nginx, ports.cdn, ports.variant].map((port) => `http://127.0.0.1:${port}`).join(',');
/** The servers' commands are written from the repository's root, whichever config starts them. */
const ROOT = fileURLToPath(new URL('..', import.meta.url));

export const NGINX_URL = `http://127.0.0.1:${ports.nginx}`;
export const PREVIEW_URL = `http://127.0.0.1:${ports.preview}`;
export const CDN_URL = `http://127.0.0.1:${ports.cdn}`;

export const browser: NonNullable<PlaywrightTestConfig['use']> = {
  locale: 'nn-NO',
  timezoneId: 'Europe/Oslo',
  launchOptions: {
    executablePath: settings.chromePath,
    args: CHROMIUM_ARGS,
  },
};

const quiet = { timeout: 60_000, reuseExistingServer: false, stdout: 'ignore', stderr: 'pipe', cwd: ROOT } as const;

/** One server Playwright starts for a run. */
type WebServer = Exclude<NonNullable<PlaywrightTestConfig['webServer']>, unknown[]>;

export const servers: WebServer[] = [
  {
    command: `npx tsx sandbox/cli.ts`,
    // The site's origins may call the newsletter endpoint from the browser.
    env: { SANDBOX_PORT: String(ports.sandbox), SANDBOX_CORS_ORIGINS: SITE_ORIGINS },
    url: `http://127.0.0.1:${ports.sandbox}/__sandbox/requests`,
    ...quiet,
  },
  {
    command: `npx tsx sandbox/filmclub/cli.ts`,
    env: {
      FILMCLUB_118_PORT: String(ports.filmclub118),
      FILMCLUB_178_PORT: String(ports.filmclub178),
      // A fresh data directory per run (scripts/e2e.mjs makes and removes it).
      FILMCLUB_DATA_DIR: settings.e2e.filmclubDataDir,
      FILMCLUB_ALLOWED_ORIGINS: SITE_ORIGINS,
      FILMCLUB_MAX_SECONDS: '5400',
    },
    url: `http://127.0.0.1:${ports.filmclub178}/__sandbox/outbox`,
    ...quiet,
  },
  {
    command: `npx astro preview --host 127.0.0.1 --port ${ports.preview} --outDir ${DIST}`,
    url: `${PREVIEW_URL}/`,
    ...quiet,
  },
  {
    command: `node scripts/serve-nginx.mjs --root ${DIST} --port ${ports.nginx} --max-seconds 5400`,
    url: `${NGINX_URL}/`,
    ...quiet,
  },
];

/**
 * The build as a CDN serves it: Cloudflare's runtime (scripts/serve-cdn.mjs) with what a CDN
 * upload holds. Only the browser tests' cdn project needs it.
 */
export const cdnServer: WebServer = {
  command: `node --import tsx scripts/serve-cdn.mjs --root ${DIST} --port ${ports.cdn} --inspector-port ${ports.cdnInspector} --max-seconds 5400`,
  url: `${CDN_URL}/`,
  ...quiet,
  // wrangler starts workerd and reads the whole build first: slower than the others.
  timeout: 120_000,
};
