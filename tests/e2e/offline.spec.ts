/**
 * The service worker (/sw.js) on the real build: the first install, every page, the search and
 * seen images offline, what it never caches, the precache budget, the reload onto a new
 * version, and a failed registration. Runs against both nginx and astro preview; the update
 * tests start their own server of the same kind, so they can swap the build under the page.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { IMAGE_CACHE, IMAGE_LIMITS, PRECACHE_BUDGET, builtPrecacheUrls } from '../../src/lib/offline/worker-rules';
import { BUILD_GOALS, precacheHeadroomKiB } from '../../src/lib/hosting/build-goals';
import { storedPage } from '../../src/lib/pages/inline-stylesheet';
import { pageFile } from '../../src/lib/pages/page-files';
import { scriptEnv } from '../../scripts/script-env.mjs';
import { expect, sitemapPaths, test } from './fixtures';

// The service worker is what this spec is about (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

const DIST = scriptEnv().e2e.dist;
// Tests marked @once depend on the browser and the worker alone, not on the server: the cdn
// project (playwright.config.ts) leaves them to nginx.
const OFFLINE_READY = 'Innhaldet er no tilgjengeleg fråkopla.';
/** Installing means downloading the whole precache; under a loaded test machine that takes a while. */
const INSTALL_MS = 30_000;

/** Waits until the worker has stored the site and controls the page. */
async function waitForWorker(page: Page) {
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
}

test('the first visit stores the site for offline use and says so, briefly, covering nothing', async ({ page }) => {
  // A phone, where a floating notice covered the first day of the strip and took its taps.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const notice = page.locator('[data-sw-status]');
  await expect(notice).toHaveRole('status');
  await expect(notice).toHaveText(OFFLINE_READY, { timeout: INSTALL_MS });
  // While it shows, every button and link of the first screen takes its own clicks (nothing lies over them)...
  const taken = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main a, main button, main summary')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
      })
      .flatMap((element) => {
        // A link that wraps is hit on its first line (the middle of its whole box may fall between lines).
        const box = element.getClientRects()[0]!;
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return hit && element.contains(hit) ? [] : [`${element.textContent?.trim().slice(0, 40)} (under ${hit?.outerHTML.slice(0, 60)})`];
      }),
  );
  expect(taken).toEqual([]);
  // ...and the notice lies over nothing of the page anywhere: it is the page's last line, below the footer.
  const overlaps = await notice.evaluate((region) => {
    const own = region.getBoundingClientRect();
    return [...document.querySelectorAll('header *, main *, footer *')].filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && box.left < own.right && box.right > own.left && box.top < own.bottom && box.bottom > own.top;
    }).length;
  });
  expect(overlaps).toBe(0);
  const footerBottom = await page.locator('footer.site-footer').evaluate((footer) => footer.getBoundingClientRect().bottom);
  expect((await notice.boundingBox())!.y).toBeGreaterThanOrEqual(footerBottom - 1);
  await waitForWorker(page);
  // It goes by itself (after a few seconds).
  await expect(notice).toHaveText('', { timeout: 15_000 });
  // A later page load under the same worker is no first install: no notice.
  await page.goto('/kontakt');
  await page.waitForLoadState('load');
  await expect(page.locator('h1')).toHaveText('Kontaktinformasjon');
  const registration = await page.evaluate(async () => {
    const found = await navigator.serviceWorker.getRegistration();
    return { active: found?.active?.state, installing: found?.installing ?? null, waiting: found?.waiting ?? null };
  });
  expect(registration).toEqual({ active: 'activated', installing: null, waiting: null });
  await expect(notice).toHaveText('');
});

