/**
 * The publish service going live on a CDN (PUBLISHER_GO_LIVE=deploy): the real service against
 * the platform sandbox (which sends the signed webhook), the small stand-in build of
 * tests/support/fake-build.mjs, and the stand-in deploy command of tests/support/fake-deploy.mjs,
 * which copies a release into a "CDN" folder (served: what its `live` link points at), fails
 * like wrangler without credentials, or hangs. What goes live is deployed before `current`
 * moves; a failed or hung deploy leaves the CDN and `current` on the earlier release and says
 * why; rollback deploys the earlier release again; a restart deploys nothing unless a deploy
 * was cut off. (The same path with the real build in Cloudflare's runtime: tests/e2e/publish-cdn.spec.ts.)
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPublisherConfig, type PublisherConfig } from '../../../publisher/config';
import { startPublisher, type Publisher } from '../../../publisher/server';
import { DEPLOYED, DEPLOYING } from '../../../release/go-live';
import { isAlive } from '../../../release/processes';
import { currentRelease, listReleases } from '../../../release/releases';
import { sandboxImportEnv } from '../../../sandbox/import-env';
import { loadDataset, startSandbox, type Sandbox } from '../../../sandbox/server';
import { freePorts } from '../../support/free-port';
import { startChatWebhook, type ChatWebhook } from '../../support/chat-webhook';
import { addStaffAccount, staffLogin } from '../../support/staff-account';
import { until } from '../../support/until';
import { matching, objectContaining } from '../../support/matchers';

const SECRET = 'deploy-hook-secret-0123456789';
const PASSWORD = 'deploy-staff-password';
// Free ports chosen first: the sandbox posts its webhook to the publisher, which imports from the sandbox.
const [publisherPort, sandboxPort] = await freePorts(2);
const ports = { publisher: publisherPort!, sandbox: sandboxPort! };
const WRANGLER_FAILURE = '✘ [ERROR] A request to the Cloudflare API failed. Authentication error [code: 10000]';

let work: string;
let sandbox: Sandbox;
let publisher: Publisher;
type Notification = { text: string; run?: number; state?: string; step?: string; reason?: string };
let chat: ChatWebhook<Notification>;
let notifications: Notification[] = [];
const dataset = loadDataset('content');
const articles = () => dataset.articles as { id: string; title: string }[];
const releasesDir = () => join(work, 'releases');
const cdn = () => join(work, 'cdn');
const deployLog = () => join(work, 'deploys.log');
const failFile = () => join(work, 'deploy-fail');
const holdFile = () => join(work, 'deploy-hold');
/** Every deploy that succeeded: "<release folder> <release>". */
const deploys = () => (existsSync(deployLog()) ? readFileSync(deployLog(), 'utf8').trim().split('\n') : []);
/** A page as the "CDN" serves it now. */
const onCdn = (path: string) => readFileSync(join(cdn(), 'live', path), 'utf8');

function config(): PublisherConfig {
  return readPublisherConfig({
    ...sandboxImportEnv(sandbox.url),
    IMPORT_TIMEOUT_MS: '2000',
    IMPORT_RETRY_DELAY_MS: '1',
    CONTENT_DIR: join(work, 'content'),
    RELEASES_DIR: releasesDir(),
    PUBLISHER_PORT: String(ports.publisher),
    PUBLISHER_PREVIEW_PORT: '0',
    PUBLISHER_HOOK_SECRET: SECRET,
    PUBLISHER_STAFF_PASSWORD: PASSWORD,
    PUBLISHER_SYNC_MINUTES: '0',
    PUBLISHER_NOTIFY_URL: chat.url,
    PUBLISHER_BUILD_COMMAND: `"${process.execPath}" tests/support/fake-build.mjs`,
    PUBLISHER_GO_LIVE: 'deploy',
    PUBLISHER_DEPLOY_COMMAND: `FAKE_DEPLOY_LOG="${deployLog()}" FAKE_DEPLOY_FAIL="${failFile()}" FAKE_DEPLOY_HOLD="${holdFile()}" "${process.execPath}" tests/support/fake-deploy.mjs {dir} "${cdn()}"`,
    PUBLISHER_DEPLOY_TIMEOUT_SECONDS: '2',
  });
}

