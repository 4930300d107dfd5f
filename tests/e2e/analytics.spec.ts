/**
 * Analytics with consent: before the visitor says yes, nothing reaches the data layer, storage
 * or any analytics host; after, production pages push view_item and ticket clicks push exactly
 * the specified content selection while the browser goes straight on to the ticket provider.
 * The tag manager and pixel scripts are answered by stubs here (no test talks to Google or Meta).
 */
import { readFileSync } from 'node:fs';
import type { Page, Request } from '@playwright/test';
import { ANALYTICS_HOST_PATTERN } from '../../src/lib/analytics/services';
import { CONSENT_KEY } from '../../src/lib/analytics/consent';
import { axeViolations, expect, scanBudget, test } from './fixtures';

interface ProductionRecord {
  id: string;
  title: string;
  pageReference: string;
  object: 'movie' | 'culture';
  features: { genres?: string[]; category?: string };
}
const productions = JSON.parse(readFileSync('content/productions.json', 'utf8')) as ProductionRecord[];
const config = JSON.parse(readFileSync('content/config.json', 'utf8')) as { analytics: { pixelId: string } };
const BRAND = 'Kulturhuset Kaia';

function expectedItem(path: string, listName: string, index = 1) {
  const production = productions.find((record) => `/${record.pageReference}` === path.replace(/\/$/, ''));
  if (!production) throw new Error(`no production at ${path}`);
  return {
    item_id: production.id,
    item_name: production.title,
    item_brand: BRAND,
    item_list_name: listName,
    item_category: production.object === 'movie' ? production.features.genres?.[0] : production.features.category,
    index,
  };
}

/** Answers analytics hosts with stubs (the tag manager one sets a _ga cookie) and records every request to them. */
async function stubAnalytics(page: Page): Promise<Request[]> {
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (ANALYTICS_HOST_PATTERN.test(new URL(request.url()).hostname)) requests.push(request);
  });
  await page.route(
    (url) => ANALYTICS_HOST_PATTERN.test(url.hostname),
    (route) => {
      const gtm = route.request().url().includes('googletagmanager.com');
      return route.fulfill({ contentType: 'text/javascript', body: gtm ? "document.cookie = '_ga=GA1.1.4242.1; path=/';" : '/* pixel stub */' });
    },
  );
  return requests;
}

/** The ticket provider, answered locally. */
async function stubTicketProvider(page: Page): Promise<void> {
  await page.route('https://billett.example/**', (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: '<!doctype html><html lang="nn"><title>Billettsal</title><h1>Billettsal</h1></html>' }),
  );
}

/** The first showing in a list that offers a ticket: its production page and ticket link. */
async function firstOnSale(page: Page, listPath: string) {
  await page.goto(listPath);
  const showing = page.locator('.programme [data-showing-group]', { has: page.locator('a[data-ticket-link]') }).first();
  const productionPath = (await showing.locator('.programme-item__title a').getAttribute('href')) ?? '';
  const ticket = showing.locator('a[data-ticket-link]').first();
  const ticketUrl = (await ticket.getAttribute('href')) ?? '';
  return { productionPath, ticket, ticketUrl };
}

/**
 * Mirrors every data-layer push of the current document, and whether a click was held back,
 * to the test as they happen, so they are seen even when the page navigates away at once.
 */
async function pushRecorder(page: Page) {
  const pushes: unknown[] = [];
  const prevented: boolean[] = [];
  await page.exposeBinding('__recordPush', (_source, entry: unknown) => void pushes.push(entry));
  await page.exposeBinding('__recordClick', (_source, value: boolean) => void prevented.push(value));
  const attach = async () => {
    pushes.length = 0;
    prevented.length = 0;
    await page.evaluate(() => {
      const target = window as unknown as { dataLayer: unknown[]; __recordPush(entry: unknown): void; __recordClick(value: boolean): void };
      const original = target.dataLayer.push.bind(target.dataLayer);
      target.dataLayer.push = (...entries: unknown[]) => {
        for (const entry of entries) target.__recordPush(JSON.parse(JSON.stringify(entry)));
        return original(...entries);
      };
      // Bubbling on window runs after every page listener: whether anyone held the click back.
      window.addEventListener('click', (event) => target.__recordClick(event.defaultPrevented));
    });
  };
  return { pushes, prevented, attach };
}

