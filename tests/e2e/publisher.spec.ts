/**
 * The publish service's staff page in a real browser: login, axe, keyboard, rollback, and
 * cross-site posts refused. It starts its own platform sandbox and publish service (with the
 * small stand-in build of tests/support/fake-build.mjs) on ports of its own, so it needs
 * nothing of the site's build; the served `current` is read from the service's demo site port.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readPublisherConfig } from '../../publisher/config';
import { startPublisher, type Publisher } from '../../publisher/server';
import { loadDataset, startSandbox, type Sandbox } from '../../sandbox/server';
import { addStaffAccount } from '../support/staff-account';
import { nuErrors } from './nu-check';
import { axeViolations, expect, test } from './fixtures';
import { sandboxImportEnv } from '../../sandbox/import-env';
import { freePorts } from '../support/free-port';

const SECRET = 'e2e-hook-secret-0123456789';
const PASSWORD = 'e2e-staff-password';
/** Free ports, chosen before the servers start (they must know each other's address). */
let PORTS: { publisher: number; preview: number; sandbox: number; site: number };
let staff: string;
let site: string;

let work: string;
let sandbox: Sandbox;
let publisher: Publisher;
const dataset = loadDataset('content');
const article = dataset.articles[0] as { id: string; title: string; slug: string };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const [publisherPort, previewPort, sandboxPort, sitePort] = await freePorts(4);
  PORTS = { publisher: publisherPort!, preview: previewPort!, sandbox: sandboxPort!, site: sitePort! };
  staff = `http://127.0.0.1:${PORTS.publisher}/staff/`;
  site = `http://127.0.0.1:${PORTS.site}`;
  work = mkdtempSync(join(tmpdir(), 'kaia-e2e-publisher-'));
  cpSync('content', join(work, 'content'), { recursive: true });
  sandbox = await startSandbox({ dataset, port: PORTS.sandbox, webhook: { url: `http://127.0.0.1:${PORTS.publisher}/hooks/cms`, secret: SECRET } });
  const config = readPublisherConfig({
    ...sandboxImportEnv(sandbox.url),
    IMPORT_RETRY_DELAY_MS: '1',
    CONTENT_DIR: join(work, 'content'),
    RELEASES_DIR: join(work, 'releases'),
    PUBLISHER_PORT: String(PORTS.publisher),
    PUBLISHER_PREVIEW_PORT: String(PORTS.preview),
    PUBLISHER_SITE_PORT: String(PORTS.site),
    PUBLISHER_HOOK_SECRET: SECRET,
    PUBLISHER_STAFF_PASSWORD: PASSWORD,
    // While the file `hold` exists, the stand-in build waits: a test holds a run going.
    PUBLISHER_BUILD_COMMAND: `FAKE_BUILD_HOLD="${join(work, 'hold')}" "${process.execPath}" tests/support/fake-build.mjs`,
  });
  await addStaffAccount(config.accountsFile, 'anne', 'Anne Aas', PASSWORD);
  // The schedule looks at start and after each run, never on a timer of its own: a box-office check falling
  // due while a test looks at the runs would race it.
  publisher = await startPublisher(config, { log: () => {}, scheduleTimer: false });
  // A fresh service with nothing built builds the day at once (the schedule): the first release.
  await publisher.queue.settled();
  // A second release, from an edit in the CMS, and a failed run, so the page has all to show.
  await fetch(`${sandbox.url}/__sandbox/edit`, {
    method: 'POST',
    body: JSON.stringify({ collection: 'articles', id: article.id, changes: { title: 'Ny tittel frå CMS-et' } }),
  });
  await publisher.queue.settled();
  sandbox.setFault('platform', { kind: 'status', status: 503 });
  publisher.queue.request('live', 'staff');
  await publisher.queue.settled();
  sandbox.reset();
});

test.afterAll(async () => {
  await publisher?.close();
  await sandbox?.close();
  rmSync(work, { recursive: true, force: true });
});

