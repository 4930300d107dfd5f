/**
 * The newsletter form on a culture page (the block is in the culture page template; the one on
 * /kontakt is hidden in the content) against the platform sandbox the harness starts: sign-up
 * with and without JavaScript, and the messages for a wrong address, a missing consent and a
 * server error.
 * Runs against nginx only and in order (playwright.config.ts), since it switches faults in the
 * one shared sandbox.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { e2ePorts } from '../../scripts/script-env.mjs';
import { expect, test } from './fixtures';

test.describe.configure({ mode: 'default' });

const sandbox = `http://127.0.0.1:${e2ePorts().sandbox}`;
const productions = JSON.parse(readFileSync('content/productions.json', 'utf8')) as { object: string; pageReference: string }[];
const culturePages = productions.filter((production) => production.object === 'culture').map((production) => `/${production.pageReference}`);
let counter = 0;
/** A fresh address per attempt, so runs and retries never meet each other's sign-ups. */
const freshAddress = () => `Kino.${Date.now().toString(36)}.${(counter += 1)}@kaia-test.example`;

async function subscribers(page: Page): Promise<string[]> {
  const response = await page.request.get(`${sandbox}/__sandbox/newsletter`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { subscribers: string[] }).subscribers;
}

async function newsletterRequests(page: Page): Promise<number> {
  const log = (await (await page.request.get(`${sandbox}/__sandbox/requests`)).json()) as { api: string }[];
  return log.filter((entry) => entry.api === 'newsletter').length;
}

async function setFault(page: Page, fault: unknown): Promise<void> {
  const response = await page.request.post(`${sandbox}/__sandbox/fault`, { data: { api: 'newsletter', fault } });
  expect(response.ok()).toBe(true);
}

function form(page: Page) {
  const section = page.getByRole('region', { name: 'Nyheitsbrev' });
  return {
    email: section.getByLabel('E-postadressa di'),
    consent: section.getByRole('checkbox', { name: /Ja, eg vil få nyheitsbrevet/ }),
    submit: section.getByRole('button', { name: 'Meld meg på' }),
    result: section.getByRole('status'),
  };
}

test('signs up from a culture page, and knows an address already on the list', async ({ page }) => {
  await page.goto(culturePages[0]!);
  const { email, consent, submit, result } = form(page);
  const address = freshAddress();
  await email.fill(address);
  await consent.check();
  await submit.click();
  await expect(result).toHaveText('Takk! No er du påmeld nyheitsbrevet vårt.');
  expect(await subscribers(page)).toContain(address.toLowerCase());
  await expect(email).toHaveValue('');
  await expect(consent).not.toBeChecked();

  await email.fill(address.toUpperCase());
  await consent.check();
  await submit.click();
  await expect(result).toHaveText(/står alt på lista vår/);
  expect((await subscribers(page)).filter((entry) => entry === address.toLowerCase())).toHaveLength(1);
});

test('says what is wrong with the address or the consent, on the field that needs it', async ({ page }) => {
  await page.goto(culturePages[1]!);
  const { email, consent, submit, result } = form(page);
  const sent = await newsletterRequests(page);

  // Nothing written: it asks for an address rather than calling an empty field wrong.
  await submit.click();
  await expect(result).toHaveText('Skriv inn e-postadressa di, så kan vi melde deg på.');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toBeFocused();

  await email.fill('ola.nordmann@');
  await consent.check();
  await submit.click();
  await expect(result).toHaveText('E-postadressa ser ikkje ut til å vere rett. Sjekk ho og prøv igjen.');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription(/E-postadressa ser ikkje ut/);
  await expect(email).toBeFocused();
  expect(await newsletterRequests(page)).toBe(sent);

  // One the browser lets through but the platform refuses.
  await email.fill('ola.nordmann@kaia.x');
  await submit.click();
  await expect(result).toHaveText('E-postadressa ser ikkje ut til å vere rett. Sjekk ho og prøv igjen.');
  expect(await newsletterRequests(page)).toBe(sent + 1);

  await email.fill(freshAddress());
  await consent.uncheck();
  await submit.click();
  await expect(result).toHaveText(/Kryss av for at du vil ha nyheitsbrevet/);
  await expect(consent).toBeFocused();
  await expect(consent).toHaveAttribute('aria-invalid', 'true');
  await expect(email).not.toHaveAttribute('aria-invalid');
});

test('says so plainly when the server fails, and the next try works', async ({ page }) => {
  await page.goto(culturePages[2]!);
  const { email, consent, submit, result } = form(page);
  const address = freshAddress();
  await setFault(page, { kind: 'status', status: 503, times: 1 });
  try {
    await email.fill(address);
    await consent.check();
    await submit.click();
    await expect(result).toHaveText('Noko gjekk gale hos oss, så påmeldinga gjekk kanskje ikkje gjennom. Prøv igjen litt seinare.');
    expect(await subscribers(page)).not.toContain(address.toLowerCase());
  } finally {
    await setFault(page, null);
  }
  await submit.click();
  await expect(result).toHaveText('Takk! No er du påmeld nyheitsbrevet vårt.');
  expect(await subscribers(page)).toContain(address.toLowerCase());
});

test('works without JavaScript: the form posts and the platform answers with a page', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL ?? '' });
  const page = await context.newPage();
  const culturePage = culturePages[0]!;
  await page.goto(culturePage);
  const { email, consent, submit } = form(page);
  const address = freshAddress();
  await email.fill(address);
  await consent.check();
  await submit.click();
  await page.waitForURL(`${sandbox}/newsletter/subscribe`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Takk!');
  await expect(page.getByText('No er du påmeld nyheitsbrevet vårt.')).toBeVisible();
  expect(await subscribers(page)).toContain(address.toLowerCase());
  await page.getByRole('link', { name: 'Tilbake til sida du kom frå' }).click();
  await expect(page).toHaveURL(new RegExp(`${culturePage}/?$`));
  await context.close();
});