const dataLayer = (page: Page) => page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer);

test('before consent nothing reaches the data layer, storage or any analytics host, also on a ticket click', async ({ page, context }) => {
  const requests = await stubAnalytics(page);
  await stubTicketProvider(page);
  const { productionPath, ticket, ticketUrl } = await firstOnSale(page, '/kinoprogram');
  await expect(page.getByRole('dialog', { name: 'Informasjonskapslar og statistikk' })).toBeVisible();
  await ticket.click();
  await page.waitForURL(ticketUrl);

  await page.goto(productionPath);
  await expect(page.locator('[data-view-item]')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Godta statistikk' })).toBeVisible();
  expect(await dataLayer(page)).toBeUndefined();
  expect(await page.evaluate(() => 'fbq' in window || 'google_tag_manager' in window)).toBe(false);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  expect(await context.cookies()).toEqual([]);
  expect(requests.map((request) => request.url())).toEqual([]);
});

test('a stored value that is not a valid choice counts as none', async ({ page }) => {
  const requests = await stubAnalytics(page);
  await page.addInitScript((key) => localStorage.setItem(key, '{"version":1,"choice":"granted"'), CONSENT_KEY);
  await page.goto('/kinoprogram');
  await expect(page.getByRole('dialog', { name: 'Informasjonskapslar og statistikk' })).toBeVisible();
  expect(await dataLayer(page)).toBeUndefined();
  expect(requests).toEqual([]);
});

test('after consent a production page pushes view_item, and tag manager and pixel load', async ({ page }) => {
  const requests = await stubAnalytics(page);
  const { productionPath } = await firstOnSale(page, '/kinoprogram');
  await page.goto(productionPath);
  await page.getByRole('button', { name: 'Godta statistikk' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Du har godteke statistikk' })).toHaveCount(1);

  const item = expectedItem(productionPath, 'Filmside');
  await expect
    .poll(() => dataLayer(page))
    .toEqual([{ 'gtm.start': expect.any(Number), event: 'gtm.js' }, { ecommerce: null }, { event: 'view_item', ecommerce: { items: [item] } }]);
  await expect
    .poll(() => requests.map((request) => request.url()).sort())
    .toEqual(['https://connect.facebook.net/en_US/fbevents.js', 'https://www.googletagmanager.com/gtm.js?id=GTM-KAIATEST']);
  const pixel = await page.evaluate(() => (window as unknown as { fbq: { queue: unknown[][] } }).fbq.queue);
  expect(pixel).toEqual([
    ['init', config.analytics.pixelId],
    ['track', 'PageView'],
    ['track', 'ViewContent', { content_ids: [item.item_id], content_name: item.item_name, content_category: item.item_category, content_type: 'product' }],
  ]);

  // The choice is remembered: the next page reports at once and does not ask again.
  await page.reload();
  await expect.poll(() => dataLayer(page)).toHaveLength(3);
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('a ticket click pushes exactly the content selection and still navigates at once', async ({ page }) => {
  await stubAnalytics(page);
  await stubTicketProvider(page);
  const { productionPath, ticket, ticketUrl } = await firstOnSale(page, '/kinoprogram');
  await page.getByRole('button', { name: 'Godta statistikk' }).click();
  await expect.poll(() => dataLayer(page)).toHaveLength(1);
  const { pushes, prevented, attach } = await pushRecorder(page);
  await attach();

  await ticket.click();
  await page.waitForURL(ticketUrl);
  await expect(page.getByRole('heading', { name: 'Billettsal' })).toBeVisible();
  expect(prevented).toEqual([false]);
  expect(pushes).toEqual([{ ecommerce: null }, { event: 'select_content', ecommerce: { items: [expectedItem(productionPath, 'Kinoprogram')] } }]);
});

test('ticket clicks name their list: the culture programme and a production page', async ({ page }) => {
  await stubAnalytics(page);
  await stubTicketProvider(page);
  const culture = await firstOnSale(page, '/kulturprogram');
  await page.getByRole('button', { name: 'Godta statistikk' }).click();
  await expect.poll(() => dataLayer(page)).toHaveLength(1);
  const recorded = await pushRecorder(page);
  await recorded.attach();
  await culture.ticket.click();
  await page.waitForURL(culture.ticketUrl);
  expect(recorded.pushes.at(-1)).toEqual({ event: 'select_content', ecommerce: { items: [expectedItem(culture.productionPath, 'Kulturprogram')] } });

  await page.goto(culture.productionPath);
  await expect.poll(() => dataLayer(page)).toHaveLength(3);
  await recorded.attach();
  const ticket = page.locator('main a[data-ticket-link]').first();
  const ticketUrl = (await ticket.getAttribute('href')) ?? '';
  await ticket.click();
  await page.waitForURL(ticketUrl);
  expect(recorded.pushes).toEqual([
    { ecommerce: null },
    { event: 'select_content', ecommerce: { items: [expectedItem(culture.productionPath, 'Arrangementsside')] } },
  ]);
});

test('ticket links in the search results report their film or event from the list «Søk»', async ({ page }) => {
  await stubAnalytics(page);
  await stubTicketProvider(page);
  await page.goto('/search?q=Naustet');
  await page.getByRole('button', { name: 'Godta statistikk' }).click();
  await expect.poll(() => dataLayer(page)).toHaveLength(1);
  const recorded = await pushRecorder(page);
  await recorded.attach();
  // Clicks the ticket link of the result whose title is `title`, and waits for the provider's page.
  const buyFromResult = async (title: string) => {
    const result = page.locator('.search-result').filter({ has: page.getByRole('link', { name: title, exact: true }) });
    const ticket = result.getByRole('link', { name: /^Kjøp billett/ });
    const ticketUrl = (await ticket.getAttribute('href')) ?? '';
    await ticket.click();
    await page.waitForURL(ticketUrl);
  };
  await buyFromResult('Naustet');
  expect(recorded.prevented).toEqual([false]);
  expect(recorded.pushes).toEqual([{ ecommerce: null }, { event: 'select_content', ecommerce: { items: [expectedItem('/naustet-q9y74', 'Søk')] } }]);

  // A culture event's ticket link names its programme category.
  await page.goto('/search?q=Saltvatn');
  await expect.poll(() => dataLayer(page)).toHaveLength(1);
  await recorded.attach();
  await buyFromResult('Saltvatn i konsert');
  expect(recorded.pushes).toEqual([{ ecommerce: null }, { event: 'select_content', ecommerce: { items: [expectedItem('/saltvatn-i-konsert-gg45j', 'Søk')] } }]);
});

test('the consent dialog works by keyboard, reopens from the footer, and withdrawing stops reporting', async ({ page, context }) => {
  const requests = await stubAnalytics(page);
  await stubTicketProvider(page);
  await page.goto('/kinoprogram');
  const dialog = page.getByRole('dialog', { name: 'Informasjonskapslar og statistikk' });

  // Right after the skip link, without taking focus or covering anything.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Hopp til hovudinnhaldet' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.locator('summary', { hasText: 'Les meir' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Godta statistikk' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  // Focus goes to the start of the page (the skip link), so the next Tab reaches the header.
  await expect(page.getByRole('link', { name: 'Hopp til hovudinnhaldet' })).toBeFocused();
  await expect.poll(() => dataLayer(page)).toHaveLength(1);
  await expect.poll(async () => (await context.cookies()).map((cookie) => cookie.name)).toContain('_ga');

  const reopen = page.getByRole('contentinfo').getByRole('button', { name: 'Personvern og informasjonskapslar' });
  await reopen.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('p', { hasText: 'Informasjonskapslar og statistikk' })).toBeFocused();
  await expect(dialog).toContainText('No har du godteke statistikk.');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(reopen).toBeFocused();

  // Withdrawing: the tag manager was loaded into this page, so the page reloads without it.
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Berre nødvendige' }).focus();
  const before = requests.length;
  await Promise.all([page.waitForEvent('load'), page.keyboard.press('Enter')]);
  await expect(dialog).toBeHidden();
  expect(await dataLayer(page)).toBeUndefined();
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('_ga');
  const stored = await page.evaluate((key) => localStorage.getItem(key), CONSENT_KEY);
  expect(JSON.parse(stored ?? '{}')).toMatchObject({ choice: 'denied' });
  const ticket = page.locator('a[data-ticket-link]').first();
  const ticketUrl = (await ticket.getAttribute('href')) ?? '';
  await ticket.click();
  await page.waitForURL(ticketUrl);
  expect(requests.length).toBe(before);
});

test('on a 390 × 844 phone the question takes at most a third of the screen, the rest behind Les meir', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const dialog = page.getByRole('dialog', { name: 'Informasjonskapslar og statistikk' });
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box?.height).toBeLessThanOrEqual(844 / 3);
  // The page's own heading starts on the first screen, below the question.
  const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
  expect(heading?.y).toBeLessThan(844);
  // The two answers are equal: side by side, the same size.
  const accept = await dialog.getByRole('button', { name: 'Godta statistikk' }).boundingBox();
  const deny = await dialog.getByRole('button', { name: 'Berre nødvendige' }).boundingBox();
  expect(accept && deny && Math.abs(accept.width - deny.width) < 1 && Math.abs(accept.y - deny.y) < 1).toBe(true);
  // Les meir opens the full explanation with its link, and the choice still works.
  const more = dialog.getByRole('link', { name: 'Les meir om informasjonskapslar' });
  await expect(more).toBeHidden();
  await dialog.locator('summary', { hasText: 'Les meir' }).click();
  await expect(more).toBeVisible();
  await dialog.getByRole('button', { name: 'Berre nødvendige' }).click();
  await expect(dialog).toBeHidden();
  expect(JSON.parse((await page.evaluate((key) => localStorage.getItem(key), CONSENT_KEY)) ?? '{}')).toMatchObject({ choice: 'denied' });
});

test('the question comes after the page heading in the heading order, and the dialog itself is no Tab stop', async ({ page }) => {
  await page.goto('/kinoprogram');
  const dialog = page.getByRole('dialog', { name: 'Informasjonskapslar og statistikk' });
  await expect(dialog).toBeVisible();
  // The first heading a screen reader lists is the page's own h1, not the consent question.
  await expect(page.getByRole('heading').first()).toHaveJSProperty('localName', 'h1');
  await expect(dialog.getByRole('heading')).toHaveCount(0);
  // WebKit and Firefox stop on an open <dialog> without tabindex (Chromium does not): it says -1.
  await expect(dialog).toHaveAttribute('tabindex', '-1');
  // By keyboard: the skip link, then the dialog's first control.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(dialog.locator('summary', { hasText: 'Les meir' })).toBeFocused();
});

/** The focused element's focus ring (its box grown by outline offset and width), and whether it is drawn. */
async function focusRing(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const style = getComputedStyle(element);
    const grow = Number.parseFloat(style.outlineOffset) + Number.parseFloat(style.outlineWidth);
    const box = element.getBoundingClientRect();
    return {
      drawn: element.matches(':focus-visible') && style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0,
      onScreen: box.top - grow >= 0 && box.left - grow >= 0 && box.bottom + grow <= window.innerHeight && box.right + grow <= window.innerWidth,
    };
  });
}

