/**
 * What members meet in real life (issue 26): a session the partner ends, posters from the
 * partner's own picture host, an add the partner declines, and counts of one and of several.
 * The built site (nginx) against the partner sandbox; the sandbox's switches act on every
 * client, so filmclub.spec.ts imports these and runs them one by one with its own.
 */
import { readFileSync } from 'node:fs';
import jsQR from 'jsqr';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { axeViolations, expect as baseExpect, test } from './fixtures';
import { demoMember, signUp, setFault, type Fault } from './filmclub-helpers';

/** Islands hydrate when the browser is idle, which on a busy machine can take a while. */
const expect = baseExpect.configure({ timeout: 15_000 });

const NAUSTET = '/naustet-q9y74';
const refused: Fault = { kind: 'status', status: 401 };
/** The partner's picture host, as scripts/e2e.mjs configures it for partner 118. */
const PICTURE_HOST = 'https://bilete.filmklubb-118.example';

test.afterEach(async () => {
  await setFault(null);
});

const panelOf = (page: Page) => page.locator('.fc-panel');
const watchSection = (page: Page) => page.locator('section', { has: page.getByRole('heading', { name: 'Ønskjelista di' }) });
const ticketsSection = (page: Page) => page.locator('section', { has: page.getByRole('heading', { name: 'Billettane dine' }) });

async function expectFocusKept(page: Page) {
  expect(await page.evaluate(() => document.activeElement !== null && document.activeElement !== document.body)).toBe(true);
}

/** Records every CSP violation the page reports, from the first script on. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspSeen: string[] }).cspSeen = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { cspSeen: string[] }).cspSeen);
}

test('a session the partner ends: every tab learns of it, the sign-in form explains, and the add is done on the film page', async ({ page, context }) => {
  test.setTimeout(120_000);
  const member = await signUp(page, 'utlopt');
  const other = await context.newPage();
  await other.goto('/filmklubb/mi-side');
  await expect(other.locator('.fc-mypage__who')).toContainText(member.name);

  await page.goto(NAUSTET);
  const panel = panelOf(page);
  const add = panel.getByRole('button', { name: 'Legg til i ønskjelista' });
  await expect(add).toBeVisible();
  // The partner no longer accepts the member: the add is refused before and after a token switch.
  await setFault(refused, 'addMovieToWatchList');
  await add.click();
  const note = panel.locator('.fc-problem', { hasText: 'Økta di i filmklubben gjekk ut' });
  await expect(note).toBeFocused();
  await expectFocusKept(page);
  // The token is gone from the device; the name and address stay to fill in the form.
  expect(await page.evaluate(() => localStorage.getItem('cw-profile'))).toBeNull();
  const ended = await page.evaluate(() => localStorage.getItem('cw-session-ended'));
  expect(JSON.parse(ended ?? '{}')).toEqual({ userName: member.name, email: member.email });
  await expect(page.locator('[data-filmclub-status]')).toContainText('Logg inn');

  // The other tab hears of it at once.
  await expect(other.locator('.fc-card')).toContainText('Økta di i filmklubben gjekk ut');
  await expect(other.locator('.fc-ticket')).toHaveCount(0);
  await expect(other.locator('[data-filmclub-status]')).toContainText('Logg inn');
  await other.close();

  await setFault(null);
  await note.getByRole('link', { name: 'Logg inn på nytt' }).click();
  await expect(page).toHaveURL(/\/filmklubb\/logg-inn\?tilbake=/);
  await expect(page.locator('.fc-notice')).toContainText('Økta di i filmklubben gjekk ut');
  await expect(page.getByLabel('E-postadresse')).toHaveValue(member.email);
  expect(await axeViolations(page), 'sign-in after the session ended').toEqual([]);
  await page.getByLabel('Passord', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Logg inn' }).click();

  // Back on the film page, signed in, with the film added.
  await expect(page).toHaveURL(new RegExp(`${NAUSTET}$`));
  await expect(panelOf(page).locator('.fc-onlist')).toContainText('På ønskjelista');
  await expect(panelOf(page).locator('.fc-onlist')).toBeFocused();
  expect(await page.evaluate(() => localStorage.getItem('cw-session-ended'))).toBeNull();
  await page.goto('/filmklubb/mi-side');
  await expect(page.locator('.fc-watchlist')).toContainText('Naustet');
});

test('Mi side whose tickets and token switch are refused says the session ended and offers the form', async ({ page }) => {
  await signUp(page, 'misideutlopt');
  await setFault(refused, 'tickets');
  await setFault(refused, 'switchTokensDx');
  await page.reload();
  const card = page.locator('.fc-card');
  await expect(card).toContainText('Økta di i filmklubben gjekk ut');
  expect(await axeViolations(page), 'Mi side after the session ended').toEqual([]);
  await card.getByRole('link', { name: 'Logg inn på nytt' }).click();
  await expect(page).toHaveURL(/\/filmklubb\/logg-inn\?tilbake=\/filmklubb\/mi-side$/);
  await expect(page.locator('form.fc-form')).toBeVisible();
});

test('a poster from the partner’s own picture host shows, with no CSP violation', async ({ page }) => {
  const violations = await watchViolations(page);
  const picture = readFileSync('public/media/productions/naustet-poster.webp');
  const asked: string[] = [];
  await page.route(`${PICTURE_HOST}/**`, async (route) => {
    asked.push(route.request().url());
    await route.fulfill({ body: picture, contentType: 'image/webp' });
  });
  await page.route('**/movieInfo?**', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...body, Poster: `${PICTURE_HOST}/plakat/naustet.webp` } });
  });
  await page.goto(NAUSTET);
  await expect(panelOf(page).locator('.fc-movie')).toBeVisible();
  await panelOf(page).locator('.fc-movie').scrollIntoViewIfNeeded();
  const poster = panelOf(page).locator('img.fc-poster');
  await expect(poster).toHaveAttribute('src', `${PICTURE_HOST}/plakat/naustet.webp`);
  await expect.poll(() => poster.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  expect(asked).toEqual([`${PICTURE_HOST}/plakat/naustet.webp`]);
  expect(await violations()).toEqual([]);
});