test('@once after the first visit, pages, the search and seen images work offline', async ({ page, context }) => {
  await page.goto('/article/morgonsym');
  await waitForWorker(page);
  // The cover image was shown before the worker existed; the worker keeps it all the same.
  const cover = await page.locator('.cover__image').evaluate((image: HTMLImageElement) => image.currentSrc);
  expect(new URL(cover).pathname).toMatch(/^\/media\//);
  await expect.poll(() => page.evaluate(async (url) => (await caches.match(url)) !== undefined, cover)).toBe(true);
  // Over the network the page carries its stylesheet inline; the worker stores pages linking it.
  await expect(page.locator('link[rel=stylesheet]')).toHaveCount(0);
  await expect(page.locator('head style[data-href]')).toHaveCount(1);
  const styled = () =>
    page.evaluate(() => [getComputedStyle(document.body).fontFamily, getComputedStyle(document.querySelector('.site-footer')!).backgroundColor].join(' / '));
  const onlineStyle = await styled();
  await context.setOffline(true);

  // The page seen, with its image.
  await page.reload();
  await expect(page.locator('h1')).toHaveText('Morgonsym før jobb og skule');
  await expect.poll(() => page.locator('.cover__image').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);

  // Pages never opened, with and without a trailing slash.
  for (const [path, heading] of [
    ['/kontakt', 'Kontaktinformasjon'],
    ['/biblioteket/', 'Biblioteket'],
    ['/saltvatn-i-konsert-gg45j', 'Saltvatn i konsert'],
    ['/article/babysvomming/', null],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    expect(response?.fromServiceWorker(), path).toBe(true);
    if (heading) await expect(page.locator('h1'), path).toHaveText(heading);
    else await expect(page.locator('h1'), path).toHaveCount(1);
    // The stored copy links the stylesheet, which the precache holds once, and looks the same.
    await expect(page.locator('link[rel=stylesheet]'), path).toHaveCount(1);
    await expect(page.locator('style[data-href]'), path).toHaveCount(0);
    expect(await styled(), path).toBe(onlineStyle);
  }

  // The search, its script and its index.
  await page.goto('/search?q=bassenga');
  await expect(page.locator('#sok-status')).toHaveText(/^\d+ treff på «bassenga»\.$/);
  await expect(page.getByRole('link', { name: 'Bassenget er ope att – med nye garderobar' })).toBeVisible();

  // A page that is not stored gets the offline page, not an error.
  await page.goto('/finst-ikkje-enno');
  await expect(page.locator('h1')).toHaveText('Du er fråkopla');
  await expect(page.getByRole('button', { name: 'Prøv igjen' })).toBeVisible();
  await context.setOffline(false);
});

test('@once the image cache keeps the latest images up to its limit, the oldest going first', async ({ page }) => {
  await page.goto('/article/morgonsym');
  await waitForWorker(page);
  const cover = new URL(await page.locator('.cover__image').evaluate((image: HTMLImageElement) => image.currentSrc));
  // More distinct image URLs than the limit, as a long visit would see; one after another, so
  // each is stored later than the one before.
  const seen = IMAGE_LIMITS.maxEntries + 10;
  const urls = Array.from({ length: seen }, (_, index) => `${cover.pathname}?bilete=${index}`);
  await page.evaluate(async (list) => {
    for (const url of list) {
      const image = new Image();
      image.src = url;
      await image.decode();
    }
  }, urls);
  const stored = () => page.evaluate(async (name) => (await (await caches.open(name)).keys()).map((request) => new URL(request.url).search), IMAGE_CACHE);
  await expect.poll(async () => (await stored()).length).toBe(IMAGE_LIMITS.maxEntries);
  const kept = await stored();
  expect(kept).toContain(`?bilete=${seen - 1}`);
  expect(kept).not.toContain('?bilete=0');
});

test('@once a page outside the precache works offline once visited', async ({ page, context }) => {
  // A one-filter view of the programme: never precached, like a page past the precache budget.
  await page.goto('/');
  await waitForWorker(page);
  const path = '/kinoprogram/alder/15';
  const online = await page.goto(path);
  expect(online?.status()).toBe(200);
  await context.setOffline(true);
  const offline = await page.goto(path);
  expect(offline?.status()).toBe(200);
  expect(offline?.fromServiceWorker()).toBe(true);
  await expect(page).toHaveTitle('Kulturhuset Kaia | Kinoprogram – Frå 15 år');
  // Another view never opened gets the offline page.
  await page.goto('/kinoprogram/alder/12');
  await expect(page.locator('h1')).toHaveText('Du er fråkopla');
  await context.setOffline(false);
});

test('@once on a weak signal that accepts and never answers, a visited page comes from the store within seconds, saying so (issue 37)', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await waitForWorker(page);
  const path = '/kinoprogram/alder/15';
  expect((await page.goto(path))?.status()).toBe(200);
  await expect(page.locator('[data-sw-status]')).not.toContainText('Nettet svarar ikkje');
  // Lie-fi: the worker's request for the page is taken and never answered (Chromium routes a
  // service worker's requests through the context).
  let held = 0;
  await context.route(`**${path}*`, () => {
    held += 1;
  });
  const started = Date.now();
  const stored = await page.goto(path, { timeout: 15_000 });
  expect(stored?.fromServiceWorker()).toBe(true);
  await expect(page).toHaveTitle('Kulturhuset Kaia | Kinoprogram – Frå 15 år');
  const status = page.locator('[data-sw-status]');
  await expect(status).toContainText('Nettet svarar ikkje no, så du ser sida slik ho var sist du opna ho.');
  await expect(status.getByRole('button', { name: 'Prøv igjen' })).toBeVisible();
  expect(held).toBeGreaterThan(0);
  // The worker's time-out is 3 s; the page is there long before a browser's own (minutes).
  expect(Date.now() - started).toBeLessThan(12_000);
  // Answered again: «Prøv igjen» brings the page from the network, with no note.
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await status.getByRole('button', { name: 'Prøv igjen' }).click();
  await expect(page.locator('[data-sw-status]')).not.toContainText('Nettet svarar ikkje');
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-stored-copy'))).toBe(false);
});

test('@once offline, an image never seen shows a calm placeholder of its own size, not a broken image', async ({ page, context }) => {
  await page.goto('/');
  await waitForWorker(page);
  await context.setOffline(true);
  // A page stored at install whose cover image was never fetched.
  await page.goto('/bassenget');
  const cover = page.locator('.cover__image');
  await expect(cover).toBeVisible();
  await expect.poll(() => cover.evaluate((image: HTMLImageElement) => image.complete)).toBe(true);
  const shown = await cover.evaluate(async (image: HTMLImageElement) => {
    const answer = await fetch(image.currentSrc);
    const box = image.getBoundingClientRect();
    return { type: answer.headers.get('content-type'), width: Math.round(box.width), height: Math.round(box.height), ratio: box.width / box.height };
  });
  expect(shown.type).toBe('image/svg+xml');
  // The cover keeps its 16:9 box.
  expect(shown.ratio).toBeCloseTo(16 / 9, 1);
  await context.setOffline(false);
});

test('@once caches only the site: pages, assets, the index and /media/ images, never API calls', async ({ page, baseURL }) => {
  await page.goto('/kinoprogram');
  await waitForWorker(page);
  // Images are cached as they are seen under the worker.
  await page.goto('/article/morgonsym');
  await expect.poll(() => page.locator('.cover__image').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  const stored = await page.evaluate(async () => {
    // A call the page might make to an API of the site's own origin: never cached.
    await fetch('/api/filmklubb/profil?medlem=1').catch(() => undefined);
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(request.url);
    }
    return urls;
  });
  expect(stored.length).toBeGreaterThan(50);
  const origin = new URL(baseURL!).origin;
  const foreign = stored.filter((url) => new URL(url).origin !== origin);
  expect(foreign).toEqual([]);
  const paths = stored.map((url) => new URL(url).pathname);
  expect(paths.filter((path) => path.includes('/api/'))).toEqual([]);
  expect(paths).toContain('/pagefind/pagefind-entry.json');
  expect(paths.some((path) => path.startsWith('/media/'))).toBe(true);
});

test('the precache holds every page and the search index, and stores under 2 MB with room for the next page type', async ({ request }) => {
  const sw = await (await request.get('/sw.js')).text();
  const urls = builtPrecacheUrls(sw);
  // The demo content fits whole; on a larger site the pages that do not fit are cached when visited.
  for (const path of await sitemapPaths(request))
    expect(urls, `${path}: left out by the precache budget? The build warns which pages`).toContain(pageFile(path));
  for (const url of ['offline.html', 'search.html', 'pagefind/pagefind.js', 'pagefind/pagefind-entry.json', 'pagefind/wasm.nn.pagefind']) {
    expect(urls).toContain(url);
  }
  expect(urls.some((url) => /^pagefind\/fragment\/.+\.pf_fragment$/.test(url))).toBe(true);
  expect(urls.some((url) => /^pagefind\/index\/.+\.pf_index$/.test(url))).toBe(true);
  // Pagefind's web worker is not used (the search runs on the page), so not stored.
  expect(urls.filter((url) => url.startsWith('media/') || url.startsWith('_hosting/') || url === 'sw.js' || url.includes('pagefind-worker'))).toEqual([]);

  let stored = 0;
  let gzip = 0;
  for (const url of urls) {
    const served = await (await request.get(`/${url}`, { headers: { 'Accept-Encoding': 'identity' } })).body();
    // Pages are stored linking the stylesheet they carry inline over the network, and without
    // their structured data (src/sw.ts).
    const body = url.endsWith('.html') ? Buffer.from(storedPage(served.toString('utf8'))) : served;
    stored += body.length;
    gzip += /\.(html|css|js|json|svg)$/.test(url) ? gzipSync(body).length : body.length;
  }
  console.log(`precache: ${urls.length} files, ${stored} bytes (${(stored / 1024).toFixed(0)} KiB) as stored, ${(gzip / 1024).toFixed(0)} KiB gzip`);
  // The budget: 2 MB as Workbox counts, of files as the browser stores them (uncompressed), with
  // the headroom the next page type needs (src/lib/hosting/build-goals.ts).
  expect(stored).toBeLessThan(PRECACHE_BUDGET);
  expect(precacheHeadroomKiB(stored), 'KiB left under the precache budget').toBeGreaterThanOrEqual(BUILD_GOALS.precacheHeadroomKiB);
});

test('@once a failed registration is logged, and the page works on', async ({ page, context }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await context.route('**/sw.js', (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'finst ikkje' }));
  await page.goto('/search');
  await expect.poll(() => errors.some((text) => text.includes('Kunne ikkje registrere service workeren'))).toBe(true);
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  await expect(page.locator('[data-sw-status]')).toHaveText('');
  // The page is whole and its scripts run.
  await page.getByRole('searchbox', { name: 'Søk i filmar, arrangement, artiklar og sider' }).fill('bassenga');
  await expect(page.locator('.search-result').first()).toBeVisible();
});

