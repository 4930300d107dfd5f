/**
 * The publish service going live on a CDN, the whole way in Cloudflare's runtime: the service
 * in deploy mode (PUBLISHER_GO_LIVE=deploy) with the real Astro build, its deploy command
 * scripts/deploy-to-folder.mjs publishing each release into a folder that `wrangler pages dev`
 * serves (scripts/serve-cdn.mjs --deployed), and the platform sandbox playing the CMS (it edits
 * a record and sends the signed webhook). A signed hook's change is served by the CDN runtime
 * with the new release's own headers; a failing deploy leaves the earlier release served;
 * staff's rollback serves the earlier release again.
 *
 * Two real builds in all (the change, and the one whose deploy fails); the first release is the
 * suite's own build (dist/, built by scripts/e2e.mjs with the test clock), deployed as it is.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readPublisherConfig, type PublisherConfig } from '../../publisher/config';
import type { RunRecord } from '../../publisher/runs/run-record';
import { startPublisher, type Publisher } from '../../publisher/server';
import { currentRelease, releaseContentDir, switchCurrent } from '../../release/releases';
import { sandboxImportEnv } from '../../sandbox/import-env';
import { loadDataset, startSandbox, type Sandbox } from '../../sandbox/server';
import { scriptEnv } from '../../scripts/script-env.mjs';
import { freePorts } from '../support/free-port';
import { addStaffAccount } from '../support/staff-account';
import { axeViolations, expect, test } from './fixtures';

const SECRET = 'e2e-cdn-deploy-secret-0123456789';
const PASSWORD = 'e2e-cdn-deploy-password';
const FIRST = '20261101T000000Z';
const dataset = loadDataset('content');
const articles = dataset.articles as { id: string; slug: string; title: string }[];
const article = articles.find((entry) => entry.slug === 'sommarkaf')!;
const other = articles.find((entry) => entry.slug !== 'sommarkaf')!;

let PORTS: { publisher: number; preview: number; sandbox: number; cdn: number; inspector: number };
let work: string;
let cdnSite: string;
let sandbox: Sandbox;
let publisher: Publisher;
let cdn: ChildProcess;

const releases = () => join(work, 'releases');
const cdnFolder = () => join(work, 'cdn');
const deploysMade = () => readdirSync(join(cdnFolder(), 'deploys')).filter((name) => /^\d+$/.test(name)).length;
const deployCommand = (folder: string) => `"${process.execPath}" --import tsx scripts/deploy-to-folder.mjs {dir} "${folder}"`;

function config(deployTo: string): PublisherConfig {
  return readPublisherConfig({
    ...sandboxImportEnv(sandbox.url),
    IMPORT_RETRY_DELAY_MS: '1',
    CONTENT_DIR: join(work, 'content'),
    RELEASES_DIR: releases(),
    PUBLISHER_PORT: String(PORTS.publisher),
    PUBLISHER_PREVIEW_PORT: String(PORTS.preview),
    PUBLISHER_HOOK_SECRET: SECRET,
    PUBLISHER_STAFF_PASSWORD: PASSWORD,
    PUBLISHER_SYNC_MINUTES: '0',
    // No PUBLISHER_BUILD_COMMAND: the service runs `astro build`, in its CDN shape.
    PUBLISHER_GO_LIVE: 'deploy',
    PUBLISHER_DEPLOY_COMMAND: deployCommand(deployTo),
  });
}

/** The article's heading as the CDN runtime serves it now ('' while it answers otherwise). */
async function cdnHeading(slug: string): Promise<string> {
  const response = await fetch(`${cdnSite}/article/${slug}`).catch(() => undefined);
  if (!response?.ok) return '';
  return (
    /<h1[^>]*>([\s\S]*?)<\/h1>/
      .exec(await response.text())?.[1]
      ?.replace(/<[^>]+>/g, '')
      .trim() ?? ''
  );
}

async function editInCms(id: string, title: string): Promise<RunRecord> {
  const answer = await fetch(`${sandbox.url}/__sandbox/edit`, {
    method: 'POST',
    body: JSON.stringify({ collection: 'articles', id, changes: { title } }),
  });
  expect(((await answer.json()) as { webhook: { status: number } }).webhook.status).toBe(202);
  await publisher.queue.settled();
  return publisher.log.runs[0]!;
}

test.describe.configure({ mode: 'serial', timeout: 10 * 60_000 });

test.beforeAll(async () => {
  const [publisherPort, previewPort, sandboxPort, cdnPort, inspectorPort] = await freePorts(5);
  PORTS = { publisher: publisherPort!, preview: previewPort!, sandbox: sandboxPort!, cdn: cdnPort!, inspector: inspectorPort! };
  cdnSite = `http://127.0.0.1:${PORTS.cdn}`;
  work = mkdtempSync(join(tmpdir(), 'kaia-e2e-cdn-deploy-'));
  mkdirSync(releases());
  cpSync(scriptEnv().e2e.dist, join(releases(), FIRST), { recursive: true });
  cpSync('content', releaseContentDir(releases(), FIRST), { recursive: true });
  cpSync('content', join(work, 'content'), { recursive: true });
  switchCurrent(releases(), FIRST);
  // What the CDN serves when the service starts: the first release, deployed by the same command.
  const first = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/deploy-to-folder.mjs', join(releases(), FIRST), cdnFolder()], { encoding: 'utf8' });
  expect(first.status, first.stderr).toBe(0);
  cdn = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/serve-cdn.mjs',
      '--deployed',
      cdnFolder(),
      '--port',
      String(PORTS.cdn),
      '--inspector-port',
      String(PORTS.inspector),
      '--max-seconds',
      '900',
    ],
    { stdio: 'ignore' },
  );
  sandbox = await startSandbox({ dataset, port: PORTS.sandbox, webhook: { url: `http://127.0.0.1:${PORTS.publisher}/hooks/cms`, secret: SECRET } });
  const settings = config(cdnFolder());
  await addStaffAccount(settings.accountsFile, 'anne', 'Anne Aas', PASSWORD);
  publisher = await startPublisher(settings, { log: () => {} });
  await expect.poll(() => cdnHeading(article.slug), { timeout: 60_000 }).toBe(article.title);
});

