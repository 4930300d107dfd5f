/**
 * The film club against a partner that answers in the other case, slowly, or not at all: the
 * built site (nginx) against the partner sandbox. The sandbox's switches act on every client, so
 * these tests are not a spec file of their own: filmclub.spec.ts imports them and runs them with
 * its own, one by one, in the nginx project only (see playwright.config.ts).
 */
import sharp from 'sharp';
import jsQR from 'jsqr';
import type { Locator, Page } from '@playwright/test';
import { axeViolations, expect as baseExpect, test } from './fixtures';
import { demoMember, newMember, outwaitPartner, signUp, partnerRequests, resetSandbox, setFault, setShape, type Fault } from './filmclub-helpers';

/** Islands hydrate when the browser is idle, which on a busy machine can take a while. */
const expect = baseExpect.configure({ timeout: 15_000 });

const NAUSTET = '/naustet-q9y74';
/** A film with many reviews (more than the first few shown). */
const BUSY_FILM = '/alt-vi-ikkje-sa-qy4zf';
/** A film without written reviews. */
const QUIET_FILM = '/den-sjuande-passasjeren-ih8ix';
const server500: Fault = { kind: 'status', status: 500 };
const refused: Fault = { kind: 'status', status: 401 };

test.afterEach(async () => {
  await setFault(null);
  await setShape(null);
});