test('an add the partner declines says so, not that the partner is unreachable', async ({ page }) => {
  await signUp(page, 'avslag');
  await page.route('**/addMovieToWatchList?**', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: 'false', contentType: 'application/json' });
  });
  await page.goto(NAUSTET);
  const panel = panelOf(page);
  await panel.getByRole('button', { name: 'Legg til i ønskjelista' }).click();
  await expect(panel.locator('.fc-problem')).toContainText('Filmklubben svarte at filmen ikkje kunne leggjast i ønskjelista no');
  await expect(panel).not.toContainText('Vi får ikkje kontakt');
  await expect(panel.getByRole('button', { name: /Prøv igjen å leggje/ })).toBeFocused();
});

test('counts read «1 film», «2 filmar», «1 billett», «1 omtale» and «2 omtalar»', async ({ page }) => {
  test.setTimeout(120_000);
  // One film on a new member's list, then two; a new member has one ticket.
  await signUp(page, 'tal');
  await page.goto(NAUSTET);
  await panelOf(page).getByRole('button', { name: 'Legg til i ønskjelista' }).click();
  await expect(panelOf(page).locator('.fc-onlist')).toBeFocused();
  await setFault({ kind: 'html' }, 'watchlist');
  await setFault({ kind: 'html' }, 'tickets');
  await page.goto('/filmklubb/mi-side');
  await expect(watchSection(page).locator('.fc-problem')).toBeVisible();
  await setFault(null);
  await watchSection(page)
    .getByRole('button', { name: /Prøv igjen/ })
    .click();
  await expect(watchSection(page).getByRole('status')).toHaveText('Ønskjelista er henta: 1 film.');
  await ticketsSection(page)
    .getByRole('button', { name: /Prøv igjen/ })
    .click();
  await expect(ticketsSection(page).getByRole('status')).toHaveText('Billettane dine er henta: 1 billett.');

  await page.goto('/alt-vi-ikkje-sa-qy4zf');
  await panelOf(page).getByRole('button', { name: 'Legg til i ønskjelista' }).click();
  await expect(panelOf(page).locator('.fc-onlist')).toBeFocused();
  await setFault({ kind: 'html' }, 'watchlist');
  await page.goto('/filmklubb/mi-side');
  await expect(watchSection(page).locator('.fc-problem')).toBeVisible();
  await setFault(null);
  await watchSection(page)
    .getByRole('button', { name: /Prøv igjen/ })
    .click();
  await expect(watchSection(page).getByRole('status')).toHaveText('Ønskjelista er henta: 2 filmar.');

  // One and two reviews beyond the first two the panel shows (FilmClubPanel's FIRST_REVIEWS).
  for (const [total, text] of [
    [3, 'Vis 1 omtale til'],
    [4, 'Vis 2 omtalar til'],
  ] as const) {
    await page.unrouteAll();
    await page.route('**/reviews?**', async (route) => {
      const response = await route.fetch();
      const reviews = (await response.json()) as unknown[];
      expect(reviews.length).toBeGreaterThanOrEqual(total);
      await route.fulfill({ response, json: reviews.slice(0, total) });
    });
    await page.goto('/alt-vi-ikkje-sa-qy4zf');
    await expect(panelOf(page).getByRole('button', { name: text })).toBeVisible();
  }
});