async function edit(articleIndex: number, title: string): Promise<void> {
  const article = articles()[articleIndex]!;
  const answer = await fetch(`${sandbox.url}/__sandbox/edit`, {
    method: 'POST',
    body: JSON.stringify({ collection: 'articles', id: article.id, changes: { title } }),
  });
  expect(((await answer.json()) as { webhook: { status: number } }).webhook.status).toBe(202);
  // The hook has queued its run; wait for it (and any run it joined) to end.
  await publisher.queue.settled();
}

const login = () => staffLogin(publisher.url, 'anne', PASSWORD);

const statusPage = async (cookie: string) => (await fetch(`${publisher.url}/staff/`, { headers: { cookie } })).text();

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'kaia-publisher-deploy-'));
  mkdirSync(cdn());
  cpSync('content', join(work, 'content'), { recursive: true });
  chat = await startChatWebhook();
  notifications = chat.messages;
  sandbox = await startSandbox({ dataset, port: ports.sandbox, webhook: { url: `http://127.0.0.1:${ports.publisher}/hooks/cms`, secret: SECRET } });
  const settings = config();
  await addStaffAccount(settings.accountsFile, 'anne', 'Anne Aas', PASSWORD);
  publisher = await startPublisher(settings, { log: () => {} });
  // The first release, as `npm start` makes it: deployed before it is live.
  publisher.queue.request('live', 'start');
  await publisher.queue.settled();
  expect(publisher.log.runs[0], JSON.stringify(publisher.log.runs[0]?.failure)).toMatchObject({ state: 'published' });
}, 60_000);

