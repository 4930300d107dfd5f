/**
 * The publish service with the real Astro build, served by nginx as in production: an article
 * edited in the CMS (the platform sandbox, which sends the signed webhook) shows on the served
 * page after one real import and one real build, and the release before it stays for rollback;
 * a draft is built into the preview (SITE_NOINDEX=1), for staff only and never indexed.
 *
 * The first live release is the suite's own build (dist/, built from the committed content with
 * the test clock, as scripts/e2e.mjs makes it), so the runs under test are the only builds here.
 * The build inherits the test run's environment (SITE_NOW, the sandboxes' addresses).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readPublisherConfig } from '../../publisher/config';
import { currentRelease, listReleases, releaseContentDir, switchCurrent } from '../../release/releases';
import { startPublisher, type Publisher } from '../../publisher/server';
import { loadDataset, startSandbox, type Sandbox } from '../../sandbox/server';
import { scriptEnv } from '../../scripts/script-env.mjs';
import { sandboxImportEnv } from '../../sandbox/import-env';
import { addStaffAccount } from '../support/staff-account';
import { freePorts } from '../support/free-port';
import { axeViolations, expect, test } from './fixtures';
import { nuErrors } from './nu-check';

/** Free ports, chosen before the servers start (they must know each other's address). */
let PORTS: { publisher: number; preview: number; sandbox: number; nginx: number };
const SECRET = 'e2e-real-build-secret-0123456789';
const PASSWORD = 'e2e-real-build-password';
const FIRST = '20261101T000000Z';
const dataset = loadDataset('content');
const article = (dataset.articles as { id: string; slug: string; title: string }[]).find((entry) => entry.slug === 'sommarkaf')!;
let site: string;

let work: string;
let sandbox: Sandbox;
let publisher: Publisher;
let nginx: ChildProcess;

test.describe.configure({ mode: 'serial', timeout: 10 * 60_000 });

test.beforeAll(async () => {
  const [publisherPort, previewPort, sandboxPort, nginxPort] = await freePorts(4);
  PORTS = { publisher: publisherPort!, preview: previewPort!, sandbox: sandboxPort!, nginx: nginxPort! };
  site = `http://127.0.0.1:${PORTS.nginx}`;
  work = mkdtempSync(join(tmpdir(), 'kaia-e2e-real-build-'));
  // nginx's workers run as another user: the releases must be readable to them.
  chmodSync(work, 0o755);
  const releases = join(work, 'releases');
  mkdirSync(releases);
  cpSync(scriptEnv().e2e.dist, join(releases, FIRST), { recursive: true });
  cpSync('content', releaseContentDir(releases, FIRST), { recursive: true });
  cpSync('content', join(work, 'content'), { recursive: true });
  switchCurrent(releases, FIRST);
  sandbox = await startSandbox({ dataset, port: PORTS.sandbox, webhook: { url: `http://127.0.0.1:${PORTS.publisher}/hooks/cms`, secret: SECRET } });
  // No PUBLISHER_BUILD_COMMAND: the service runs `astro build`, as in production.
  const config = readPublisherConfig({
    ...sandboxImportEnv(sandbox.url),
    IMPORT_RETRY_DELAY_MS: '1',
    CONTENT_DIR: join(work, 'content'),
    RELEASES_DIR: releases,
    PUBLISHER_PORT: String(PORTS.publisher),
    PUBLISHER_PREVIEW_PORT: String(PORTS.preview),
    PUBLISHER_HOOK_SECRET: SECRET,
    PUBLISHER_STAFF_PASSWORD: PASSWORD,
    // The webhook path on its own; the schedule has tests of its own (publisher-schedule.test.ts).
    PUBLISHER_SYNC_MINUTES: '0',
  });
  await addStaffAccount(config.accountsFile, 'anne', 'Anne Aas', PASSWORD);
  publisher = await startPublisher(config, { log: () => {} });
  nginx = spawn(process.execPath, ['scripts/serve-nginx.mjs', '--root', join(releases, 'current'), '--port', String(PORTS.nginx), '--max-seconds', '900'], {
    stdio: 'ignore',
  });
  await expect.poll(async () => (await fetch(`${site}/article/${article.slug}`).catch(() => undefined))?.status, { timeout: 30_000 }).toBe(200);
});

test.afterAll(async () => {
  nginx?.kill('SIGTERM');
  await publisher?.close();
  await sandbox?.close();
  if (nginx && nginx.exitCode === null) await new Promise((done) => nginx.once('exit', done));
  rmSync(work, { recursive: true, force: true });
});