test('the signed-in sign-in page offers the way back and signing in again, as anyone: no word of an ended session, no address filled in', async ({ page }) => {
  await page.goto('/filmklubb/logg-inn');
  await page.getByLabel('E-postadresse').fill(demoMember.email);
  await page.getByLabel('Passord', { exact: true }).fill(demoMember.password);
  await page.getByRole('button', { name: 'Logg inn' }).click();
  await expect(page).toHaveURL(/\/filmklubb\/mi-side$/);
  await page.goto(`/filmklubb/logg-inn?tilbake=${encodeURIComponent(NAUSTET)}`);
  await expect(page.getByRole('link', { name: 'Gå tilbake dit du var' })).toHaveAttribute('href', NAUSTET);
  await page.getByRole('button', { name: 'Logg inn på nytt' }).click();
  // Someone else may want to sign in: the form starts empty, at the e-mail field.
  await expect(page.getByLabel('E-postadresse')).toBeFocused();
  await expect(page.getByLabel('E-postadresse')).toHaveValue('');
  await expect(page.locator('main')).not.toContainText('gjekk ut');
  await expect(page.locator('.fc-notice')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('cw-profile'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('cw-session-ended'))).toBeNull();
});

/** Waits until the service worker controls the page, so what the page loads from now on is kept. */
async function waitForWorker(page: Page) {
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
}

