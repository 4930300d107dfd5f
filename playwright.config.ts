import { defineConfig } from '@playwright/test';
import { browser, CDN_URL, cdnServer, NGINX_URL, PREVIEW_URL, servers } from './scripts/e2e-setup';

/**
 * Browser tests drive Debian's Chromium (never a downloaded browser) against the real build in
 * dist/ (scripts/e2e.mjs builds it with the test clock first), served three times
 * (scripts/e2e-setup.ts): by nginx with the build's own hosting config, as in production; by
 * Cloudflare's runtime with the build's _headers and _redirects, as on a CDN; and by astro preview.
 */
/** Specs that run `astro build` themselves (the publish service's real build, partner variants). */
const BUILDING_SPECS = /(publish-real-build|publish-cdn|filmclub-partners|start)\.spec\.ts/;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // Two workers on the 2-core machine. Three were slower: 291 tests in 17.0 min against 285 in
  // 15.2 min with two (fresh-clone runs, 2026-11-27); the browsers keep both cores busy.
  workers: 2,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  // Without the service worker, but in the specs about it or about the pages it stores
  // (offline, every-page, search-return, the film club's offline tickets: `test.use` there):
  // its first install stores the whole site, a second or more of each test's time.
  use: { ...browser, serviceWorkers: 'block' },
  projects: [
    // The specs that run a real Astro build of their own, against the same nginx, one test at a
    // time: a build whose output lies outside the project writes its server chunks into the
    // project's ./.astro/ (Astro's getOutDirWithinCwd), so two at once break each other
    // (seen: a publish failing with a module missing, a variant built with the other's content).
    // Listed first, so that chain starts at once beside the other worker's tests: listed after
    // them, it ran alone at the end for about 4 minutes with the other worker idle.
    { name: 'builds', use: { baseURL: NGINX_URL }, testMatch: BUILDING_SPECS, workers: 1 },
    // Every spec runs against nginx with the build's own config, as production serves the site.
    { name: 'nginx', use: { baseURL: NGINX_URL }, testIgnore: BUILDING_SPECS },
    // astro preview (npm run preview, and any plain static host) serves the same files; what
    // depends on the server is run against it too: routing (a page's one URL and its other spellings, the
    // redirect pages, the 404 page) and the local media's sized copies. Everything else reads
    // only the files and the browser, so it runs once.
    {
      name: 'preview',
      use: { baseURL: PREVIEW_URL },
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
      use: { baseURL: CDN_URL },
      testMatch: /(routing|hosting|links|offline)\.spec\.ts/,
      grepInvert: /@nginx|@once/,
    },
  ],
  webServer: [...servers, cdnServer],
});
