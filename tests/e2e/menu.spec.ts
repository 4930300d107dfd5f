import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';

test('the skip link takes keyboard users to the main content', async ({ page }) => {
  await page.goto('/om-huset');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Hopp til hovudinnhaldet' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});

test('the menu works by keyboard: the programmes at the first level, open Meir, reach Gåvekort, close with Escape', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Hovudmeny' });
  await expect(nav.getByRole('link', { name: 'Kinoprogram', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Kulturprogram', exact: true })).toBeVisible();
  const more = nav.locator('summary', { hasText: 'Meir' });
  const gavekort = nav.getByRole('link', { name: 'Gåvekort' });
  await expect(gavekort).toBeHidden();

  await nav.getByRole('link', { name: 'Utleige' }).focus();
  await page.keyboard.press('Tab');
  await expect(more).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(gavekort).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(gavekort).toBeHidden();
  await expect(more).toBeFocused();

  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'Om huset' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(gavekort).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/gavekort\/?$/);
  await more.click();
  await expect(gavekort).toHaveAttribute('aria-current', 'page');
});

test('the menu opens by mouse and closes on a click elsewhere', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Hovudmeny' });
  await nav.locator('summary', { hasText: 'Meir' }).click();
  await expect(nav.getByRole('link', { name: 'Gåvekort' })).toBeVisible();
  await page.locator('main').click({ position: { x: 5, y: 5 } });
  await expect(nav.getByRole('link', { name: 'Gåvekort' })).toBeHidden();
});

test('on a phone the menu sits behind a button that says whether it is open', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Meny' });
  const nav = page.getByRole('navigation', { name: 'Hovudmeny' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Bassenget' })).toBeHidden();
  await toggle.tap();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  // The film club's sign-in is in the menu on a phone.
  await expect(nav.getByRole('link', { name: 'Logg inn i filmklubben' })).toBeVisible();
  await nav.locator('summary', { hasText: 'Meir' }).tap();
  await nav.getByRole('link', { name: 'Gåvekort' }).tap();
  await expect(page).toHaveURL(/\/gavekort\/?$/);
  await context.close();
});

test('without JavaScript the whole menu is reachable', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Hovudmeny' });
  await expect(nav.getByRole('link', { name: 'Bassenget' })).toBeVisible();
  // With no button to fold it, the menu is a compact row of links that wraps: it leaves the page most of the first screen.
  const { height } = (await nav.boundingBox())!;
  expect(height).toBeLessThan(740 / 3);
  await nav.locator('summary', { hasText: 'Meir' }).click();
  await expect(nav.getByRole('link', { name: 'Gåvekort' })).toBeVisible();
  // The search field and the film club's sign-in are there too.
  await expect(page.getByRole('searchbox', { name: 'Søk på nettstaden' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Logg inn i filmklubben' })).toBeVisible();
  await context.close();
});

test('the footer carries the legal links, the accessibility statement and the contact details', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Personvernerklæring' })).toHaveAttribute('href', '/article/personvernerklaering');
  await expect(footer.getByRole('link', { name: 'Info om cookies' })).toHaveAttribute('href', '/article/info-om-cookies');
  const statement = footer.getByRole('link', { name: 'Tilgjengelegheitserklæring' });
  await expect(statement).toHaveAttribute('hreflang', 'nn');
  // Its address is site configuration (content/config.json), on uustatus.no.
  const config = JSON.parse(readFileSync('content/config.json', 'utf8')) as { accessibilityStatement: { url: string } };
  expect(config.accessibilityStatement.url).toMatch(/^https:\/\/uustatus\.no\//);
  await expect(statement).toHaveAttribute('href', config.accessibilityStatement.url);
  await expect(footer.getByRole('link', { name: 'Kontakt oss' })).toHaveAttribute('href', '/kontakt');
  await expect(footer.getByRole('link', { name: 'post@kulturhuset-kaia.example' })).toBeVisible();
  await expect(footer).toContainText('+47 12 34 56 78');
  await expect(footer).toContainText('Kaivegen 1, 6480 Aukra');
});
