/**
 * /search over the real Pagefind index of the build: stemming, what is (not) indexed, the
 * query in the URL, safe rendering of anything typed, the states, and the download budget.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { scriptEnv } from '../../scripts/script-env.mjs';
import type { PagefindApi } from '../../src/lib/search/types';
import { axeViolations, expect, scanBudget, test } from './fixtures';

type Article = { slug: string; title: string; content: string };
const articles = JSON.parse(readFileSync('content/articles.json', 'utf8')) as Article[];
const plain = (html: string) => html.replace(/<[^>]+>/g, ' ').toLowerCase();

const field = (page: Page) => page.getByRole('searchbox', { name: 'Søk i filmar, arrangement, artiklar og sider' });
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
  // An article shows its date and lead.
  await expect(hit.locator('.search-result__excerpt')).toHaveText(/^Etter ei veke med stengde dører er Bassenget /);
  await expect(hit.getByRole('link')).toHaveAttribute('href', '/article/bassenget-opna-nye-garderobar');
  await expect(page).toHaveURL(/\/search\?q=bassenga$/);
});

test('finds a culture event with its type, next date and a ticket link, and filters by type', async ({ page }) => {
  await search(page, 'Saltvatn');
  const event = results(page).filter({ has: page.getByRole('link', { name: 'Saltvatn i konsert', exact: true }) });
  await expect(event.locator('.tag')).toHaveText('Arrangement');
  await expect(event.locator('.search-result__meta time')).toHaveText('Neste gong 4. desember 2026');
  await expect(event.getByRole('link', { name: 'Saltvatn i konsert', exact: true })).toHaveAttribute('href', '/saltvatn-i-konsert-gg45j');
  // The 4 December concert is sold out: the ticket link is for the next one with tickets.
  await expect(event.getByRole('link', { name: /^Kjøp billett/ })).toHaveAttribute('href', 'https://billett.example/kaia/event/431582');
  await expect(event.getByRole('link', { name: /^Kjøp billett/ })).toHaveText(/^Kjøp billett: laurdag 5\. desember kl\.\s19\.30/);

  // Only culture events.
  await field(page).fill('kaia');
  await page.getByRole('radio', { name: 'Arrangement' }).check();
  await expect(page).toHaveURL(/type=kulturarrangement/);
  await expect(status(page)).toHaveText(/treff på «kaia»/);
  await expect.poll(async () => [...new Set(await results(page).locator('.tag').allTextContents())]).toEqual(['Arrangement']);
  expect(await results(page).count()).toBeGreaterThan(1);
  // Only films.
  await page.getByRole('radio', { name: 'Filmar' }).check();
  await expect(page).toHaveURL(/type=film/);
  // The results change once the filtered search has answered.
  await expect.poll(async () => [...new Set(await results(page).locator('.tag').allTextContents())]).toEqual(['Film']);
});

test('a film shows its poster, age limit and next showing as a ticket link', async ({ page }) => {
  await search(page, 'Naustet');
  const film = results(page).first();
  await expect(film.getByRole('link', { name: 'Naustet', exact: true })).toHaveAttribute('href', '/naustet-q9y74');
  await expect(film.locator('.tag')).toHaveText('Film');
  await expect(film).toContainText('Aldersgrense 18 år');
  await expect(film.locator('img.search-result__poster')).toHaveAttribute('src', /^\/media\/.+width=160/);
  // Monday 23 November, 10.00: the next showing is on Thursday.
  await expect(film.getByRole('link', { name: /^Kjøp billett/ })).toHaveText('Kjøp billett: torsdag 26. november kl. 20.30 (Naustet)');
});

test('a showing that has started is never offered, whatever the time when the page was built', async ({ page }) => {
  const [first, second] = ['https://billett.example/kaia/event/431036', 'https://billett.example/kaia/event/433400'];
  // Tuesday 24 November, a minute before the 11.00 showing of «Alt vi ikkje sa».
  await page.clock.install({ time: new Date('2026-11-24T10:59:00+01:00') });
  await search(page, 'Alt vi ikkje sa');
  const ticket = results(page)
    .first()
    .getByRole('link', { name: /^Kjøp billett/ });
  await expect(ticket).toHaveAttribute('href', first);
  await expect(ticket).toHaveText('Kjøp billett: i dag kl. 11.00 (Alt vi ikkje sa)');
  // The showing starts while the results are open: the link moves on to the next one.
  await page.clock.runFor(90_000);
  await expect(ticket).toHaveAttribute('href', second);
  await expect(ticket).toHaveText('Kjøp billett: i dag kl. 18.00 (Alt vi ikkje sa)');
  // And a visitor arriving after it started is never offered it.
  await page.clock.runFor(7 * 3600_000);
  await page.reload();
  await expect(
    results(page)
      .first()
      .getByRole('link', { name: /^Kjøp billett/ }),
  ).not.toHaveAttribute('href', first);
  await expect(
    results(page)
      .first()
      .getByRole('link', { name: /^Kjøp billett/ }),
  ).not.toHaveAttribute('href', second);
});

test('never returns menu or footer text, nor a listing page for what it lists', async ({ page, request }) => {
  // A word that is on indexed pages, but only in their footer. (A whole word no indexed text
  // uses, nor its parts: Pagefind splits unknown compounds into known words.)
  const article = await (await request.get('/article/morgonsym')).text();
  expect(article).toContain('>Snarvegar<');
  await search(page, 'Snarvegar');
  await expect(status(page)).toHaveText('Ingen treff på «Snarvegar».');
  await expect(page.getByText('Vi fann ingenting på «Snarvegar».')).toBeVisible();

  // The programmes and lists are found by their own words (their cover and search words), never
  // first for a film, event or article they list; their filter views, the front page and the
  // search page never at all.
  const listing = ['/', '/kinoprogram', '/kulturprogram', '/filmoversikt', '/kommende-filmer', '/aktuelt', '/tilbod', '/search'];
  for (const query of ['Naustet', 'Alt vi ikkje sa', 'Saltvatn i konsert', 'Morgonsym', 'familiefilmsøndag']) {
    await field(page).fill(query);
    await expect(status(page)).toContainText(`«${query}»`);
    const hrefs = await results(page)
      .locator('h3 a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    expect(hrefs.length, query).toBeGreaterThan(0);
    expect(listing, query).not.toContain(hrefs[0]);
    expect(
      hrefs.filter((href) => ['/', '/search'].includes(href) || /\/(dag|veke|sjanger|kategori|alder)\//.test(href)),
      query,
    ).toEqual([]);
  }
  // Films are found by the people their page names.
  await field(page).fill('Owen Caldwell');
  await expect(results(page).first().getByRole('link', { name: 'Maskinhjartet', exact: true })).toBeVisible();
});

test('the index holds every page of the sitemap, but for the written exceptions', async ({ page, request }) => {
  /** Pages of the sitemap that are not in the index, and why. */
  const exceptions: Record<string, string> = {
    '/': 'the front page repeats the programme and the news, which are indexed on their own pages',
    '/search': 'the search page itself: it has nothing to find but the search',
  };
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const sitemapPaths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname.replace(/(.)\/$/, '$1'));
  expect(sitemapPaths.length).toBeGreaterThan(50);
  for (const path of ['/kinoprogram', '/kulturprogram', '/kontakt', '/feskarn', '/utleige', '/bassenget', '/biblioteket']) expect(sitemapPaths).toContain(path);

  // Every page Pagefind holds: each has a type, so a search for no term with every type lists them all.
  await page.goto('/search');
  const indexed = await page.evaluate(async () => {
    const pagefind = (await import(/* @vite-ignore */ new URL('/pagefind/pagefind.js', document.baseURI).href)) as PagefindApi;
    await pagefind.options({ noWorker: true });
    await pagefind.init();
    const found = await pagefind.search(null, { filters: { type: { any: ['film', 'kulturarrangement', 'artikkel', 'side'] } } });
    const data = await Promise.all((found?.results ?? []).map((result) => result.data()));
    return data.map((item) => item.url);
  });
  const indexedPaths = new Set(indexed.map((url) => url.replace(/(\.html)?$/, '').replace(/(.)\/$/, '$1')));
  const missing = sitemapPaths.filter((path) => !indexedPaths.has(path) && !(path in exceptions));
  expect(missing, 'sitemap pages neither in the index nor in the exceptions').toEqual([]);
  // The exceptions are real: each is in the sitemap and not in the index.
  for (const path of Object.keys(exceptions)) {
    expect(sitemapPaths).toContain(path);
    expect(indexedPaths.has(path)).toBe(false);
  }
});

