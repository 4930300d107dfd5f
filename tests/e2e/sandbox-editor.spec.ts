/**
 * The newcomer's path in a browser: the sandbox's CMS editor (the «sandbox admin» address), an
 * article's title changed and published there, the signed webhook to the real publish service,
 * and the served site following. The build is the small stand-in of tests/support/fake-build.mjs;
 * the editor's pages pass axe and the Nu HTML Checker and work at 320 px and by keyboard.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readPublisherConfig } from '../../publisher/config';
import { startPublisher, type Publisher } from '../../publisher/server';
import { sandboxImportEnv } from '../../sandbox/import-env';
import { loadDataset, startSandbox, type Sandbox } from '../../sandbox/server';
import { scriptEnv } from '../../scripts/script-env.mjs';
import { axeViolations, expect, test } from './fixtures';
import { nuErrors } from './nu-check';

// Ports of their own, next to the run's (E2E_PREVIEW_PORT + 60…63), so two runs can share a machine.
const base = process.env['E2E_PREVIEW_PORT'] ? scriptEnv().e2e.ports.preview + 60 : 5600;
const PORTS = { publisher: base, preview: base + 1, sandbox: base + 2, site: base + 3 };
const SECRET = 'e2e-editor-secret-0123456789';
const site = `http://127.0.0.1:${PORTS.site}`;
const dataset = loadDataset('content');
const article = (dataset.articles as { id: string; title: string }[]).find((entry) => entry.id === 'art-077fde18a21a')!;

let work: string;
let sandbox: Sandbox;
let publisher: Publisher;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'kaia-e2e-editor-'));
  cpSync('content', join(work, 'content'), { recursive: true });
  sandbox = await startSandbox({
    dataset,
    port: PORTS.sandbox,
    webhook: { url: `http://127.0.0.1:${PORTS.publisher}/hooks/cms`, secret: SECRET },
    editorLinks: { staffUrl: `http://127.0.0.1:${PORTS.publisher}/staff/`, siteUrl: `${site}/` },
  });
  const config = readPublisherConfig({
    ...sandboxImportEnv(sandbox.url),
    IMPORT_RETRY_DELAY_MS: '1',
    CONTENT_DIR: join(work, 'content'),
    RELEASES_DIR: join(work, 'releases'),
    PUBLISHER_PORT: String(PORTS.publisher),
    PUBLISHER_PREVIEW_PORT: String(PORTS.preview),
    PUBLISHER_SITE_PORT: String(PORTS.site),
    PUBLISHER_HOOK_SECRET: SECRET,
    PUBLISHER_STAFF_PASSWORD: 'e2e-editor-staff-password',
    PUBLISHER_BUILD_COMMAND: `"${process.execPath}" tests/support/fake-build.mjs`,
    // No schedule: a box-office check falling due while a test looks at the runs would race it.
    PUBLISHER_SYNC_MINUTES: '0',
  });
  publisher = await startPublisher(config, { log: () => {} });
  publisher.queue.request('live', 'start');
  await publisher.queue.settled();
});

test.afterAll(async () => {
  await publisher?.close();
  await sandbox?.close();
  rmSync(work, { recursive: true, force: true });
});

test('a newcomer edits a title in the sandbox CMS with the keyboard, publishes, and the served site follows', async ({ page }) => {
  await page.goto(`${sandbox.url}/__sandbox/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sandkassa: CMS-et' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('link', { name: article.title }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Endre artikkel' })).toBeVisible();
  // The demo's one draft is this article's: the form shows the draft, and says so.
  await expect(page.getByLabel('Tittel')).toHaveValue(`${article.title} (utkast)`);
  await expect(page.getByText('Artikkelen har eit lagra utkast som ikkje er publisert.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByLabel('Tittel').fill('Turgruppa går i dag');
  await page.getByLabel('Tittel').focus();
  // Tab past the text to the buttons: the draft button first, then «Publiser».
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Tekst')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Lagre utkast' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Publiser' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page.getByRole('status')).toContainText(
    'Artikkelen er publisert i CMS-et. Publiseringstenesta har fått webhooken og byggjer nettstaden på nytt.',
  );
  await expect(page.getByRole('status').getByRole('link', { name: 'Følg køyringa på statussida' })).toHaveAttribute(
    'href',
    `http://127.0.0.1:${PORTS.publisher}/staff/`,
  );
  await publisher.queue.settled();
  expect(publisher.log.runs[0]).toMatchObject({ trigger: 'webhook', state: 'published' });
  expect(await (await fetch(`${site}/artiklar/${article.id}/`)).text()).toContain('Turgruppa går i dag');
  expect(await axeViolations(page)).toEqual([]);

  for (const width of [320, 390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
});

test('a draft saved in the sandbox CMS goes to the preview run, not to the live site', async ({ page }) => {
  await page.goto(`${sandbox.url}/__sandbox/cms/artiklar/${article.id}`);
  await page.getByLabel('Tittel').fill('Utkast: turgruppa tek pause');
  await page.getByRole('button', { name: 'Lagre utkast' }).click();
  await expect(page.getByRole('status')).toContainText('Utkastet er lagra. Publiseringstenesta har fått webhooken og byggjer ei ny førehandsvising.');
  await expect(page.getByText('Artikkelen har eit lagra utkast som ikkje er publisert.')).toBeVisible();
  await publisher.queue.settled();
  expect(publisher.log.runs[0]).toMatchObject({ kind: 'preview', state: 'published' });
  expect(await (await fetch(`${site}/artiklar/${article.id}/`)).text()).not.toContain('Utkast: turgruppa tek pause');

  // An empty title is refused in plain words, and what was typed in the text stays.
  await page.getByLabel('Tittel').fill(' ');
  await page.getByLabel('Tekst').fill('<p>Teksten eg skreiv</p>');
  await page.getByRole('button', { name: 'Publiser' }).click();
  await expect(page.getByRole('status')).toContainText('Tittelen kan ikkje vere tom.');
  await expect(page.getByLabel('Tekst')).toHaveValue('<p>Teksten eg skreiv</p>');
});

test('the editor pages are valid HTML (Nu HTML Checker)', async ({ request }) => {
  const pages: Record<string, string> = {
    index: await (await request.get(`${sandbox.url}/__sandbox/`)).text(),
    article: await (await request.get(`${sandbox.url}/__sandbox/cms/artiklar/${article.id}?lagra=published&webhook=202`)).text(),
    refused: await (await request.post(`${sandbox.url}/__sandbox/cms/artiklar/${article.id}`, { form: { title: '', content: 'x', action: 'draft' } })).text(),
    missing: await (await request.get(`${sandbox.url}/__sandbox/cms/artiklar/nothing-here`)).text(),
  };
  expect(nuErrors(pages)).toEqual([]);
});
