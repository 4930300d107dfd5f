/**
 * The second visit to /search, with the service worker in control, finds what the first does,
 * on every server the project runs (issue 37): nginx with the build's own config, as production
 * serves it, and the publish service's live site (`npm start`) and staff preview
 * (publisher/sites/static-files.ts). The worker precaches the search page as `search.html`; a server
 * that answered that spelling with the site-wide policy (no 'wasm-unsafe-eval') instead of
 * sending it on to /search had the worker store a search page whose Pagefind could not run:
 * «Søket fungerer ikkje akkurat no.» for every returning visitor, online and offline.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { readPublisherConfig } from '../../publisher/config';
import { startPublisher, type Publisher } from '../../publisher/server';
import { switchCurrent } from '../../release/releases';
import { scriptEnv } from '../../scripts/script-env.mjs';
import { freePort } from '../support/free-port';
import { UNREACHABLE_SOURCES } from '../support/offline-sources';
import { addStaffAccount, staffLogin } from '../support/staff-account';
import { expect, test } from './fixtures';

// The service worker is what this spec is about (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

const PASSWORD = 'e2e-search-return-password';
const RELEASE = '20261101T000000Z';

let work: string;
let publisher: Publisher;
let siteUrl: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'kaia-e2e-search-return-'));
  const releases = join(work, 'releases');
  // The suite's own build, as the live release and as the draft in the preview.
  for (const dir of [releases, join(releases, 'preview')]) {
    mkdirSync(dir, { recursive: true });
    cpSync(scriptEnv().e2e.dist, join(dir, RELEASE), { recursive: true });
    switchCurrent(dir, RELEASE);
  }
  mkdirSync(join(work, 'content'));
  const sitePort = await freePort();
  siteUrl = `http://127.0.0.1:${sitePort}`;
  const config = readPublisherConfig({
    ...UNREACHABLE_SOURCES,
    CONTENT_DIR: join(work, 'content'),
    RELEASES_DIR: releases,
    PUBLISHER_PORT: '0',
    PUBLISHER_SITE_PORT: String(sitePort),
    PUBLISHER_STAFF_PASSWORD: PASSWORD,
    PUBLISHER_HOOK_SECRET: 'e2e-search-return-secret-0123',
    // No schedule: nothing is imported or built here.
    PUBLISHER_SYNC_MINUTES: '0',
  });
  await addStaffAccount(config.accountsFile, 'anne', 'Anne Aas', PASSWORD);
  publisher = await startPublisher(config, { previewPort: 0, log: () => {}, scheduleTimer: false });
});

test.afterAll(async () => {
  await publisher?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Opens /search, waits for the worker to take control, then searches again: the page comes from the worker's store. */
async function searchOnSecondVisit(page: Page, origin: string) {
  const csp: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|WebAssembly/i.test(message.text())) csp.push(message.text());
  });
  await page.goto(`${origin}/search`);
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
  const response = await page.goto(`${origin}/search?q=bassenga`);
  expect(response?.fromServiceWorker()).toBe(true);
  // Pagefind's WebAssembly and index load first: slow on a loaded machine (over 5 s seen).
  await expect(page.locator('#sok-status')).toHaveText(/^\d+ treff på «bassenga»\.$/, { timeout: 20_000 });
  await expect(page.getByRole('link', { name: 'Bassenget er ope att – med nye garderobar' })).toBeVisible();
  expect(csp).toEqual([]);
}

test('a returning visitor finds what they search for: nginx, as production', async ({ page, baseURL }) => {
  await searchOnSecondVisit(page, baseURL!);
});

test('a returning visitor finds what they search for: the publish service’s live site (npm start)', async ({ page }) => {
  await searchOnSecondVisit(page, siteUrl);
});

test('a returning visitor finds what they search for: the staff preview', async ({ page }) => {
  const { cookie } = await staffLogin(publisher.url, 'anne', PASSWORD);
  const open = await fetch(`${publisher.url}/staff/forehandsvising`, { headers: { cookie }, redirect: 'manual' });
  expect(open.status).toBe(303);
  // Staff open the preview from the status page: its one-time ticket sets the preview's own cookie.
  await page.goto(open.headers.get('location')!);
  await expect(page).toHaveURL(publisher.previewUrl);
  await searchOnSecondVisit(page, publisher.previewUrl.replace(/\/$/, ''));
});