test('a misspelled word gets one «Meinte du» link, reached by keyboard, to a search that finds the page', async ({ page }) => {
  await search(page, 'bibliotk');
  // In the status line, so it is heard with the count.
  await expect(status(page)).toHaveText('Ingen treff på «bibliotk». Meinte du bibliotek?');
  const suggestion = status(page).locator('.search-suggestion');
  await expect(suggestion).toHaveText(' Meinte du bibliotek?');
  await expect(suggestion.getByRole('link')).toHaveCount(1);
  expect(await axeViolations(page)).toEqual([]);
  // From the search field, Tab passes the type choices and lands on the link.
  await field(page).focus();
  const link = suggestion.getByRole('link', { name: 'bibliotek' });
  for (let tab = 0; tab < 6 && !(await link.evaluate((element) => element === document.activeElement)); tab += 1) await page.keyboard.press('Tab');
  await expect(link).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=bibliotek$/);
  await expect(status(page)).toContainText('treff på «bibliotek»');
  await expect(results(page).first().locator('h3 a')).toHaveAttribute('href', '/biblioteket');
  await expect(page.locator('.search-suggestion')).toHaveCount(0);
});

test('when all the words together find nothing, searches for any one of them and says so', async ({ page }) => {
  // Both words are in the index, but no page holds both: with every word required, nothing is found.
  await search(page, 'naustet saltvatn');
  await expect(status(page)).toHaveText(/^\d+ treff på «naustet saltvatn»\. Ingen treff på alle orda; viser treff på eitt av dei\.$/);
  await expect
    .poll(() =>
      results(page)
        .locator('h3 a')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
    )
    .toEqual(expect.arrayContaining(['/naustet-q9y74', '/saltvatn-i-konsert-gg45j']));
});

