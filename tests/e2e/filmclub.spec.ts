/**
 * The film club end to end: the built site (served by nginx) against the partner sandbox.
 * The sandbox's fault switches act on every client, so this file runs its tests one by one,
 * in the nginx project only (see playwright.config.ts).
 */
import sharp from 'sharp';
import jsQR from 'jsqr';
import { axeViolations, expect, scanBudget, test } from './fixtures';
import { demoMember, newMember, outbox, outwaitPartner, partnerRequests, resetSandbox, setFault, signUp, type Fault } from './filmclub-helpers';
// Camel-case answers, slow and failing calls, Prøv igjen, posters, axe in every state: they switch
// the same sandbox, so they run in this file's one worker, one by one with the tests below.
import './filmclub-recovery.tests';
// Sessions that end, posters from the partner's host, a declined add, counts.
import './filmclub-session.tests';

// One after another in one worker (not in parallel), each test still standing on its own.
test.describe.configure({ mode: 'default' });

const FILM = '/naustet-q9y74';

test.afterEach(async () => {
  await setFault(null);
});

/** The film-club panel, scrolled to as a reader would (it hydrates when the browser is idle). */
async function filmPanel(page: import('@playwright/test').Page) {
  const panel = page.locator('[data-movie-info]');
  await panel.scrollIntoViewIfNeeded();
  return panel;
}

async function signIn(page: import('@playwright/test').Page, email: string, password: string) {
  await page.goto('/filmklubb/logg-inn');
  await page.getByLabel('E-postadresse').fill(email);
  await page.getByLabel('Passord', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Logg inn' }).click();
  await expect(page).toHaveURL(/\/filmklubb\/mi-side$/);
}

test('every film-club screen passes axe, signed out and signed in', async ({ page }) => {
  const screens = ['/filmklubb/logg-inn', '/filmklubb/bli-medlem', '/filmklubb/gloymt-passord', '/filmklubb/mi-side', FILM];
  // One scan per screen and one signed in, plus the sign-in itself.
  test.setTimeout(scanBudget(screens.length + 2));
  for (const path of screens) {
    await page.goto(path);
    await expect(page.locator('h1')).toHaveCount(1);
    if (path === FILM) await expect((await filmPanel(page)).getByText(/av 5/).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page), path).toEqual([]);
  }
  await signIn(page, demoMember.email, demoMember.password);
  await expect(page.locator('.fc-ticket').first()).toBeVisible();
  expect(await axeViolations(page), 'Mi side signed in').toEqual([]);
});