afterAll(async () => {
  await publisher?.close();
  await sandbox?.close();
  await chat?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('the publish service on a CDN', { timeout: 60_000 }, () => {
  it('deploys what a signed hook changed, built in its CDN shape, and only then records it live; the run log keeps what the deploy did', async () => {
    const before = currentRelease(releasesDir())!;
    expect(onCdn('index.html')).toContain(articles()[0]!.title);
    await edit(1, 'Endra og lagt ut på CDN-et');
    const run = publisher.log.runs[0]!;
    expect(run, JSON.stringify(run.failure)).toMatchObject({ trigger: 'webhook', state: 'published' });
    expect(run.release).not.toBe(before);
    expect(currentRelease(releasesDir())).toBe(run.release);
    // The deploy command got the release's own folder, and the CDN serves it.
    expect(deploys().at(-1)).toBe(`${join(releasesDir(), run.release!)} ${run.release}`);
    expect(onCdn(`artiklar/${articles()[1]!.id}/index.html`)).toContain('Endra og lagt ut på CDN-et');
    // The CDN shape: no nginx config in what was deployed (the build ran with HOSTING_TARGET=cdn).
    expect(existsSync(join(cdn(), 'live', '_hosting'))).toBe(false);
    expect(run.deploy).toMatchObject({ release: run.release, ok: true, exitCode: 0, output: matching(/Deployment complete: \d+$/) });
    expect(run.deploy!.durationMs).toBeGreaterThanOrEqual(0);
    const html = await statusPage((await login()).cookie);
    expect(html).toContain('<dt>Utlegging på CDN-et</dt><dd>Ferdig på');
  });

  it('treats a failed deploy like a failed build: the CDN and the record of what is live stay, staff read why in nynorsk, the chat hears it once', async () => {
    const live = currentRelease(releasesDir())!;
    const served = onCdn('index.html');
    const deployed = deploys().length;
    const releases = listReleases(releasesDir());
    writeFileSync(failFile(), WRANGLER_FAILURE);
    await edit(2, 'Kjem ikkje ut før utlegginga verkar');
    const run = publisher.log.runs[0]!;
    expect(run).toMatchObject({ trigger: 'webhook', state: 'failed', deploy: { ok: false, exitCode: 1 } });
    expect(run.failure).toEqual({
      step: 'Utlegging på CDN-et',
      reason:
        'Den nye versjonen kunne ikkje leggjast ut på CDN-et. Utleggingskommandoen enda med feilkode 1. Nettstaden viser framleis den førre versjonen. Den som driftar nettstaden, finn meldinga frå kommandoen under «Teknisk».',
      detail: matching(/^the deploy of \d{8}T\d{6}Z(-\d+)? exited with code 1: .*Authentication error \[code: 10000\]$/),
    });
    expect(run.deploy!.output).toContain('Authentication error');
    expect(currentRelease(releasesDir())).toBe(live);
    expect(onCdn('index.html')).toBe(served);
    expect(deploys()).toHaveLength(deployed);
    // The release that could not go live is gone, as after a failed build.
    expect(listReleases(releasesDir())).toEqual(releases);
    const html = await statusPage((await login()).cookie);
    expect(html).toContain('<strong>Utlegging på CDN-et:</strong> Den nye versjonen kunne ikkje leggjast ut på CDN-et.');
    expect(html).toMatch(
      /<dt>Utlegging på CDN-et<\/dt><dd>Feila etter [\d,]+ s med feilkode 1 \(versjonen frå [a-zæøå]+dag \d+\. [a-z]+ kl\. \d\d\.\d\d\)<\/dd>/,
    );
    await until(() => notifications.some((message) => message.run === run.id), 'the failure notification');
    expect(notifications.filter((message) => message.run === run.id)).toEqual([
      objectContaining({ state: 'failed', step: 'Utlegging på CDN-et', reason: run.failure!.reason }),
    ]);

    // Once the deploy works again, the next publish brings the change.
    rmSync(failFile());
    await edit(3, 'Utlegginga verkar att');
    expect(publisher.log.runs[0]).toMatchObject({ state: 'published' });
    expect(onCdn(`artiklar/${articles()[2]!.id}/index.html`)).toContain('Kjem ikkje ut før utlegginga verkar');
  });

  it('stops a deploy that hangs at its time-out, whatever it started included, and keeps the earlier release live', async () => {
    const live = currentRelease(releasesDir())!;
    const served = onCdn('index.html');
    writeFileSync(holdFile(), '');
    try {
      await edit(4, 'Heng i utlegginga');
    } finally {
      rmSync(holdFile());
    }
    const run = publisher.log.runs[0]!;
    expect(run).toMatchObject({ state: 'failed', deploy: { ok: false, exitCode: null, timedOut: true } });
    expect(run.failure!.reason).toMatch(
      /^Den nye versjonen kunne ikkje leggjast ut på CDN-et\. Utlegginga vart ikkje ferdig i tide og vart stoppa etter \d+ s\./,
    );
    expect(run.failure!.detail).toMatch(/did not finish within 2 s and was stopped/);
    const upload = Number(readFileSync(`${holdFile()}.pid`, 'utf8'));
    await until(() => !isAlive(upload), 'the hung deploy’s own process to be ended');
    expect(currentRelease(releasesDir())).toBe(live);
    expect(onCdn('index.html')).toBe(served);
    expect(existsSync(join(releasesDir(), DEPLOYING))).toBe(false);
  });

  it('never deploys anything but a kept release: a rollback to the state folder or a path deploys nothing', async () => {
    const session = await login();
    const live = currentRelease(releasesDir())!;
    const deployed = deploys().length;
    for (const to of ['.publisher', '/', '..', 'current']) {
      const answer = await fetch(`${publisher.url}/staff/rollback`, {
        method: 'POST',
        headers: { origin: publisher.url, cookie: session.cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ csrf: session.csrf, from: live, to }),
        redirect: 'manual',
      });
      expect(answer.status, to).toBe(400);
    }
    expect(deploys()).toHaveLength(deployed);
    expect(currentRelease(releasesDir())).toBe(live);
  });

  it('rolls back by deploying the earlier release again, and records it live only when that deploy succeeded', async () => {
    const session = await login();
    const confirm = await (await fetch(`${publisher.url}/staff/tilbake`, { headers: { cookie: session.cookie } })).text();
    const from = /name="from" value="([^"]+)"/.exec(confirm)![1]!;
    const to = /name="to" value="([^"]+)"/.exec(confirm)![1]!;
    expect(from).toBe(currentRelease(releasesDir()));
    const rollback = () =>
      fetch(`${publisher.url}/staff/rollback`, {
        method: 'POST',
        headers: { origin: publisher.url, cookie: session.cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ csrf: session.csrf, from, to }),
        redirect: 'manual',
      });
    const served = onCdn('index.html');

    // The deploy fails: nothing moves, nothing pauses, and staff read why.
    writeFileSync(failFile(), WRANGLER_FAILURE);
    expect((await rollback()).headers.get('location')).toBe('/staff/?melding=rollback-failed');
    rmSync(failFile());
    expect(currentRelease(releasesDir())).toBe(from);
    expect(onCdn('index.html')).toBe(served);
    expect(publisher.log.runs[0]).toMatchObject({ trigger: 'rollback', state: 'failed', by: 'Anne Aas', deploy: { release: to, ok: false, exitCode: 1 } });
    const failed = await (await fetch(`${publisher.url}/staff/?melding=rollback-failed`, { headers: { cookie: session.cookie } })).text();
    expect(failed).toContain('Den førre versjonen kunne ikkje leggjast ut på CDN-et att.');
    expect(failed).not.toContain('Automatisk publisering er sett på pause');

    // It works: the earlier release is deployed again, then recorded live, and publishing pauses.
    expect((await rollback()).headers.get('location')).toBe('/staff/?melding=rolled-back');
    expect(currentRelease(releasesDir())).toBe(to);
    expect(deploys().at(-1)).toBe(`${join(releasesDir(), to)} ${to}`);
    expect(onCdn('index.html')).toBe(readFileSync(join(releasesDir(), to, 'index.html'), 'utf8'));
    expect(publisher.log.runs[0]).toMatchObject({ trigger: 'rollback', state: 'published', release: to, deploy: { release: to, ok: true, exitCode: 0 } });
    expect(await statusPage(session.cookie)).toContain('Automatisk publisering er sett på pause');
    // A repeat deploys nothing.
    const deployed = deploys().length;
    expect((await rollback()).headers.get('location')).toBe('/staff/?melding=already-rolled-back');
    expect(deploys()).toHaveLength(deployed);
  });

  it('deploys nothing at a restart, unless the last process was killed in the middle of a deploy', async () => {
    const live = currentRelease(releasesDir())!;
    const deployed = deploys().length;
    await publisher.close();
    publisher = await startPublisher(config(), { log: () => {} });
    await publisher.cdnInLine;
    await publisher.queue.settled();
    expect(deploys()).toHaveLength(deployed);
    expect(currentRelease(releasesDir())).toBe(live);

    // Killed during a deploy (its mark is left): the CDN may serve either release, so the live one is deployed again.
    await publisher.close();
    writeFileSync(join(releasesDir(), DEPLOYING), JSON.stringify({ release: '20991231T000000Z', pid: 1 }));
    publisher = await startPublisher(config(), { log: () => {} });
    await publisher.cdnInLine;
    expect(deploys()).toHaveLength(deployed + 1);
    expect(deploys().at(-1)).toBe(`${join(releasesDir(), live)} ${live}`);
    expect(readlinkSync(join(releasesDir(), 'current'))).toBe(live);
    expect(existsSync(join(releasesDir(), DEPLOYING))).toBe(false);
    expect(publisher.log.runs[0]).toMatchObject({ trigger: 'start', state: 'published', release: live, deploy: { ok: true } });
  });
});

describe('the commands that only switch current', () => {
  it('refuse to work on releases that go live on a CDN, saying what to use instead', async () => {
    expect(existsSync(join(releasesDir(), DEPLOYED))).toBe(true);
    const live = currentRelease(releasesDir());
    const { spawnSync } = await import('node:child_process');
    const rollback = spawnSync(process.execPath, ['--import', 'tsx', 'release/rollback-cli.ts'], {
      encoding: 'utf8',
      env: { ...process.env, RELEASES_DIR: releasesDir(), CONTENT_DIR: join(work, 'content') },
    });
    expect(rollback.status).toBe(1);
    expect(rollback.stderr).toContain('Rollback stopped: npm run rollback only switches');
    expect(rollback.stderr).toContain('these releases go live by deploy to a CDN (PUBLISHER_GO_LIVE=deploy');
    expect(rollback.stderr).toContain("Use the publish service's status page.");
    expect(currentRelease(releasesDir())).toBe(live);
  });
});