test.describe('as nginx serves it', () => {
  // What the server sends: a worker installed by the first visit would answer the second from
  // its store (the update onto a new version is offline.spec.ts's to test).
  test.use({ serviceWorkers: 'block' });

  test('an article edited in the CMS is on the served site after one real import and build; the release before stays', async ({ page }) => {
    const newTitle = 'Sommarkafeen opnar att i juni';
    await page.goto(`${site}/article/${article.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.title);

    const answer = await fetch(`${sandbox.url}/__sandbox/edit`, {
      method: 'POST',
      body: JSON.stringify({ collection: 'articles', id: article.id, changes: { title: newTitle } }),
    });
    expect(((await answer.json()) as { webhook: { status: number } }).webhook.status).toBe(202);
    await publisher.queue.settled();

    const run = publisher.log.runs[0]!;
    expect(run, JSON.stringify(run.failure)).toMatchObject({ trigger: 'webhook', state: 'published' });
    expect(run.changes?.find((change) => change.collection === 'articles')).toEqual({ collection: 'articles', added: 0, changed: 1, removed: 0 });
    const releases = join(work, 'releases');
    expect(currentRelease(releases)).not.toBe(FIRST);
    expect(listReleases(releases)).toContain(FIRST);
    expect(JSON.parse(readFileSync(join(releaseContentDir(releases, currentRelease(releases)!), 'articles.json'), 'utf8'))).toContainEqual(
      expect.objectContaining({ id: article.id, title: newTitle }),
    );

    await page.goto(`${site}/article/${article.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(newTitle);
    await expect(page).toHaveTitle(new RegExp(newTitle));
  });
});

test('a draft saved in the CMS is built into the preview with the real build: staff see it, search engines are told to keep out, the live site never shows it', async ({
  browser,
}) => {
  const draftTitle = 'Utkast: sommarkafeen får nye opningstider';
  const answer = await fetch(`${sandbox.url}/__sandbox/edit`, {
    method: 'POST',
    body: JSON.stringify({ collection: 'articles', id: article.id, changes: { title: draftTitle }, draft: true }),
  });
  expect(((await answer.json()) as { webhook: { status: number } }).webhook.status).toBe(202);
  await publisher.queue.settled();
  const run = publisher.log.runs[0]!;
  expect(run, JSON.stringify(run.failure)).toMatchObject({ kind: 'preview', state: 'published' });

  const preview = `http://127.0.0.1:${PORTS.preview}`;
  // Staff sign in on the status page and open the preview from there: no second password.
  const staff = await browser.newContext();
  const page = await staff.newPage();
  await page.goto(`http://127.0.0.1:${PORTS.publisher}/staff/`);
  await page.getByLabel('Brukarnamn').fill('anne');
  await page.getByLabel('Passord').fill(PASSWORD);
  await page.getByRole('button', { name: 'Logg inn' }).click();
  await page.getByRole('link', { name: 'Opne førehandsvisinga' }).click();
  await expect(page).toHaveURL(`${preview}/`);
  await expect(page.getByRole('region', { name: 'Førehandsvising' })).toBeVisible();
  const response = await page.goto(`${preview}/article/${article.slug}`);
  expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(draftTitle);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  expect(await (await page.request.get(`${preview}/robots.txt`)).text()).toBe('User-agent: *\nDisallow: /\n');

  // The banner: a named region at the top (not a second h1), the draft's time in Oslo, the way back.
  const banner = page.getByRole('region', { name: 'Førehandsvising' });
  await expect(banner).toContainText('Førehandsvising – ikkje publisert.');
  const fetched = new Date(run.startedAt!);
  await expect(banner.locator('time')).toHaveText(/^\S+dag \d{1,2}\. \S+ kl\.\s\d\d\.\d\d$/);
  const drafted = new Date((await banner.locator('time').getAttribute('datetime'))!);
  expect(Math.abs(drafted.getTime() - fetched.getTime())).toBeLessThan(5 * 60_000);
  await expect(banner.getByRole('link', { name: 'Til publiseringssida' })).toHaveAttribute('href', `http://127.0.0.1:${PORTS.publisher}/staff/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  expect(await axeViolations(page)).toEqual([]);
  for (const path of [`/article/${article.slug}`, '/', '/404.html']) {
    const html = await (await page.request.get(`${preview}${path}`)).text();
    expect(html, path).toContain('Førehandsvising – ikkje publisert');
    expect(nuErrors({ [`preview${path}`]: html })).toEqual([]);
  }
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await staff.close();

  expect((await fetch(`${preview}/article/${article.slug}`)).status).toBe(401);
  const live = await (await fetch(`${site}/article/${article.slug}`)).text();
  expect(live).not.toContain(draftTitle);
  expect(live).not.toContain('Førehandsvising');
  expect(await (await fetch(`${site}/robots.txt`)).text()).toContain('Allow: /');
});