test('on a phone, focus in the consent question is always on screen with its ring, first shown or reopened', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 568 });
  await page.goto('/kinoprogram');
  const dialog = page.getByRole('dialog', { name: 'Informasjonskapslar og statistikk' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  // The first stop after the skip link is a control, never the dialog box itself.
  await expect(dialog.locator('summary', { hasText: 'Les meir' })).toBeFocused();
  expect(await focusRing(page)).toEqual({ drawn: true, onScreen: true });
  await page.keyboard.press('Tab');
  expect(await focusRing(page)).toEqual({ drawn: true, onScreen: true });
  await dialog.getByRole('button', { name: 'Berre nødvendige' }).press('Enter');
  await expect(dialog).toBeHidden();
  // Reopened from the footer, far down: focus goes to the question at the top, scrolled into view.
  const reopen = page.getByRole('contentinfo').getByRole('button', { name: 'Personvern og informasjonskapslar' });
  await reopen.focus();
  await page.keyboard.press('Enter');
  const question = dialog.locator('[data-consent-question]');
  await expect(question).toBeFocused();
  // (The page may scroll there smoothly: wait for it to come to rest.)
  await expect.poll(() => focusRing(page)).toEqual({ drawn: true, onScreen: true });
});

test('answered by keyboard on a first visit at 320 px, focus goes to the start of the page with its whole ring, and the next Tab reaches the header', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 568 });
  await page.goto('/kinoprogram');
  const dialog = page.getByRole('dialog', { name: 'Informasjonskapslar og statistikk' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Berre nødvendige' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  const skip = page.getByRole('link', { name: 'Hopp til hovudinnhaldet' });
  await expect(skip).toBeFocused();
  await expect.poll(() => focusRing(page)).toEqual({ drawn: true, onScreen: true });
  await page.keyboard.press('Tab');
  await expect(page.getByRole('banner').getByRole('link').first()).toBeFocused();
  expect(await focusRing(page)).toEqual({ drawn: true, onScreen: true });
});