// ---- A new build under the page --------------------------------------------------------

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Serves `root` on `port` the way the project does: nginx with the build's config, Cloudflare's runtime, or astro preview. */
async function serve(kind: string, root: string, port: number): Promise<ChildProcess> {
  const args =
    kind === 'preview'
      ? ['node_modules/astro/astro.js', 'preview', '--host', '127.0.0.1', '--port', String(port), '--outDir', root]
      : kind === 'cdn'
        ? [
            '--import',
            'tsx',
            'scripts/serve-cdn.mjs',
            '--root',
            root,
            '--port',
            String(port),
            '--inspector-port',
            String(await freePort()),
            '--max-seconds',
            '300',
          ]
        : ['scripts/serve-nginx.mjs', '--root', root, '--port', String(port), '--max-seconds', '300'];
  const child = spawn('node', args, { stdio: 'ignore', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } });
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`${kind} on ${port} exited with ${child.exitCode}`);
    const up = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return child;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGTERM');
  throw new Error(`${kind} on ${port} did not start`);
}

async function stop(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** A copy of the build with a changed /om-huset page, announced by a new revision in sw.js. */
function newerBuild(heading: string): string {
  const root = mkdtempSync(join(tmpdir(), 'kaia-sw-update-'));
  // nginx's workers run as another user: the copy must be readable like the build.
  chmodSync(root, 0o755);
  cpSync(DIST, root, { recursive: true });
  const page = join(root, 'om-huset.html');
  writeFileSync(page, readFileSync(page, 'utf8').replace('<h1>Om huset</h1>', `<h1>${heading}</h1>`));
  const worker = join(root, 'sw.js');
  const sw = readFileSync(worker, 'utf8');
  const entry = /"revision":"([0-9a-f]+)","url":"om-huset\.html"/;
  expect(sw).toMatch(entry);
  writeFileSync(worker, sw.replace(entry, '"revision":"0000000000000000000000000000ffff","url":"om-huset.html"'));
  // The precompressed copies would still hold the old text.
  for (const file of [page, worker]) for (const suffix of ['.gz', '.br']) rmSync(`${file}${suffix}`, { force: true });
  return root;
}

test.describe('a new version under an open page', () => {
  // Each test starts the server twice, the CDN's runtime included (wrangler and workerd read the
  // whole build at each start): over the default 60 s on a loaded machine.
  test.describe.configure({ timeout: 150_000 });
  let server: ChildProcess | undefined;
  let newer: string | undefined;
  test.afterEach(async () => {
    await stop(server);
    if (newer) rmSync(newer, { recursive: true, force: true });
  });

  async function openOldVersion(page: Page, kind: string) {
    const port = await freePort();
    server = await serve(kind, DIST, port);
    await page.goto(`http://127.0.0.1:${port}/om-huset`);
    await expect(page.locator('[data-sw-status]')).toHaveText(OFFLINE_READY, { timeout: INSTALL_MS });
    await waitForWorker(page);
    await expect(page.locator('h1')).toHaveText('Om huset');
    await page.evaluate(() => Object.assign(window, { oldVersion: true }));
    // Deploy: the same address now serves the newer build.
    newer = newerBuild('Om huset – ny utgåve');
    await stop(server);
    server = await serve(kind, newer, port);
  }

  const checkForUpdate = (page: Page) => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

  test('reloads onto the new version once it is installed', async ({ page }, testInfo) => {
    await openOldVersion(page, testInfo.project.name);
    await checkForUpdate(page);
    await expect(page.locator('h1')).toHaveText('Om huset – ny utgåve', { timeout: INSTALL_MS });
    expect(await page.evaluate(() => 'oldVersion' in window)).toBe(false);
  });

  test('@once offers the reload instead while the visitor is typing', async ({ page }, testInfo) => {
    await openOldVersion(page, testInfo.project.name);
    const field = page.getByRole('searchbox', { name: 'Søk på nettstaden' });
    await field.pressSequentially('symjekurs');
    await checkForUpdate(page);
    const reload = page.locator('[data-sw-status]').getByRole('button', { name: 'Last inn på nytt' });
    await expect(reload).toBeVisible({ timeout: INSTALL_MS });
    // Unlike the offline notice, the offer floats where the visitor, typing at the top, sees it.
    await expect(reload).toBeInViewport();
    await expect(page.locator('[data-sw-status]')).toContainText('Ei ny utgåve av nettstaden er klar.');
    // Nothing was taken away.
    expect(await page.evaluate(() => 'oldVersion' in window)).toBe(true);
    await expect(field).toHaveValue('symjekurs');
    await expect(field).toBeFocused();
    await reload.click();
    await expect(page.locator('h1')).toHaveText('Om huset – ny utgåve');
  });
});
