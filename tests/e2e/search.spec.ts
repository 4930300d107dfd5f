/**
 * /search over the real Pagefind index of the build: stemming, what is (not) indexed, the
 * query in the URL, safe rendering of anything typed, the states, and the download budget.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { axeViolations, expect, scanBudget, test } from './fixtures';

type Article = { slug: string; title: string; content: string };
const articles: Article[] = JSON.parse(readFileSync('content/articles.json', 'utf8'));
const plain = (html: string) => html.replace(/<[^>]+>/g, ' ').toLowerCase();
const productions: { object: string; title: string; pageReference: string }[] = JSON.parse(readFileSync('content/productions.json', 'utf8'));
const filmCode = (title: string) => productions.find((production) => production.object === 'movie' && production.title === title)!.pageReference.slice(-5);

const field = (page: Page) => page.getByRole('searchbox', { name: 'Søk i artiklar og kulturarrangement' });
const status = (page: Page) => page.locator('#sok-status');
const results = (page: Page) => page.locator('.search-result');

async function search(page: Page, query: string) {
  await page.goto('/search');
  // Astro drops the island's ssr attribute once it has hydrated.
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await field(page).fill(query);
}

test('finds an article by another inflection of a word in its body (Norwegian stemming)', async ({ page }) => {
  // The article says «bassenget» (definite singular); the visitor types «bassenga» (definite
  // plural). No article contains «bassenga», and it is no prefix of «bassenget», so only the
  // stemmer (both become «basseng») can make this match.
  const article = articles.find((candidate) => candidate.slug === 'bassenget-opna-nye-garderobar');
  expect(plain(article!.content)).toContain('bassenget');
  expect(articles.some((candidate) => plain(candidate.content + candidate.title).includes('bassenga'))).toBe(false);

  await search(page, 'bassenga');
  await expect(status(page)).toHaveText(/^\d+ treff på «bassenga»\.$/);
  const hit = results(page).filter({ has: page.getByRole('link', { name: article!.title }) });
  await expect(hit).toHaveCount(1);
  await expect(hit.locator('.tag')).toHaveText('Artikkel');
  await expect(hit.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/);
  await expect(hit.locator('mark').first()).toHaveText(/^bassenget$/i);
  await expect(hit.getByRole('link')).toHaveAttribute('href', '/article/bassenget-opna-nye-garderobar');
  await expect(page).toHaveURL(/\/search\?q=bassenga$/);
});

test('finds a culture event with its type and next date, and lists events by date', async ({ page }) => {
  await search(page, 'Saltvatn');
  const event = results(page).filter({ has: page.getByRole('link', { name: 'Saltvatn i konsert', exact: true }) });
  await expect(event.locator('.tag')).toHaveText('Kulturarrangement');
  await expect(event.locator('time')).toHaveText('Neste gong 4. desember 2026');
  await expect(event.getByRole('link')).toHaveAttribute('href', '/saltvatn-i-konsert-gg45j');

  // Only culture events, soonest first.
  await field(page).fill('kaia');
  await page.getByRole('radio', { name: 'Kulturarrangement' }).check();
  await expect(page).toHaveURL(/type=kulturarrangement/);
  await expect(status(page)).toHaveText(/treff på «kaia»/);
  await expect(results(page).first()).toBeVisible();
  const types = await results(page).locator('.tag').allTextContents();
  expect(types.length).toBeGreaterThan(1);
  expect(new Set(types)).toEqual(new Set(['Kulturarrangement']));
  const dates = await results(page)
    .locator('time')
    .evaluateAll((times) => times.map((time) => time.getAttribute('datetime') ?? ''));
  expect(dates).toEqual([...dates].sort());
});

test('never returns menu, footer or film text', async ({ page, request }) => {
  // Words that are on indexed pages, but only in their footer and menu, or only on a film's
  // page. (Whole words no article or culture event uses, nor their parts: Pagefind splits
  // unknown compounds into known words.)
  const article = await (await request.get('/article/morgonsym')).text();
  expect(article).toContain('>Snarvegar<');
  const film = await (await request.get('/maskinhjartet-' + filmCode('Maskinhjartet'))).text();
  expect(film).toContain('Owen Caldwell');

  await search(page, 'Snarvegar');
  await expect(status(page)).toHaveText('Ingen treff på «Snarvegar».');
  await expect(page.getByText('Vi fann ingenting på «Snarvegar».')).toBeVisible();
  await field(page).fill('Caldwell');
  await expect(status(page)).toHaveText('Ingen treff på «Caldwell».');
  await expect(results(page)).toHaveCount(0);
});

test('shows whatever is typed as text, never as markup', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  const hostile = `<img src=x onerror=alert(1)>"'`;
  await search(page, hostile);
  await expect(status(page)).toHaveText(/«<img src=x onerror=alert\(1\)>"'»/);
  // And the same from the URL, as a link or the header's form would bring it.
  await page.goto(`/search?q=${encodeURIComponent(`<script>alert(2)</script><b>feit</b>"'`)}`);
  await expect(field(page)).toHaveValue(`<script>alert(2)</script><b>feit</b>"'`);
  await expect(status(page)).toContainText('<b>feit</b>');
  await expect(page.locator('.search img, .search b, .search script')).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

test('searches as you type once the typing pauses, and announces the count', async ({ page }) => {
  // Each search writes its query into the URL; record every one.
  await page.addInitScript(() => {
    const written: string[] = [];
    (window as unknown as { searched: string[] }).searched = written;
    const replace = history.replaceState.bind(history);
    history.replaceState = (data, unused, url) => {
      if (url) written.push(String(url));
      replace(data, unused, url);
    };
  });
  const searched = () => page.evaluate(() => (window as unknown as { searched: string[] }).searched);
  // The page's timers run on a clock the test moves, so the pause is exact however busy the machine is.
  await page.clock.install();
  await search(page, '');
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await field(page).pressSequentially('strikkekurs');
  expect(await searched()).toEqual([]);
  await page.clock.runFor(200);
  expect(await searched(), 'no search yet, 200 ms after the last letter').toEqual([]);
  await page.clock.runFor(100);
  // One search, for the whole word.
  expect(await searched()).toEqual(['/search?q=strikkekurs']);
  await page.clock.resume();
  await expect(results(page).getByRole('link', { name: 'Kystmønster – strikkekurs for nybyrjarar' })).toBeVisible();
  await expect(status(page)).toHaveRole('status');
  await expect(status(page)).toHaveText(/^\d+ treff på «strikkekurs»\.$/);
  expect(await searched()).toEqual(['/search?q=strikkekurs']);
});

test('keeps the query in the URL, searches it on arrival, and takes the header search', async ({ page }) => {
  await page.goto('/search?q=babysymjing');
  await expect(field(page)).toHaveValue('babysymjing');
  await expect(results(page).first()).toBeVisible();
  await field(page).fill('');
  await expect(page).toHaveURL(/\/search$/);
  await expect(status(page)).toHaveText('');
  await expect(results(page)).toHaveCount(0);

  await page.goto('/kontakt');
  await page.getByRole('searchbox', { name: 'Søk på nettstaden' }).fill('strikkekurs');
  await page.getByRole('searchbox', { name: 'Søk på nettstaden' }).press('Enter');
  await expect(page).toHaveURL(/\/search\?q=strikkekurs$/);
  await expect(results(page).getByRole('link', { name: 'Kystmønster – strikkekurs for nybyrjarar' })).toHaveAttribute(
    'href',
    '/kystmonster-strikkekurs-for-nybyrjarar-2qizn',
  );
});

test('says plainly when the search cannot run', async ({ browser }) => {
  // A context without a service worker, so the failing index request reaches page.route.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.route('**/pagefind/pagefind.js', (route) => route.fulfill({ status: 503, body: 'nei' }));
  await page.goto('/search?q=basseng');
  await expect(status(page)).toHaveText('Søket fungerer ikkje akkurat no.');
  await expect(page.getByRole('link', { name: 'Kulturprogrammet' }).last()).toHaveAttribute('href', '/kulturprogram');
  expect(errors.some((text) => text.includes('Søket kunne ikkje køyre'))).toBe(true);
  await context.close();
});