async function decodeQr(qr: import('@playwright/test').Locator): Promise<string | undefined> {
  const { data, info } = await sharp(await qr.screenshot())
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

const ticketCodes = (page: Page) =>
  page.locator('.fc-ticket .fc-ticket__code').evaluateAll((codes) => codes.map((code) => (code.textContent ?? '').replace('Billettkode: ', '').trim()));

async function signInAs(page: Page, email: string, password: string) {
  await page.goto('/filmklubb/logg-inn');
  await page.getByLabel('E-postadresse').fill(email);
  await page.getByLabel('Passord', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Logg inn' }).click();
  await expect(page).toHaveURL(/\/filmklubb\/mi-side$/);
}

test.describe(() => {
  // Kept by the service worker, which playwright.config.ts blocks elsewhere.
  test.use({ serviceWorkers: 'allow' });

  test('tickets at the door without a signal: every upcoming ticket with a readable QR code, kept for that member only', async ({ page, context }) => {
    test.setTimeout(180_000);
    await page.goto('/filmklubb/logg-inn');
    await waitForWorker(page);
    await signInAs(page, demoMember.email, demoMember.password);
    await expect(page.locator('.fc-ticket').first()).toBeVisible();
    // Once more under the worker, as a member who opened Mi side before would have.
    await page.reload();
    await expect(page.locator('.fc-ticket').first()).toBeVisible();
    const online = await ticketCodes(page);
    expect(online.length).toBeGreaterThan(1);

    await context.setOffline(true);
    await page.reload();
    await expect(page.locator('.fc-notice')).toContainText('Sist henta måndag 23. november kl. 10.00');
    // The partner cannot be reached: that is said above the kept tickets (and moves them no more).
    await expect(ticketsSection(page).locator('.fc-problem')).toContainText('Vi får ikkje kontakt med filmklubben');
    expect(await ticketCodes(page)).toEqual(online);
    for (const [index, code] of online.entries()) {
      const ticket = page.locator('.fc-ticket').nth(index);
      await ticket.getByRole('button', { name: /^Vis billett/ }).click();
      const view = page.locator('dialog.fc-ticket-view[open]');
      await expect(view).toBeVisible();
      await expect(view.getByRole('button', { name: 'Lukk' })).toBeFocused();
      await expect(view).toContainText(/Soltun scene|Wickssalen/);
      await expect(view).toContainText(/Rad \d+: plass/);
      const qr = view.locator('svg.fc-qr');
      // Large, and whole on the screen (nothing to scroll at the door).
      const box = await qr.boundingBox();
      expect(box?.width).toBeGreaterThanOrEqual(280);
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(page.viewportSize()?.height ?? 0);
      expect(await decodeQr(qr)).toContain(code);
      if (index === 0) expect(await axeViolations(page), 'Vis billett, offline').toEqual([]);
      await page.keyboard.press('Escape');
      await expect(view).toBeHidden();
      await expect(ticket.getByRole('button', { name: /^Vis billett/ })).toBeFocused();
    }
    expect(await axeViolations(page), 'Mi side offline').toEqual([]);
    // A film page works offline too, and still knows the member.
    await page.goto(NAUSTET);
    await expect(page.locator('h1')).toContainText('Naustet');
    await expect(page.locator('[data-filmclub-status]')).toContainText('Mi side');
    await page.goto('/filmklubb/mi-side');
    expect(await ticketCodes(page)).toEqual(online);

    // A showing that is over is gone: the first ticket's end passes.
    const firstEnd = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('cw-tickets') ?? '{}') as { tickets: { expirationDate: string }[] }).tickets[0]?.expirationDate,
    );
    await page.clock.setFixedTime(new Date(Date.parse(firstEnd ?? '') + 60_000));
    await page.reload();
    await expect(page.locator('.fc-ticket')).toHaveCount(online.length - 1);
    expect(await ticketCodes(page)).toEqual(online.slice(1));
    // Gone from the device too, not only from the list: its code is no longer kept.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('cw-tickets') ?? '')).not.toContain(online[0]!);
    await context.setOffline(false);
  });
});

test('tickets kept on the device go at sign-out, when the session ends, and when another member signs in', async ({ page }) => {
  test.setTimeout(120_000);
  const kept = () => page.evaluate(() => localStorage.getItem('cw-tickets'));
  const other = await signUp(page, 'annan');
  await page.getByRole('button', { name: 'Logg ut' }).click();
  await expect(page).toHaveURL(/logg-inn/);

  // Sign-out.
  await signInAs(page, demoMember.email, demoMember.password);
  await expect(page.locator('.fc-ticket').first()).toBeVisible();
  const codes = await ticketCodes(page);
  expect(await kept()).toContain(codes[0]);
  await page.getByRole('button', { name: 'Logg ut' }).click();
  await expect(page).toHaveURL(/logg-inn/);
  expect(await kept()).toBeNull();

  // The partner ends the session (401 even after the token switch).
  await signInAs(page, demoMember.email, demoMember.password);
  await expect(page.locator('.fc-ticket').first()).toBeVisible();
  expect(await kept()).toContain(codes[0]);
  await setFault(refused, 'tickets');
  await setFault(refused, 'switchTokensDx');
  await page.reload();
  await expect(page.locator('.fc-card')).toContainText('Økta di i filmklubben gjekk ut');
  expect(await kept()).toBeNull();
  await setFault(null);

  // Another member signs in on the same device.
  await signInAs(page, demoMember.email, demoMember.password);
  await expect(page.locator('.fc-ticket').first()).toBeVisible();
  await page.goto('/filmklubb/logg-inn');
  await page.getByRole('button', { name: 'Logg inn på nytt' }).click();
  await page.getByLabel('E-postadresse').fill(other.email);
  await page.getByLabel('Passord', { exact: true }).fill(other.password);
  await page.getByRole('button', { name: 'Logg inn' }).click();
  await expect(page).toHaveURL(/\/filmklubb\/mi-side$/);
  await expect(page.locator('.fc-ticket')).toHaveCount(1);
  for (const code of codes) expect((await kept()) ?? '').not.toContain(code);
  expect(await ticketCodes(page)).not.toContain(codes[0]);
});