test.afterAll(async () => {
  cdn?.kill('SIGTERM');
  await publisher?.close();
  await sandbox?.close();
  if (cdn && cdn.exitCode === null) await new Promise((done) => cdn.once('exit', done));
  rmSync(work, { recursive: true, force: true });
});

test('a signed hook’s change is built for the CDN, deployed, and served by the CDN runtime with the new release’s own headers', async ({ page }) => {
  const newTitle = 'Sommarkafeen opnar att på CDN-et';
  const run = await editInCms(article.id, newTitle);
  expect(run, JSON.stringify(run.failure)).toMatchObject({ trigger: 'webhook', state: 'published', deploy: { ok: true, exitCode: 0 } });
  expect(currentRelease(releases())).toBe(run.release);
  // Built in its CDN shape: nothing precompressed, no nginx config, in the release and on the CDN.
  const release = join(releases(), run.release!);
  const files = readdirSync(release, { recursive: true }).map(String);
  expect(files.filter((file) => /\.(br|gz)$/.test(file) || file.startsWith('_hosting'))).toEqual([]);
  expect(existsSync(join(cdnFolder(), 'live', '_hosting'))).toBe(false);

  // The CDN serves the change; its headers are the new build's (the page's inline scripts run under its CSP).
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await expect.poll(() => cdnHeading(article.slug), { timeout: 30_000 }).toBe(newTitle);
  const response = await page.goto(`${cdnSite}/article/${article.slug}`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(newTitle);
  await expect(page).toHaveTitle(new RegExp(newTitle));
  expect(refused).toEqual([]);
});

test('a failing deploy is a failed run: the CDN runtime keeps serving the earlier release, and staff read why', async ({ page }) => {
  // The deploy command fails the way a broken one does: its target cannot be written.
  const blocked = join(work, 'not-a-folder');
  writeFileSync(blocked, '');
  await publisher.close();
  publisher = await startPublisher(config(blocked), { log: () => {} });
  const live = currentRelease(releases());
  const deployed = deploysMade();
  const before = await cdnHeading(article.slug);

  const run = await editInCms(other.id, 'Denne versjonen når aldri CDN-et');
  expect(run).toMatchObject({ trigger: 'webhook', state: 'failed', deploy: { ok: false, exitCode: 1 } });
  expect(run.failure?.step).toBe('Utlegging på CDN-et');
  expect(run.failure?.detail).toContain('ENOTDIR');
  expect(currentRelease(releases())).toBe(live);
  expect(deploysMade()).toBe(deployed);
  expect(await cdnHeading(article.slug)).toBe(before);

  await page.goto(`http://127.0.0.1:${PORTS.publisher}/staff/`);
  await page.getByLabel('Brukarnamn').fill('anne');
  await page.getByLabel('Passord').fill(PASSWORD);
  await page.getByRole('button', { name: 'Logg inn' }).click();
  const failed = page.locator(`[data-run="${run.id}"]`);
  await expect(failed.getByText('Feila', { exact: true })).toBeVisible();
  await expect(failed).toContainText('Utlegging på CDN-et: Den nye versjonen kunne ikkje leggjast ut på CDN-et.');
  await expect(failed).toContainText('Nettstaden viser framleis den førre versjonen.');
  await expect(failed).toContainText(/Utlegging på CDN-et\s*Feila etter [\d,]+ s med feilkode 1 \(versjonen frå [a-zæøå]+dag \d+\. [a-z]+ kl\. \d\d\.\d\d\)/);
  expect(await axeViolations(page)).toEqual([]);
  for (const width of [320, 390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBeLessThanOrEqual(width);
  }

  // The working command back: a restart deploys nothing (the record of what is live is kept).
  await publisher.close();
  publisher = await startPublisher(config(cdnFolder()), { log: () => {} });
  await publisher.cdnInLine;
  await publisher.queue.settled();
  expect(deploysMade()).toBe(deployed);
  expect(currentRelease(releases())).toBe(live);
});

test('staff’s rollback deploys the earlier release again, and the CDN runtime serves it', async ({ page }) => {
  const rolledBackFrom = currentRelease(releases());
  await page.goto(`http://127.0.0.1:${PORTS.publisher}/staff/`);
  await page.getByLabel('Brukarnamn').fill('anne');
  await page.getByLabel('Passord').fill(PASSWORD);
  await page.getByRole('button', { name: 'Logg inn' }).click();
  await page.getByRole('link', { name: 'Gå tilbake til førre versjon …' }).click();
  await page.getByRole('button', { name: /^Ja, gå tilbake til versjonen frå/ }).click();
  await expect(page.getByText('Nettstaden viser no den førre versjonen.')).toBeVisible();
  expect(currentRelease(releases())).toBe(FIRST);
  expect(publisher.log.runs[0]).toMatchObject({ trigger: 'rollback', state: 'published', release: FIRST, deploy: { ok: true, release: FIRST } });
  await expect.poll(() => cdnHeading(article.slug), { timeout: 30_000 }).toBe(article.title);
  expect(rolledBackFrom).not.toBe(FIRST);
});