test('when nothing is found, says so and where to go next', async ({ page }) => {
  await search(page, 'xylofonverkstad');
  await expect(status(page)).toHaveText('Ingen treff på «xylofonverkstad».');
  const none = page.locator('.search-none');
  await expect(none).toContainText('Vi fann ingenting på «xylofonverkstad».');
  await expect(none).not.toContainText('går');
  for (const [name, href] of [
    ['Kinoprogrammet', '/kinoprogram'],
    ['Kulturprogrammet', '/kulturprogram'],
    ['ta kontakt med oss', '/kontakt'],
  ] as const) {
    await expect(none.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  // A film title not on the programme.
  await field(page).fill('Barbie');
  await expect(status(page)).toHaveText('Ingen treff på «Barbie».');
  await expect(none).toContainText('Leitar du etter ein film eller eit arrangement, går «Barbie» ikkje hos oss no.');
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

/**
 * Stops the page's clock a second ahead of its time now. On a busy machine that second can pass
 * before the pause arrives (Playwright then refuses to go back in time); it is asked again then.
 */
async function pauseSoon(page: Page) {
  for (;;) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 1000);
      return;
    } catch (error) {
      if (!String(error).includes('fast-forward to the past')) throw error;
    }
  }
}

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
  await pauseSoon(page);
  await field(page).pressSequentially('strikkekurs');
  expect(await searched()).toEqual([]);
  await page.clock.runFor(200);
  expect(await searched(), 'no search yet, 200 ms after the last letter').toEqual([]);
  await page.clock.runFor(100);
  // One search, for the whole word.
  expect(await searched()).toEqual(['/search?q=strikkekurs']);
  await page.clock.resume();
  await expect(results(page).getByRole('link', { name: 'Kystmønster – strikkekurs for nybyrjarar', exact: true })).toBeVisible();
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
  await expect(results(page).getByRole('link', { name: 'Kystmønster – strikkekurs for nybyrjarar', exact: true })).toHaveAttribute(
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

test('the empty search page is drawn whole at once: the hint is in its HTML, and nothing moves when the island wakes', async ({ page, request }) => {
  expect(await (await request.get('/search')).text()).toContain('class="search-hint"');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/search');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await expect(page.locator('.search-hint')).toBeVisible();
  await expect(page.locator('.search-needs-js')).toHaveCount(0);
  // Lighthouse counted 0.032 when the hint came only with the island and pushed the text below it down.
  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
  expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.001);
});

test('without JavaScript, says that search needs it and where to look instead', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/search?q=basseng');
  await expect(page.getByText('Søket treng JavaScript, og det er slått av i nettlesaren din.')).toBeVisible();
  // The hint for visitors with JavaScript is in the HTML, but not shown.
  await expect(page.locator('.search-hint')).toBeHidden();
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
  await expect(results(page).nth(10).getByRole('link').first()).toBeFocused();
});