test('Legg i kalender gives a calendar file of the ticket', async ({ page }) => {
  await signInAs(page, demoMember.email, demoMember.password);
  const ticket = page.locator('.fc-ticket').first();
  await expect(ticket).toBeVisible();
  const code = (await ticketCodes(page))[0] ?? '';
  const [download] = await Promise.all([page.waitForEvent('download'), ticket.getByRole('link', { name: /i kalenderen$/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^kino-[a-z0-9-]+-\d{4}-\d\d-\d\d\.ics$/);
  const text = readFileSync((await download.path()) ?? '', 'utf8').replace(/\r\n /g, '');
  expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(text).toMatch(/\r\nDTSTART:\d{8}T\d{6}Z\r\n/);
  expect(text).toContain(`Billettkode: ${code}`);
});

test('the watch list shows each film’s next showing with its ticket link, or that it is not on the programme now', async ({ page }) => {
  await signUp(page, 'neste');
  await page.goto(NAUSTET);
  const firstTicket = page.getByRole('link', { name: /^Kjøp billett til Naustet, / }).first();
  await expect(firstTicket).toBeVisible();
  const ticketUrl = await firstTicket.getAttribute('href');
  await panelOf(page).getByRole('button', { name: 'Legg til i ønskjelista' }).click();
  await expect(panelOf(page).locator('.fc-onlist')).toBeFocused();
  // The partner also lists a film the site's programme does not have.
  await page.route('**/watchlist?**', async (route) => {
    const response = await route.fetch();
    const items = (await response.json()) as unknown[];
    await route.fulfill({ response, json: [...items, { MovieId: 100001, Title: 'Gammal klassikar', Edis: ['100001'], Poster: null, Link: null }] });
  });
  await page.goto('/filmklubb/mi-side');
  const naustet = page.locator('.fc-watchitem', { hasText: 'Naustet' });
  await expect(naustet.getByRole('link', { name: 'Naustet', exact: true })).toHaveAttribute('href', NAUSTET);
  const next = naustet.getByRole('link', { name: /^Kjøp billett til Naustet, [a-zæøå]+\. \d+\. [a-zæøå]+\.? kl\. \d\d\.\d\d$/ });
  await expect(next).toHaveAttribute('href', ticketUrl ?? '');
  // Like every ticket link, it carries the film as an analytics item, so a click reports BUY_TICKET.
  await expect(next).toHaveAttribute('data-ticket-link', '');
  await expect(next).toHaveAttribute('data-item-name', 'Naustet');
  await expect(next).toHaveAttribute('data-item-list', 'Ønskjeliste');
  await expect(next).toHaveAttribute('data-item-id', /\S/);
  await expect(page.locator('.fc-watchitem', { hasText: 'Gammal klassikar' })).toContainText('Ikkje på programmet no');
  expect(await axeViolations(page), 'Mi side with next showings').toEqual([]);
});

test('days after the build, the watch list still names the next showing on sale, up to the programme’s horizon', async ({ page }) => {
  // Naustet's fourth showing after the build day is on 4 December; the page once carried three
  // showings a film, and from the evening of 3 December it said the film was not on the programme.
  const events = JSON.parse(readFileSync('content/events.json', 'utf8')) as { startTime: string; ticketUrl: string; production: { pageReference?: string } }[];
  const fourth = events.find((candidate) => candidate.production.pageReference === 'naustet-q9y74' && candidate.startTime === '2026-12-04T20:30:00+01:00');
  expect(fourth, 'the demo content has Naustet on 4 December').toBeTruthy();
  await signUp(page, 'dagar');
  await page.goto(NAUSTET);
  await panelOf(page).getByRole('button', { name: 'Legg til i ønskjelista' }).click();
  await expect(panelOf(page).locator('.fc-onlist')).toBeFocused();
  await page.clock.setFixedTime(new Date('2026-12-03T21:00:00+01:00'));
  await page.goto('/filmklubb/mi-side');
  const naustet = page.locator('.fc-watchitem', { hasText: 'Naustet' });
  const next = naustet.getByRole('link', { name: /^Kjøp billett til Naustet, fr\. 4\. des\. kl\. 20\.30$/ });
  await expect(next).toHaveAttribute('href', fourth?.ticketUrl ?? '');
  await expect(naustet).not.toContainText('Ikkje på programmet no');
});