test('without JavaScript, says that search needs it and where to look instead', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/search?q=basseng');
  await expect(page.getByText('Søket treng JavaScript, og det er slått av i nettlesaren din.')).toBeVisible();
  for (const [name, href] of [
    ['Aktuelt', '/aktuelt'],
    ['Faste tilbod', '/tilbod'],
    ['Kulturprogrammet', '/kulturprogram'],
  ] as const) {
    await expect(page.locator('main').getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await context.close();
});

test('the search page with results passes axe, and more results come on request', async ({ page }) => {
  test.setTimeout(scanBudget(1));
  await search(page, 'kulturhuset');
  await expect(results(page)).toHaveCount(10);
  expect(await axeViolations(page)).toEqual([]);
  const more = page.getByRole('button', { name: /Vis fleire treff/ });
  await more.click();
  await expect(results(page).nth(10)).toBeVisible();
  await expect(results(page).nth(10).getByRole('link')).toBeFocused();
});

test('the first search downloads under 150 KB (gzip) of Pagefind', async ({ browser }) => {
  // Without the service worker, which would otherwise fetch the whole index for offline use.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const bodies: Promise<{ url: string; bytes: number }>[] = [];
  context.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/pagefind/')) {
      bodies.push(response.body().then((body) => ({ url: response.url(), bytes: gzipSync(body).length })));
    }
  });
  await page.goto('/search');
  await field(page).fill('bassenget');
  await expect(results(page).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const downloads = await Promise.all(bodies);
  const total = downloads.reduce((sum, download) => sum + download.bytes, 0);
  console.log(`first search: ${downloads.length} Pagefind files, ${(total / 1024).toFixed(1)} KB gzip`);
  expect(downloads.some((download) => download.url.includes('/pagefind/wasm.'))).toBe(true);
  expect(downloads.some((download) => download.url.includes('.pf_fragment'))).toBe(true);
  // Pagefind searches on the page's own thread: its web worker script is never fetched.
  expect(downloads.filter((download) => download.url.includes('pagefind-worker'))).toEqual([]);
  expect(total).toBeLessThan(150 * 1024);
  await context.close();
});