test('staff log in with the keyboard; the status page shows the runs and passes axe', async ({ page }) => {
  await page.goto(staff);
  await expect(page.getByRole('heading', { level: 1, name: 'Publisering av nettstaden' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  // The staff header comes first: the status page and the guide, then the form.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Publiseringssida' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Rettleiing: slik publiserer du' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Brukarnamn')).toBeFocused();
  await page.keyboard.type('anne');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Passord')).toBeFocused();
  await page.keyboard.type('feil passord');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText('Brukarnamnet eller passordet var feil');
  // The field is marked wrong and tied to the error text, which a screen reader reads with it.
  await expect(page.getByLabel('Passord')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Passord')).toHaveAccessibleDescription(/Brukarnamnet eller passordet var feil/);
  // The user name stays; the cursor is in the password.
  await expect(page.getByLabel('Brukarnamn')).toHaveValue('anne');
  await expect(page.getByLabel('Passord')).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel('Passord').fill(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Du er logga inn som Anne Aas.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Live no' })).toBeVisible();
  const runs = page
    .getByRole('list')
    .filter({ has: page.getByRole('heading', { level: 3 }) })
    .first()
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3 }) });
  await expect(runs).toHaveCount(3);
  await expect(runs.nth(0).getByRole('heading')).toContainText('Feila');
  await expect(runs.nth(0)).toContainText('svarte med ein feil (status 503) (prøvd 4 gonger)');
  await expect(runs.nth(1).getByRole('heading')).toContainText('Publisert');
  // The change is named by its title, linked to its page on the live site at the address
  // `npm start` prints (localhost, issue 34).
  await expect(runs.nth(1).getByRole('link', { name: 'Artikkel endra: Ny tittel frå CMS-et' })).toHaveAttribute(
    'href',
    `http://localhost:${PORTS.site}/article/${encodeURIComponent(article.slug)}`,
  );
  expect(await axeViolations(page)).toEqual([]);
  for (const width of [320, 390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // Reflow: nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
});

test('the guide «Slik publiserer du» is reached by keyboard from the status page’s header, reflows and passes axe and the Nu checker', async ({
  page,
  request,
}) => {
  await page.goto(staff);
  await page.getByLabel('Brukarnamn').fill('anne');
  await page.getByLabel('Passord').fill(PASSWORD);
  await page.getByRole('button', { name: 'Logg inn' }).click();
  await expect(page.getByText('Du er logga inn som Anne Aas.')).toBeVisible();
  const header = page.getByRole('navigation', { name: 'Publisering' });
  await expect(header.getByRole('link', { name: 'Publiseringssida' })).toHaveAttribute('aria-current', 'page');
  // From the top of the page: the second stop of the keyboard is the guide's link.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(header.getByRole('link', { name: 'Rettleiing: slik publiserer du' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${staff}rettleiing`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Slik publiserer du');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(header.getByRole('link', { name: 'Rettleiing: slik publiserer du' })).toHaveAttribute('aria-current', 'page');
  // Headings in order: one h1 first, and no level skipped on the way down.
  const levels = await page.locator('h1, h2, h3, h4, h5, h6').evaluateAll((headings) => headings.map((heading) => Number(heading.tagName.slice(1))));
  expect(levels[0]).toBe(1);
  levels.forEach((level, index) => index > 0 && expect(level, `heading ${index}`).toBeLessThanOrEqual(levels[index - 1]! + 1));
  await expect(page.getByRole('heading', { level: 2, name: 'Kven ringjer du?' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  for (const width of [320, 390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBeLessThanOrEqual(width);
  }
  // Open without signing in too, under the staff pages' CSP; valid HTML.
  const served = await request.get(`${staff}rettleiing`, { headers: { cookie: '' } });
  expect(served.status()).toBe(200);
  expect(served.headers()['content-security-policy']).toContain("default-src 'none'");
  expect(nuErrors({ 'staff-guide': await served.text() })).toEqual([]);
  // And back to the status page by the header.
  await header.getByRole('link', { name: 'Publiseringssida' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Publisering av nettstaden' })).toBeVisible();
});

test('rollback from the status page serves the previous release', async ({ page, request }) => {
  expect(await (await request.get(`${site}/artiklar/${article.id}/`)).text()).toContain('Ny tittel frå CMS-et');
  await page.goto(staff);
  await page.getByLabel('Brukarnamn').fill('anne');
  await page.getByLabel('Passord').fill(PASSWORD);
  await page.getByRole('button', { name: 'Logg inn' }).click();
  await page.getByRole('link', { name: 'Gå tilbake til førre versjon …' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gå tilbake til førre versjon?' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: /^Ja, gå tilbake til versjonen frå / }).click();
  await expect(page.getByRole('status')).toContainText('Nettstaden viser no den førre versjonen.');
  // The result was in the status region before the page loaded, which many screen readers keep quiet about: it takes the focus, so it is read.
  await expect(page.getByRole('status').locator('.message')).toBeFocused();
  await expect(page.getByRole('heading', { level: 2, name: 'Automatisk publisering er sett på pause' })).toBeVisible();
  const served = await (await request.get(`${site}/artiklar/${article.id}/`)).text();
  expect(served).toContain(article.title.replace(/&/g, '&#38;'));
  expect(served).not.toContain('Ny tittel frå CMS-et');
  expect(await axeViolations(page)).toEqual([]);
});

test('a form posted from another site is refused and changes nothing', async ({ page, request }) => {
  await page.goto(staff);
  await page.getByLabel('Brukarnamn').fill('anne');
  await page.getByLabel('Passord').fill(PASSWORD);
  await page.getByRole('button', { name: 'Logg inn' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Live no' })).toBeVisible();
  const before = await (await request.get(`${site}/`)).text();
  // A page on another origin that posts to the refresh and rollback actions.
  await page.route('http://elsewhere.example/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<form method="post" action="${staff}rollback"><input name="csrf" value="guess"><button>Go</button></form>`,
    }),
  );
  await page.goto('http://elsewhere.example/');
  const [response] = await Promise.all([page.waitForResponse(`${staff}rollback`), page.getByRole('button', { name: 'Go' }).click()]);
  expect(response.status()).toBe(403);
  expect(await (await request.get(`${site}/`)).text()).toBe(before);
});

test('the status page says how current the site is, and «Bygg sida på nytt» builds it again from the keyboard', async ({ page }) => {
  await page.goto(staff);
  await page.getByLabel('Brukarnamn').fill('anne');
  await page.getByLabel('Passord').fill(PASSWORD);
  await page.getByRole('button', { name: 'Logg inn' }).click();
  const section = page.getByRole('region', { name: 'Kor oppdatert er nettstaden?' });
  await expect(section).toContainText('Neste synkronisering');
  await expect(section).toContainText('kvart 5 minutt');
  await expect(section).toContainText('Neste dagsbygging');
  // The staff run of beforeAll found the platform down.
  await expect(section.getByRole('definition').filter({ hasText: 'Svarte ikkje' })).toContainText('status code 503');
  const runs = publisher.log.runs.length;
  await section.getByRole('button', { name: 'Bygg sida på nytt' }).focus();
  await page.keyboard.press('Enter');
  // The rollback before paused automatic publishing: the full build waits for «Publiser att», and the page says so.
  await expect(page.getByRole('status')).toContainText('sida blir bygd på nytt først når du trykkjer «Publiser att»');
  await publisher.queue.settled();
  expect(publisher.log.runs.length).toBe(runs + 1);
  expect(publisher.log.runs[0]).toMatchObject({ trigger: 'rebuild', force: true, state: 'queued' });
  await expect(page.getByRole('region', { name: 'Automatisk publisering er sett på pause' })).toContainText(
    'Pausen held òg att dagsbygginga ved midnatt, så nettstaden blir ikkje bygd for ein ny dag før du trykkjer «Publiser att».',
  );
  await expect(section.getByRole('definition').filter({ hasText: 'På pause: nettstaden blir ikkje bygd for ein ny dag' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  // The page as served (the paused notice, the freshness section, the message) is valid HTML.
  const served = await page.request.get(page.url());
  expect(nuErrors({ 'status-page-paused': await served.text() })).toEqual([]);
});

test('the status page follows a run without a reload: its step, the time so far, and how it ended, told in a live region', async ({ page, context }) => {
  // Publishing is paused since the rollback above; the full build waits for «Publiser att».
  await page.clock.install();
  await page.goto(staff);
  await page.getByLabel('Brukarnamn').fill('anne');
  await page.getByLabel('Passord').fill(PASSWORD);
  await page.getByRole('button', { name: 'Logg inn' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Automatisk publisering er sett på pause' })).toBeVisible();
  const dayBuild = page.locator('#freshness-now dt:has-text("Neste dagsbygging") + dd');
  await expect(dayBuild).toContainText('På pause');
  const first = page.locator('#runs li.run').first();
  await expect(first.getByRole('heading')).toContainText('Ventar (publisering på pause)');
  // Marks this page load: a reload would lose it.
  await page.evaluate(() => ((window as unknown as { loadedOnce: boolean }).loadedOnce = true));
  const button = page.getByRole('button', { name: 'Lag ny førehandsvising' });
  await button.focus();

  // Another tab resumes publishing while the build is held: the run starts and stops in the build.
  writeFileSync(join(work, 'hold'), '');
  const other = await context.newPage();
  await other.goto(staff);
  await other.getByRole('button', { name: 'Publiser att' }).click();
  await expect(other.getByRole('status')).toContainText('Automatisk publisering er i gang att.');
  await other.close();

  // The live channel tells the page of the run; while a run goes the page also fetches itself
  // every 2 s (on its clock, moved on here), so the time so far moves on.
  const news = page.locator('#runs-news');
  await expect(async () => {
    await page.clock.runFor(20_000);
    await expect(first).toContainText(/No\s*Byggjer nettstaden … (under 1|\d+) s/, { timeout: 1000 });
  }).toPass();
  await expect(first.getByRole('heading')).toContainText('Køyrer');
  await expect(news).toContainText('Køyrer: byggjer nettstaden');
  expect(await axeViolations(page)).toEqual([]);
  for (const width of [320, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.locator('#runs').scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`status-running-${width}.png`) });
  }

  // The build goes on; the page shows the run published, with the change named and linked.
  rmSync(join(work, 'hold'));
  await expect(async () => {
    await page.clock.runFor(2_000);
    await expect(first.getByRole('heading')).toContainText('Publisert', { timeout: 1000 });
  }).toPass();
  await expect(first.getByRole('link', { name: 'Artikkel endra: Ny tittel frå CMS-et' })).toHaveAttribute(
    'href',
    `http://localhost:${PORTS.site}/article/${encodeURIComponent(article.slug)}`,
  );
  await expect(news).toContainText('Publisert (køyringa');
  // The pause is over: its section is gone, and the page offers fetching the content again.
  await expect(page.getByRole('heading', { name: 'Automatisk publisering er sett på pause' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Hent innhaldet på nytt' })).toBeVisible();
  await expect(page.locator('#live-no')).toContainText(publisher.log.runs[0]!.release!);
  // How current the site is follows too: the day build is no longer held.
  await expect(dayBuild).toHaveText(/^[a-zæøå]+dag \d+\. [a-z]+ kl\. 00\.00$/);
  // No reload, and the focus stayed where it was.
  expect(await page.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(true);
  await expect(button).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
});

/** Signs in on the status page and marks the page load, which a reload would lose. */
async function openStatusPage(page: import('@playwright/test').Page): Promise<void> {
  await page.goto(staff);
  await page.getByLabel('Brukarnamn').fill('anne');
  await page.getByLabel('Passord').fill(PASSWORD);
  await page.getByRole('button', { name: 'Logg inn' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Live no' })).toBeVisible();
  await page.evaluate(() => ((window as unknown as { loadedOnce: boolean }).loadedOnce = true));
}

const loadedOnce = (page: import('@playwright/test').Page) => page.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce);

/** The CMS publishes (or saves a draft of) the article: the sandbox sends the signed webhook and answers once the service has. */
async function editInCms(title: string, draft = false): Promise<void> {
  const answer = await fetch(`${sandbox.url}/__sandbox/edit`, {
    method: 'POST',
    body: JSON.stringify({ collection: 'articles', id: article.id, changes: { title }, draft }),
  });
  expect(answer.status).toBe(200);
  expect(((await answer.json()) as { webhook: { status: number } | null }).webhook?.status).toBe(202);
}

test('a run a signed CMS hook starts shows on the open status page at once, with no reload, over the live channel (issue 34)', async ({ page }) => {
  await publisher.queue.settled();
  await openStatusPage(page);
  const going = page.locator('#runs li.run[data-state="queued"], #runs li.run[data-state="running"]');
  await expect(going).toHaveCount(0);
  const button = page.getByRole('button', { name: 'Lag ny førehandsvising' });
  await button.focus();
  // Everything the live region says, to show it never says the same twice.
  await page.evaluate(() => {
    const said: string[] = ((window as unknown as { said: string[] }).said = []);
    const news = document.getElementById('runs-news')!;
    new MutationObserver(() => said.push(news.textContent ?? '')).observe(news, { childList: true, characterData: true, subtree: true });
  });
  // The build waits while `hold` exists, so the run stays on the page as going.
  writeFileSync(join(work, 'hold'), '');
  try {
    await editInCms('Tittel frå ein levande test');
    // With the channel open and nothing going, the page asks for nothing by itself (its fallback
    // poll, every 20 s, runs only without a channel): well before that, only the channel can bring
    // the run. No wall-clock bound tighter than that: a loaded machine took over 2 s.
    await expect(going.first()).toBeVisible({ timeout: 15_000 });
    await expect(going.first()).toContainText('CMS');
    // Told once in the polite live region.
    await expect(page.locator('#runs-news')).toContainText(/(I kø|Køyrer)/);
  } finally {
    rmSync(join(work, 'hold'), { force: true });
  }
  const first = page.locator('#runs li.run').first();
  await expect(first.getByRole('heading')).toContainText('Publisert', { timeout: 15_000 });
  await expect(first.getByRole('link', { name: 'Artikkel endra: Tittel frå ein levande test' })).toBeVisible();
  await expect(page.locator('#runs-news')).toContainText('Publisert (køyringa');
  // Each announcement («Køyrer: byggjer nettstaden (køyringa …)») is said once, however often the page fetched itself.
  const said = (await page.evaluate(() => (window as unknown as { said: string[] }).said)).flatMap((text) => text.split(/(?<=\))\.\s*/).filter(Boolean));
  expect(said.length).toBeGreaterThanOrEqual(2);
  expect(said.filter((announcement, index) => said.indexOf(announcement) !== index)).toEqual([]);
  expect(await loadedOnce(page)).toBe(true);
  await expect(button).toBeFocused();
});

test('the preview link appears on the open status page once a draft run is ready, with no reload (issue 34)', async ({ page }) => {
  await publisher.queue.settled();
  await openStatusPage(page);
  const preview = page.locator('#preview-now');
  await expect(preview).toContainText('Det finst inga førehandsvising enno.');
  await editInCms('Utkast som berre førehandsvisinga viser', true);
  await expect(preview.getByRole('link', { name: 'Opne førehandsvisinga' })).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('#runs-news')).toContainText('Førehandsvising klar (køyringa');
  expect(await loadedOnce(page)).toBe(true);
  expect(await axeViolations(page)).toEqual([]);
  for (const width of [320, 390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`status-live-${width}.png`), fullPage: true });
  }
});

test('«Bygg sida på nytt» says the page follows by itself, asks for no reload, and the page follows the build (issue 34)', async ({ page }) => {
  await publisher.queue.settled();
  await openStatusPage(page);
  writeFileSync(join(work, 'hold'), '');
  try {
    await page.getByRole('button', { name: 'Bygg sida på nytt' }).click();
    const status = page.getByRole('status');
    await expect(status).toHaveText('Sida blir bygd på nytt, også om ingenting er endra. Sida viser korleis det går.');
    await expect(status).not.toContainText('Last sida på nytt');
    await expect(page.locator('#runs li.run').first()).toContainText('Bygg sida på nytt');
  } finally {
    rmSync(join(work, 'hold'), { force: true });
  }
  await page.evaluate(() => ((window as unknown as { loadedOnce: boolean }).loadedOnce = true));
  await expect(page.locator('#runs li.run').first().getByRole('heading')).toContainText(/Publisert|Uendra/, { timeout: 15_000 });
  expect(await loadedOnce(page)).toBe(true);
});

test('a browser without EventSource follows by fetching the page every 20 s instead (issue 34)', async ({ page }) => {
  await page.addInitScript(() => {
    delete (window as unknown as { EventSource?: unknown }).EventSource;
  });
  await page.clock.install();
  await publisher.queue.settled();
  await openStatusPage(page);
  await editInCms('Tittel for ein nettlesar utan EventSource');
  await publisher.queue.settled();
  const first = page.locator('#runs li.run').first();
  // Nothing tells the page but its own clock: moved on, it fetches itself and shows the run.
  await expect(async () => {
    await page.clock.runFor(20_000);
    await expect(first.getByRole('link', { name: 'Artikkel endra: Tittel for ein nettlesar utan EventSource' })).toBeVisible({ timeout: 1000 });
  }).toPass();
  expect(await loadedOnce(page)).toBe(true);
});

test('a part that holds the focus is left as it is while a change comes in, and follows once the focus has left it, with no new event (issue 34)', async ({
  page,
}) => {
  await publisher.queue.settled();
  await openStatusPage(page);
  const link = page.locator('#runs a').first();
  await link.focus();
  const title = 'Tittel medan fokus er i lista';
  const fetched = page.waitForResponse(
    async (response) => response.url() === staff && response.request().method() === 'GET' && (await response.text()).includes(title),
  );
  await editInCms(title);
  await publisher.queue.settled();
  await fetched;
  // The page has the change: the live version follows, the list the focus is in does not.
  await expect(page.locator('#live-no')).toContainText(publisher.log.runs[0]!.release!);
  await expect(link).toBeFocused();
  await expect(page.locator('#runs')).not.toContainText(title);
  // The focus leaves the list: it follows at once, although the service has nothing new to tell.
  await page.getByRole('button', { name: 'Lag ny førehandsvising' }).focus();
  await expect(page.locator('#runs').getByRole('link', { name: `Artikkel endra: ${title}` })).toBeVisible({ timeout: 2000 });
  await expect(page.getByRole('button', { name: 'Lag ny førehandsvising' })).toBeFocused();
  expect(await loadedOnce(page)).toBe(true);
});