test('a form with mistakes says so in a summary that takes focus, and keeps what was typed', async ({ page }) => {
  await page.goto('/filmklubb/bli-medlem');
  await page.getByLabel('Namn').fill('Ola Nordmann');
  await page.getByLabel('E-postadresse').fill('ola-utan-krollalfa');
  await page.getByLabel('Vel passord').fill('kort');
  await page.getByRole('button', { name: 'Bli medlem' }).click();
  const summary = page.locator('.fc-form').getByRole('alert');
  await expect(summary).toBeFocused();
  await expect(summary).toContainText('Skriv inn ei gyldig e-postadresse');
  await expect(summary).toContainText('Passordet må ha minst 8 teikn');
  await expect(page.getByLabel('E-postadresse')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Namn')).toHaveValue('Ola Nordmann');
  await expect(page.getByLabel('E-postadresse')).toHaveValue('ola-utan-krollalfa');
  await summary.getByRole('link', { name: /gyldig e-postadresse/ }).click();
  await expect(page.getByLabel('E-postadresse')).toBeFocused();
});

test('sign up, sign out, sign in; add a film to the watch list and find it on Mi side after a token switch', async ({ page }) => {
  const member = newMember('flyt');
  await page.goto('/filmklubb/bli-medlem');
  await page.getByLabel('Namn').fill(member.name);
  await page.getByLabel('E-postadresse').fill(member.email);
  await page.getByLabel('Vel passord').fill(member.password);
  await page.getByRole('button', { name: 'Bli medlem' }).click();
  await expect(page).toHaveURL(/\/filmklubb\/mi-side$/);
  await expect(page.locator('.fc-mypage__who')).toContainText(`Logga inn som ${member.name}`);
  await expect(page.getByText('Ønskjelista er tom')).toBeVisible();
  await expect(page.locator('[data-filmclub-status]')).toContainText('Mi side');

  await page.getByRole('button', { name: 'Logg ut' }).click();
  await expect(page).toHaveURL(/\/filmklubb\/logg-inn$/);
  await expect(page.locator('[data-filmclub-status]')).toContainText('Logg inn');
  expect(await page.evaluate(() => localStorage.getItem('cw-profile'))).toBeNull();

  await signIn(page, member.email, member.password);
  await page.goto(FILM);
  const panel = await filmPanel(page);
  await expect(panel.getByText(/av 5/).first()).toBeVisible();
  await panel.getByRole('button', { name: 'Legg til i ønskjelista' }).click();
  await expect(panel.getByRole('status').filter({ hasText: 'er lagd i ønskjelista di' })).toBeVisible();
  // The button gives way to a note that takes the focus (never the page's body).
  await expect(panel.locator('.fc-onlist')).toContainText('På ønskjelista');
  await expect(panel.locator('.fc-onlist')).toBeFocused();

  await resetSandbox();
  await page.goto('/filmklubb/mi-side');
  await expect(page.locator('.fc-watchlist')).toContainText('Naustet');
  const requests = (await partnerRequests()).filter((request) => /^\/(switchTokensDx|watchlist)/.test(request.path));
  expect(requests.map((request) => request.path.split('?')[0])).toEqual(['/switchTokensDx', '/watchlist']);
  const profile = JSON.parse((await page.evaluate(() => localStorage.getItem('cw-profile'))) ?? '{}') as { token: string };
  expect(requests[0]?.headers['x-token']).toBe(profile.token);
});

test('Mi side shows the tickets with seats by row and a QR code a scanner reads back', async ({ page }) => {
  await signIn(page, demoMember.email, demoMember.password);
  const ticket = page.locator('.fc-ticket').first();
  await expect(ticket).toBeVisible();
  await expect(ticket).toContainText(/Rad \d+: plass/);
  await expect(ticket.locator('dt', { hasText: 'Sal' })).toBeVisible();
  const code = (await ticket.locator('.fc-ticket__code').textContent())?.replace('Billettkode: ', '').trim() ?? '';
  const qr = ticket.locator(':scope > svg.fc-qr');
  const box = await qr.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(220);
  const { data, info } = await sharp(await qr.screenshot())
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const decoded = jsQR(new Uint8ClampedArray(data), info.width, info.height);
  expect(decoded?.data).toContain(code);
  expect(code).not.toBe('');
});

test("Ada's slow tickets answer, arriving after Bo signed in in another tab, is neither shown nor kept under Bo", async ({ page, context }) => {
  const TICKETS = /\/tickets\?/;
  let adaAsked = () => {};
  const asked = new Promise<void>((resolve) => (adaAsked = resolve));
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let adaCodes: string[] = [];
  let calls = 0;
  // A slow partner, for Ada's tab only: her tickets answer is held until Bo has signed in; any
  // later tickets call in this tab fails, so only what the device keeps could be shown.
  await page.route(TICKETS, async (route) => {
    if (calls++ > 0) return route.abort('connectionrefused');
    const response = await route.fetch();
    adaCodes = ((await response.json()) as Record<string, unknown>[]).map((ticket) => String(ticket['QrCode'] ?? ticket['qrCode']));
    adaAsked();
    await released;
    await route.fulfill({ response });
  });
  await signIn(page, demoMember.email, demoMember.password);
  await asked;
  expect(adaCodes.length).toBeGreaterThan(0);

  const other = await context.newPage();
  const bo = await signUp(other, 'bo');
  await expect(other.locator('.fc-mypage__tickets')).toHaveAttribute('aria-busy', 'false');
  await expect(page.locator('.fc-mypage__who')).toContainText(bo.name);

  const answered = page.waitForEvent('requestfinished', (request) => TICKETS.test(request.url()));
  release();
  await answered;
  // Let the page take in the answer and render (two frames), then look.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect(page.locator('.fc-mypage__who')).toContainText(bo.name);
  const kept = (await page.evaluate(() => localStorage.getItem('cw-tickets'))) ?? '';
  for (const code of adaCodes) {
    await expect(page.locator('main')).not.toContainText(code);
    await expect(other.locator('main')).not.toContainText(code);
    expect(kept).not.toContain(code);
  }
  await other.close();
});

test('«Gløymt passordet?» opens with the e-mail address just typed on the sign-in form', async ({ page }) => {
  await page.goto('/filmklubb/logg-inn');
  await page.getByLabel('E-postadresse').fill(demoMember.email);
  // The hand-over is the island's: before it has hydrated (client:idle, late on a busy machine)
  // the link is a plain link and the member types the address again.
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.getByRole('link', { name: 'Gløymt passordet?' }).click();
  await expect(page).toHaveURL(/\/filmklubb\/gloymt-passord$/);
  await expect(page.getByLabel('E-postadresse')).toHaveValue(demoMember.email);
  // Handed over once: a later visit starts empty.
  await page.reload();
  await expect(page.getByLabel('E-postadresse')).toHaveValue('');
});

test('a forgotten password sends an e-mail and says so', async ({ page }) => {
  await resetSandbox();
  await page.goto('/filmklubb/gloymt-passord');
  await page.getByLabel('E-postadresse').fill(demoMember.email);
  await page.getByRole('button', { name: 'Send lenkje' }).click();
  await expect(page.locator('.fc-form').getByRole('status')).toContainText('Sjekk e-posten din');
  expect((await outbox()).map((mail) => mail.email)).toContain(demoMember.email);
});

const loginFailures: [string, Fault, RegExp][] = [
  ['a server error', { kind: 'status', status: 500 }, /Filmklubben har eit problem akkurat no/],
  ['a refused sign-in', { kind: 'status', status: 401 }, /E-postadressa eller passordet stemmer ikkje/],
  ['HTML instead of JSON', { kind: 'html' }, /Filmklubben har eit problem akkurat no/],
  ['a partner that is down', { kind: 'down' }, /Vi får ikkje kontakt med filmklubben/],
];

for (const [name, fault, message] of loginFailures) {
  test(`sign-in with ${name} shows a plain message, keeps the input, and works once the partner is back`, async ({ page }) => {
    await setFault(fault, 'login');
    await page.goto('/filmklubb/logg-inn');
    await page.getByLabel('E-postadresse').fill(demoMember.email);
    await page.getByLabel('Passord', { exact: true }).fill(demoMember.password);
    await page.getByRole('button', { name: 'Logg inn' }).click();
    const summary = page.locator('.fc-form').getByRole('alert');
    await expect(summary).toContainText(message);
    await expect(summary).toBeFocused();
    await expect(page.getByLabel('E-postadresse')).toHaveValue(demoMember.email);
    await setFault(null);
    await page.getByRole('button', { name: 'Logg inn' }).click();
    await expect(page).toHaveURL(/\/filmklubb\/mi-side$/);
  });
}

test('a partner that answers too slowly gets a plain message instead of an endless wait', async ({ page }) => {
  await setFault({ kind: 'slow', delayMs: 15_000 }, 'login');
  await page.goto('/filmklubb/logg-inn');
  await page.getByLabel('E-postadresse').fill(demoMember.email);
  await page.getByLabel('Passord', { exact: true }).fill(demoMember.password);
  await outwaitPartner(page, 'login', async () => {
    await page.getByRole('button', { name: 'Logg inn' }).click();
    await expect(page.locator('.fc-form').getByRole('status')).toContainText('Loggar inn');
  });
  await expect(page.locator('.fc-form').getByRole('alert')).toContainText('Filmklubben svarar ikkje');
});

test('a sign-in form used before its script has run neither submits natively nor loses what was typed', async ({ page }) => {
  // Hold every script of the page, as a slow connection would, until the visitor has typed.
  let release = () => {};
  const scriptsAllowed = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_astro/**/*.js', async (route) => {
    await scriptsAllowed;
    await route.continue();
  });
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.goto('/filmklubb/logg-inn', { waitUntil: 'commit' });
  await page.getByLabel('E-postadresse').fill(demoMember.email);
  await page.getByLabel('Passord', { exact: true }).fill(demoMember.password);
  const button = page.getByRole('button', { name: 'Logg inn' });
  await expect(button).toBeDisabled();
  await page.getByLabel('Passord', { exact: true }).press('Enter');
  release();
  await button.click();
  await expect(page).toHaveURL(/\/filmklubb\/mi-side$/);
  expect(requested.filter((url) => url.includes(encodeURIComponent(demoMember.password)) || url.includes('fc-password'))).toEqual([]);
});