async function signIn(page: Page, email = demoMember.email, password = demoMember.password) {
  await page.goto('/filmklubb/logg-inn');
  await page.getByLabel('E-postadresse').fill(email);
  await page.getByLabel('Passord', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Logg inn' }).click();
  await expect(page).toHaveURL(/\/filmklubb\/mi-side$/, { timeout: 15_000 });
}

const panelOf = (page: Page) => page.locator('.fc-panel');
const ticketsSection = (page: Page) => page.locator('section', { has: page.getByRole('heading', { name: 'Billettane dine' }) });
const watchSection = (page: Page) => page.locator('section', { has: page.getByRole('heading', { name: 'Ønskjelista di' }) });

/** Focus is somewhere on the page, never dropped to its body. */
async function expectFocusKept(page: Page) {
  expect(await page.evaluate(() => document.activeElement !== null && document.activeElement !== document.body)).toBe(true);
}

async function decodeQr(qr: Locator): Promise<string | undefined> {
  const { data, info } = await sharp(await qr.screenshot())
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

test('a partner answering in camelCase: tickets and reviews show real text, ratings, dates, seats and a readable QR code', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await setShape('camelCase');
  await signIn(page);
  const ticket = page.locator('.fc-ticket').first();
  await expect(ticket).toBeVisible();
  await expect(ticket.locator('h3')).not.toHaveText('Film');
  await expect(ticket.locator('h3')).not.toBeEmpty();
  await expect(ticket).not.toContainText('Ukjend tid');
  await expect(ticket.locator('dd').first()).toHaveText(/^[A-ZÆØÅ][a-zæøå]+dag \d+\. [a-zæøå]+ kl\.\s\d\d\.\d\d$/);
  await expect(ticket).toContainText(/Rad \d+: plass/);
  await expect(ticket).toContainText(/Soltun scene|Wickssalen/);
  const code = (await ticket.locator('.fc-ticket__code').textContent())?.replace('Billettkode: ', '').trim() ?? '';
  expect(code).toMatch(/^KAIA-118-\d+$/);
  expect(await decodeQr(ticket.locator(':scope > svg.fc-qr'))).toContain(code);

  await page.goto(NAUSTET);
  const panel = panelOf(page);
  const review = panel.locator('.fc-review').first();
  await expect(review).toBeVisible();
  await expect(review.locator('.fc-review__head')).not.toContainText('Anonym');
  await expect(review.locator('.fc-review__head')).toContainText(/· \d av 5 · \d+\. [a-zæøå]+ \d{4}/);
  await expect(review.locator('p').nth(1)).not.toBeEmpty();
  await expect(panel.locator('.fc-movie__rating')).toContainText(/^\d,\d av 5 \(\d+ vurderingar\)$/);
  expect(warnings.filter((text) => /lack expected fields/.test(text))).toEqual([]);
});

test('Mi side shows the tickets while a slow watch list is still loading; the token switch still comes first', async ({ page }) => {
  await signIn(page);
  await resetSandbox();
  await setFault({ kind: 'slow', delayMs: 8000 }, 'watchlist');
  await page.reload();
  await expect(page.locator('.fc-ticket').first()).toBeVisible();
  await expect(watchSection(page).getByRole('status')).toHaveText('Hentar ønskjelista …');
  await expect(watchSection(page)).toHaveAttribute('aria-busy', 'true');
  await expect(page.locator('.fc-watchlist')).toBeVisible({ timeout: 20_000 });
  await expect(watchSection(page).getByRole('status')).toHaveText('');
  // The sign-in's own Mi side may still log a call after the reset, so the reload's calls are the last ones.
  const order = (await partnerRequests()).map((request) => request.path.split('?')[0]);
  expect(order.lastIndexOf('/switchTokensDx')).toBeGreaterThanOrEqual(0);
  expect(order.lastIndexOf('/switchTokensDx')).toBeLessThan(order.lastIndexOf('/watchlist'));
  expect(order).toContain('/tickets');
});

test('posters on Mi side: tickets and watch list, with alt text naming the film', async ({ page }) => {
  await signIn(page);
  const ticketPoster = page.locator('.fc-ticket img.fc-poster').first();
  await expect(ticketPoster).toBeVisible();
  await expect(ticketPoster).toHaveAttribute('alt', /«.+»/);
  await expect.poll(() => ticketPoster.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  // Every film on the watch list shows its poster (lazy: scrolled to as a reader would), as the
  // programme's small copy of it, which a visitor's browser already holds after the programme.
  const watchPosters = page.locator('.fc-watchitem img.fc-poster');
  await expect(watchPosters.first()).toBeVisible();
  expect(await watchPosters.count()).toBeGreaterThan(1);
  for (const watchPoster of await watchPosters.all()) {
    await watchPoster.scrollIntoViewIfNeeded();
    await expect(watchPoster).toHaveAttribute('alt', /«.+»/);
    await expect(watchPoster).toHaveAttribute('src', /^\/media\/productions\/.+\?width=320&height=480$/);
    await expect.poll(() => watchPoster.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    expect(await watchPoster.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeLessThanOrEqual(320);
  }
});

test('a partner poster that will not load gives way to the production’s own poster', async ({ page }) => {
  // The partner names a picture that is not there (as a moved file or a blocked host would be).
  await page.route('**/movieInfo?**', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...body, Poster: '/media/productions/finst-ikkje.webp' } });
  });
  await page.goto(NAUSTET);
  // Posters load lazily: scroll to the panel as a reader would.
  await expect(panelOf(page).locator('.fc-movie')).toBeVisible();
  await panelOf(page).locator('.fc-movie').scrollIntoViewIfNeeded();
  const poster = panelOf(page).locator('img.fc-poster');
  await expect(poster).toHaveAttribute('src', '/media/productions/naustet-poster.webp?width=320&height=480');
  await expect(poster).toHaveAttribute('alt', /Naustet/);
  await expect.poll(() => poster.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
});

test('ratings read with a decimal comma, "3,7 av 5"', async ({ page }) => {
  await page.goto(NAUSTET);
  const rating = panelOf(page).locator('.fc-movie__rating strong');
  await expect(rating).toHaveText(/^\d,\d av 5$/);
  await expect(panelOf(page)).not.toContainText(/\d\.\d av 5/);
});

test('a film already on the watch list says På ønskjelista when the page opens', async ({ page }) => {
  await signUp(page, 'liste');
  await page.goto(NAUSTET);
  await panelOf(page).getByRole('button', { name: 'Legg til i ønskjelista' }).click();
  await expect(panelOf(page).locator('.fc-onlist')).toBeFocused();
  await resetSandbox();
  await page.reload();
  await expect(panelOf(page).locator('.fc-onlist')).toContainText('På ønskjelista');
  await expect(panelOf(page).getByRole('button', { name: /Legg til i ønskjelista/ })).toHaveCount(0);
  // Loaded once, through the token switch.
  const paths = (await partnerRequests()).map((request) => request.path.split('?')[0]).filter((path) => /switchTokensDx|watchlist/.test(path ?? ''));
  expect(paths).toEqual(['/switchTokensDx', '/watchlist']);
});

test('the header and the panel follow a sign-in and a sign-out in another tab', async ({ page, context }) => {
  await page.goto(NAUSTET);
  const panel = panelOf(page);
  await expect(panel.getByRole('link', { name: 'Logg inn' })).toBeVisible();
  const other = await context.newPage();
  await signIn(other);
  await expect(page.locator('[data-filmclub-status]')).toContainText('Mi side');
  await expect(panel.getByRole('link', { name: 'Logg inn' })).toHaveCount(0);
  await expect(panel.locator('.fc-movie__add, .fc-onlist').first()).toBeVisible();
  await other.getByRole('button', { name: 'Logg ut' }).click();
  await expect(other).toHaveURL(/logg-inn/, { timeout: 15_000 });
  await expect(page.locator('[data-filmclub-status]')).toContainText('Logg inn');
  await expect(panel.getByRole('link', { name: 'Logg inn' })).toBeVisible();
  await other.close();
});

test('the first reviews, then all of them on request, with focus on the first one added', async ({ page }) => {
  await page.goto(BUSY_FILM);
  const panel = panelOf(page);
  await expect(panel.locator('.fc-review')).toHaveCount(2);
  const more = panel.getByRole('button', { name: /^Vis \d+ omtalar til$/ });
  const total = 2 + Number((await more.textContent())?.match(/\d+/)?.[0]);
  expect(total).toBeGreaterThan(2);
  await more.click();
  await expect(panel.locator('.fc-review')).toHaveCount(total);
  await expect(panel.locator('.fc-review').nth(2)).toBeFocused();
  const comments = await panel.locator('.fc-review > p:nth-child(2)').allTextContents();
  expect(new Set(comments).size).toBe(comments.length);
});

test('a refused call (401) says what fits each screen', async ({ page }) => {
  await setFault(refused, 'signup');
  await page.goto('/filmklubb/bli-medlem');
  const member = newMember('avvist');
  await page.getByLabel('Namn').fill(member.name);
  await page.getByLabel('E-postadresse').fill(member.email);
  await page.getByLabel('Vel passord').fill(member.password);
  await page.getByRole('button', { name: 'Bli medlem' }).click();
  await expect(page.getByRole('alert')).toContainText('Filmklubben tok ikkje imot registreringa akkurat no');

  await setFault(refused, 'forgotPassword');
  await page.goto('/filmklubb/gloymt-passord');
  await page.getByLabel('E-postadresse').fill(demoMember.email);
  await page.getByRole('button', { name: 'Send lenkje' }).click();
  await expect(page.getByRole('alert')).toContainText('førespurnaden om nytt passord');

  await setFault(null);
  await signIn(page);
  // Refused even after the token switch: the session has ended (see filmclub-session.tests.ts).
  await setFault(refused, 'tickets');
  await setFault(refused, 'watchlist');
  await page.reload();
  await expect(page.locator('.fc-card')).toContainText('Økta di i filmklubben gjekk ut');
  await expect(page.locator('.fc-card').getByRole('link', { name: 'Logg inn på nytt' })).toBeVisible();

  await setFault(null);
  await signIn(page);
  await setFault(refused, 'reviews');
  await setFault(refused, 'addMovieToWatchList');
  await page.goto(NAUSTET);
  await expect(panelOf(page).locator('.fc-problem')).toContainText('ville ikkje gje oss omtalane');
  await panelOf(page).getByRole('button', { name: 'Legg til i ønskjelista' }).click();
  const ended = panelOf(page).locator('.fc-movie .fc-problem');
  await expect(ended).toContainText('Økta di i filmklubben gjekk ut. Logg inn på nytt, så legg vi filmen i ønskjelista di.');
  await expect(ended).toBeFocused();
});

test('Prøv igjen on the forms retries the call alone and succeeds once the partner is back', async ({ page }) => {
  // Sign-in.
  await setFault(server500, 'login');
  await page.goto('/filmklubb/logg-inn');
  await page.getByLabel('E-postadresse').fill(demoMember.email);
  await page.getByLabel('Passord', { exact: true }).fill(demoMember.password);
  await page.getByRole('button', { name: 'Logg inn' }).click();
  const summary = page.getByRole('alert');
  await expect(summary).toBeFocused();
  await summary.getByRole('button', { name: 'Prøv igjen' }).click();
  await expect(summary).toBeFocused();
  await expectFocusKept(page);
  await setFault(null);
  await summary.getByRole('button', { name: 'Prøv igjen' }).click();
  await expect(page).toHaveURL(/\/filmklubb\/mi-side$/, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Logg ut' }).click();
  await expect(page).toHaveURL(/logg-inn/, { timeout: 15_000 });

  // Sign-up.
  await setFault(server500, 'signup');
  const member = newMember('igjen');
  await page.goto('/filmklubb/bli-medlem');
  await page.getByLabel('Namn').fill(member.name);
  await page.getByLabel('E-postadresse').fill(member.email);
  await page.getByLabel('Vel passord').fill(member.password);
  await page.getByRole('button', { name: 'Bli medlem' }).click();
  await expect(page.getByRole('alert')).toContainText('Filmklubben har eit problem');
  await setFault(null);
  await page.getByRole('alert').getByRole('button', { name: 'Prøv igjen' }).click();
  await expect(page).toHaveURL(/\/filmklubb\/mi-side$/, { timeout: 15_000 });

  // Forgotten password: the outcome takes the focus.
  await setFault(server500, 'forgotPassword');
  await page.goto('/filmklubb/gloymt-passord');
  await page.getByLabel('E-postadresse').fill(demoMember.email);
  await page.getByRole('button', { name: 'Send lenkje' }).click();
  await expect(page.getByRole('alert')).toContainText('Filmklubben har eit problem');
  await setFault(null);
  await page.getByRole('alert').getByRole('button', { name: 'Prøv igjen' }).click();
  const status = page.locator('.fc-form').getByRole('status');
  await expect(status).toContainText('Sjekk e-posten din');
  await expect(status).toBeFocused();
});

test('Prøv igjen on Mi side retries each section alone, keeps focus and says how it went', async ({ page }) => {
  await signIn(page);
  await setFault(server500, 'tickets');
  await setFault({ kind: 'html' }, 'watchlist');
  await page.reload();
  const tickets = ticketsSection(page);
  const watch = watchSection(page);
  await expect(tickets.locator('.fc-problem')).toContainText('Filmklubben har eit problem');
  await expect(watch.locator('.fc-problem')).toContainText('Filmklubben har eit problem');

  await tickets.getByRole('button', { name: /Prøv igjen/ }).click();
  await expect(tickets.getByRole('status')).toHaveText('Det gjekk ikkje denne gongen heller.');
  await expect(tickets.getByRole('heading', { name: 'Billettane dine' })).toBeFocused();
  await resetSandbox();
  await setFault({ kind: 'html' }, 'watchlist');
  await tickets.getByRole('button', { name: /Prøv igjen/ }).click();
  await expect(page.locator('.fc-ticket').first()).toBeVisible();
  await expect(tickets.getByRole('status')).toHaveText(/^Billettane dine er henta: \d+ billettar\.$/);
  await expect(tickets.getByRole('heading', { name: 'Billettane dine' })).toBeFocused();
  // Only the tickets were asked for again.
  expect((await partnerRequests()).map((request) => request.path.split('?')[0])).toEqual(['/tickets']);

  await setFault(null);
  await watch.getByRole('button', { name: /Prøv igjen/ }).click();
  await expect(page.locator('.fc-watchlist')).toBeVisible();
  await expect(watch.getByRole('status')).toHaveText(/^Ønskjelista er henta: \d+ filmar\.$/);
  await expect(watch.getByRole('heading', { name: 'Ønskjelista di' })).toBeFocused();
});

test('Prøv igjen in the film page’s panel: movie info, reviews and adding to the watch list', async ({ page }) => {
  await signUp(page, 'panel');
  await setFault(server500, 'movieInfo');
  await setFault(server500, 'reviews');
  await page.goto(NAUSTET);
  const panel = panelOf(page);
  await expect(panel).toContainText('Informasjon frå filmklubben er ikkje tilgjengeleg akkurat no.');
  await expect(panel).toContainText('Filmklubben har eit problem akkurat no');
  await setFault(null, 'movieInfo');
  await panel.getByRole('button', { name: /Prøv igjen å hente informasjon/ }).click();
  await expect(panel.locator('.fc-movie__rating')).toBeVisible();
  await expect(panel.getByRole('heading', { name: /Filmklubben om/ })).toBeFocused();
  await expect(panel.getByRole('status').first()).toHaveText('Informasjonen frå filmklubben er henta.');

  await setFault(null, 'reviews');
  await panel.getByRole('button', { name: /Prøv igjen å hente omtalane/ }).click();
  await expect(panel.locator('.fc-review').first()).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Kva seier medlemene?' })).toBeFocused();

  await setFault(server500, 'addMovieToWatchList');
  await panel.getByRole('button', { name: 'Legg til i ønskjelista' }).click();
  const retry = panel.getByRole('button', { name: /Prøv igjen å leggje/ });
  await expect(retry).toBeFocused();
  await setFault(null);
  await retry.click();
  await expect(panel.locator('.fc-onlist')).toBeFocused();
  await expect(panel.locator('.fc-onlist')).toContainText('På ønskjelista');
});

test('keyboard: sign in and add a film to the watch list, focus never falling to the page', async ({ page }) => {
  test.setTimeout(180_000);
  const member = newMember('tastatur');
  await page.goto('/filmklubb/bli-medlem');
  await page.getByLabel('Namn').fill(member.name);
  await page.getByLabel('E-postadresse').fill(member.email);
  await page.getByLabel('Vel passord').fill(member.password);
  await page.getByRole('button', { name: 'Bli medlem' }).click();
  await expect(page).toHaveURL(/mi-side$/, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Logg ut' }).click();
  await expect(page).toHaveURL(/logg-inn/, { timeout: 15_000 });

  // Sign in by keyboard alone.
  await expect(page.locator('.fc-form button[type=submit]')).toBeEnabled();
  await page.getByLabel('E-postadresse').focus();
  await page.keyboard.type(member.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Passord', { exact: true })).toBeFocused();
  await page.keyboard.type(member.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/mi-side$/, { timeout: 15_000 });

  // On the film page, Tab from the top to the panel's button (the island is in place once hydrated).
  await page.goto(NAUSTET);
  await expect(page.locator('astro-island:has(.fc-panel)')).not.toHaveAttribute('ssr', /.*/);
  const add = panelOf(page).getByRole('button', { name: 'Legg til i ønskjelista' });
  await expect(add).toBeVisible();
  await add.evaluate((button) => button.setAttribute('data-target', ''));
  let presses = 0;
  for (;;) {
    await page.keyboard.press('Tab');
    presses += 1;
    const focus = await page.evaluate(() => ({
      onBody: document.activeElement === null || document.activeElement === document.body,
      reached: document.activeElement?.hasAttribute('data-target') ?? false,
    }));
    expect(focus.onBody, `focus fell to the page after ${presses} Tab presses`).toBe(false);
    if (focus.reached) break;
    expect(presses, 'Tab presses to reach Legg til i ønskjelista without wrapping round the page').toBeLessThan(200);
  }
  await page.keyboard.press('Enter');
  const note = panelOf(page).locator('.fc-onlist');
  await expect(note).toBeFocused();
  await expect(note).toContainText('På ønskjelista');
  await page.keyboard.press('Tab');
  await expect(note.getByRole('link', { name: 'Sjå ønskjelista di' })).toBeFocused();
});

test.describe('axe finds nothing on any film-club screen while loading, failed, empty or filled', () => {
  // Each axe scan can take tens of seconds on a busy machine; the scans are split into small tests.
  test.describe.configure({ timeout: 180_000 });

  async function noViolations(page: Page, label: string) {
    expect(await axeViolations(page), label).toEqual([]);
  }

  test('the empty forms', async ({ page }) => {
    for (const path of ['/filmklubb/logg-inn', '/filmklubb/bli-medlem', '/filmklubb/gloymt-passord']) {
      await page.goto(path);
      await expect(page.locator('.fc-form button[type=submit]')).toBeEnabled();
      await noViolations(page, `${path} empty`);
    }
  });

  test('sign-in filled, loading and failed', async ({ page }) => {
    // Slower than the site waits: the sign-in ends in a failure, never a navigation mid-scan.
    await setFault({ kind: 'slow', delayMs: 15_000 }, 'login');
    await page.goto('/filmklubb/logg-inn');
    await page.getByLabel('E-postadresse').fill(demoMember.email);
    await page.getByLabel('Passord', { exact: true }).fill(demoMember.password);
    await outwaitPartner(page, 'login', async () => {
      await page.getByRole('button', { name: 'Logg inn' }).click();
      await expect(page.locator('.fc-form').getByRole('status')).toHaveText('Loggar inn …');
      await noViolations(page, 'sign-in filled and loading');
    });
    await expect(page.getByRole('alert')).toContainText('Filmklubben svarar ikkje');
    await setFault(server500, 'login');
    await page.getByRole('alert').getByRole('button', { name: 'Prøv igjen' }).click();
    await expect(page.getByRole('alert')).toContainText('Filmklubben har eit problem');
    await expect(page.getByRole('alert').getByRole('button', { name: 'Prøv igjen' })).toBeVisible();
    await noViolations(page, 'sign-in failed');
  });

  test('Mi side signed out, and with an empty watch list', async ({ page }) => {
    await page.goto('/filmklubb/mi-side');
    await expect(page.getByText('Du er ikkje logga inn.')).toBeVisible();
    await noViolations(page, 'Mi side signed out');
    await signUp(page, 'axe');
    await expect(page.getByText('Ønskjelista er tom')).toBeVisible();
    await noViolations(page, 'Mi side empty watch list');
  });

  test('Mi side loading and failed', async ({ page }) => {
    await signIn(page);
    await setFault({ kind: 'slow', delayMs: 15_000 });
    await page.reload();
    await expect(ticketsSection(page).getByRole('status')).toHaveText('Hentar billettane dine …');
    await noViolations(page, 'Mi side loading');
    await setFault(server500);
    await page.reload();
    await expect(ticketsSection(page).locator('.fc-problem')).toBeVisible();
    await expect(watchSection(page).locator('.fc-problem')).toBeVisible();
    await noViolations(page, 'Mi side failed');
  });

  test('Mi side filled', async ({ page }) => {
    await signIn(page);
    await expect(page.locator('.fc-ticket').first()).toBeVisible();
    await expect(page.locator('.fc-watchitem').first()).toBeVisible();
    await noViolations(page, 'Mi side filled');
  });

  test('the film page panel loading and failed', async ({ page }) => {
    await setFault({ kind: 'slow', delayMs: 15_000 });
    await page.goto(NAUSTET);
    await expect(panelOf(page).getByRole('status').first()).toHaveText('Hentar informasjon frå filmklubben …');
    await noViolations(page, 'panel loading');
    await setFault(server500);
    await page.reload();
    await expect(panelOf(page).locator('.fc-problem')).toHaveCount(2);
    await noViolations(page, 'panel failed');
  });

  test('the film page panel empty, and filled for a member', async ({ page }) => {
    await page.goto(QUIET_FILM);
    await expect(panelOf(page)).toContainText('Ingen har skrive om filmen enno.');
    await noViolations(page, 'panel empty');
    await signIn(page);
    await page.goto(BUSY_FILM);
    await expect(panelOf(page).locator('.fc-review').first()).toBeVisible();
    await expect(panelOf(page).locator('.fc-movie')).toBeVisible();
    await noViolations(page, 'panel filled, signed in');
  });
});