test('results, a filter and no results are announced, and pass axe and the Nu HTML Checker', async ({ page }) => {
  test.setTimeout(scanBudget(3) + 60_000);
  const states: string[] = [];
  // Results with posters and ticket links.
  await search(page, 'familie');
  await expect(status(page)).toHaveText(/^\d+ treff på «familie»\.$/);
  await expect(status(page)).toHaveAttribute('aria-live', 'polite');
  await expect(results(page).locator('img').first()).toBeVisible();
  expect(await axeViolations(page), 'results').toEqual([]);
  states.push(await page.content());
  // A filter chosen.
  await page.getByRole('radio', { name: 'Sider' }).check();
  await expect(status(page)).toHaveText(/treff på «familie»/);
  await expect.poll(async () => [...new Set(await results(page).locator('.tag').allTextContents())]).toEqual(['Side']);
  expect(await axeViolations(page), 'filter').toEqual([]);
  states.push(await page.content());
  // Nothing found.
  await page.getByRole('radio', { name: 'Alt' }).check();
  await field(page).fill('Barbie');
  await expect(status(page)).toHaveText('Ingen treff på «Barbie».');
  expect(await axeViolations(page), 'no results').toEqual([]);
  states.push(await page.content());

  const dir = mkdtempSync(join(tmpdir(), 'kaia-search-nu-'));
  try {
    const files = states.map((html, index) => {
      const file = join(dir, `state-${index}.html`);
      writeFileSync(file, `<!doctype html>\n${html.replace(/^<!DOCTYPE html>/i, '')}`);
      return file;
    });
    const result = spawnSync(
      scriptEnv().java,
      ['-jar', String(createRequire(import.meta.url)('vnu-jar')), '--errors-only', '--exit-zero-always', '--format', 'json', '--stdout', ...files],
      {
        encoding: 'utf8',
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    expect(result.status, result.stderr).toBe(0);
    const { messages } = JSON.parse(result.stdout) as { messages: { type: string; subType?: string; url?: string; message?: string; extract?: string }[] };
    const errors = messages
      .filter((message) => message.type === 'error' || message.subType === 'fatal')
      .map((message) => `${message.url?.split('/').pop()}: ${message.message} «${(message.extract ?? '').trim().slice(0, 80)}»`);
    expect(errors).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the first search downloads under 150 KB (gzip) of Pagefind code and index', async ({ browser }) => {
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
  // A word with other forms and many hits: four searches, and twenty results' data read to rank them.
  await field(page).fill('opningstider');
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