test('failing reviews and watch list show plain messages; the rest of the page still works', async ({ page }) => {
  await setFault({ kind: 'status', status: 500 }, 'reviews');
  await page.goto(FILM);
  const panel = await filmPanel(page);
  await expect(panel).toContainText('Filmklubben har eit problem akkurat no');
  await expect(panel.getByText(/av 5/).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /Kjøp billett/ }).first()).toBeVisible();

  await setFault({ kind: 'status', status: 500 }, 'movieInfo');
  await page.reload();
  await expect(await filmPanel(page)).toContainText('Informasjon frå filmklubben er ikkje tilgjengeleg akkurat no');

  await setFault(null);
  await signIn(page, demoMember.email, demoMember.password);
  await setFault({ kind: 'html' }, 'watchlist');
  await page.reload();
  await expect(page.locator('section', { hasText: 'Ønskjelista di' })).toContainText('Filmklubben har eit problem akkurat no');
  await expect(page.locator('.fc-ticket').first()).toBeVisible();
  await page.getByRole('button', { name: 'Logg ut' }).click();
  await expect(page).toHaveURL(/logg-inn/);
});

test('a corrupt or foreign cw-profile counts as signed out and breaks no page', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  for (const stored of ['{"userName": "Kari", ', '{"theme":"dark"}', '"just text"']) {
    await page.goto('/');
    await page.evaluate((value) => localStorage.setItem('cw-profile', value), stored);
    for (const path of ['/', FILM, '/filmklubb/mi-side']) {
      await page.goto(path);
      await expect(page.locator('[data-filmclub-status]')).toContainText('Logg inn');
    }
    await expect(page.getByText('Du er ikkje logga inn.')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('cw-profile'))).toBeNull();
  }
  expect(errors).toEqual([]);
});

test('the header shows the signed-in state on a page without islands, which loads no React', async ({ page }) => {
  await signIn(page, demoMember.email, demoMember.password);
  // Leave Mi side (which hydrates React) completely first, so no late load of it is counted.
  await page.goto('about:blank');
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });
  await page.goto('/article/babysvomming');
  await expect(page.locator('[data-filmclub-status]')).toContainText('Mi side');
  await expect(page.locator('[data-filmclub-status]')).toHaveAttribute('href', '/filmklubb/mi-side');
  expect(await page.locator('astro-island').count()).toBe(0);
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  for (const url of scripts) {
    const body = await (await page.request.get(url)).text();
    expect(body, url).not.toMatch(/react-dom|__reactFiber|react\.transitional\.element/);
  }
});