test('answered by pointer, focus goes to the start of the page without showing the skip link', async ({ page }) => {
  await page.goto('/kinoprogram');
  const dialog = page.getByRole('dialog', { name: 'Informasjonskapslar og statistikk' });
  await dialog.getByRole('button', { name: 'Berre nødvendige' }).click();
  await expect(dialog).toBeHidden();
  const skip = page.getByRole('link', { name: 'Hopp til hovudinnhaldet' });
  await expect(skip).toBeFocused();
  // A pointer answer draws no ring and leaves the skip link out of sight, above the page.
  expect(await skip.evaluate((element) => element.getBoundingClientRect().bottom)).toBeLessThanOrEqual(0);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('banner').getByRole('link').first()).toBeFocused();
});

test('Escape puts the question away for this page only; it is asked again on the next', async ({ page }) => {
  await page.goto('/om-huset');
  const dialog = page.getByRole('dialog', { name: 'Informasjonskapslar og statistikk' });
  await dialog.getByRole('button', { name: 'Berre nødvendige' }).focus();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // Focus was in the question from nowhere on the page: it goes to the start of the page.
  await expect(page.getByRole('link', { name: 'Hopp til hovudinnhaldet' })).toBeFocused();
  await page.goto('/kinoprogram');
  await expect(dialog).toBeVisible();
});

test('axe finds nothing with the consent dialog open, first shown or reopened', async ({ page }) => {
  test.setTimeout(scanBudget(2));
  const { productionPath } = await firstOnSale(page, '/kulturprogram');
  await page.goto(productionPath);
  await expect(page.getByRole('dialog', { name: 'Informasjonskapslar og statistikk' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Berre nødvendige' }).click();
  await page.getByRole('button', { name: 'Personvern og informasjonskapslar' }).click();
  await expect(page.getByRole('dialog')).toContainText('No har du valt berre nødvendige.');
  expect(await axeViolations(page)).toEqual([]);
});

test('without JavaScript there is no dialog and nothing loads', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const requests = await stubAnalytics(page);
  await page.goto('/kinoprogram');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Personvern og informasjonskapslar' })).toBeHidden();
  expect(requests).toEqual([]);
  await context.close();
});
