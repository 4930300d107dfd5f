/**
 * Accessibility defects an audit found beyond what axe checks (issue 28): focus rings that
 * contrast at least 3:1 with what they actually sit on (WCAG 1.4.11), ticket links in the film
 * hero that name the day once, a date picker that says which keys it takes and closes on
 * Escape. No two landmarks of the same role and name (axe's landmark-unique) is checked on
 * every page by every-page.spec.ts.
 */
import type { Page } from '@playwright/test';
import { answerConsent, cultureOnShow as culture, filmWithTrailer as film } from './demo-content';
import { expect, scanBudget, test } from './fixtures';

/**
 * Tabs through the page; at every stop, the contrast of the focus ring's colour with the
 * background it is drawn on: the element's own (a ring drawn inside it) or the first opaque
 * background among its ancestors (a ring drawn around it). Returns the stops below 3:1.
 */
async function weakFocusRings(page: Page, limit = 300): Promise<string[]> {
  await page.evaluate(() => {
    (window as unknown as { __focusRings: string[] }).__focusRings = [];
  });
  const weak = new Set<string>();
  let first: unknown = null;
  for (let press = 0; press < limit; press += 1) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      const parse = (color: string) => {
        const match = /rgba?\(([\d.]+),? ([\d.]+),? ([\d.]+)(?:,? \/? ?([\d.]+))?\)/.exec(color);
        return match ? { rgb: [Number(match[1]), Number(match[2]), Number(match[3])], alpha: match[4] === undefined ? 1 : Number(match[4]) } : null;
      };
      const luminance = ([r, g, b]: number[]) => {
        const channel = (value: number) => {
          const c = value / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        };
        return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
      };
      const style = getComputedStyle(element);
      const width = Number.parseFloat(style.outlineWidth);
      const name = `<${element.localName}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).join('.')}` : ''}> «${(element.textContent ?? '').trim().slice(0, 30)}»`;
      if (style.outlineStyle === 'none' || !width) return { key: element, name, ratio: null as number | null };
      const ring = parse(style.outlineColor);
      const inside = Number.parseFloat(style.outlineOffset) + width <= 0;
      let background: number[] = [255, 255, 255];
      for (let node: Element | null = inside ? element : element.parentElement; node; node = node.parentElement) {
        const color = parse(getComputedStyle(node).backgroundColor);
        if (color && color.alpha > 0.5) {
          background = color.rgb;
          break;
        }
      }
      if (!ring) return { key: element, name, ratio: null };
      const [light, dark] = [luminance(ring.rgb), luminance(background)].sort((a, b) => b - a);
      return { key: element, name, ratio: (light! + 0.05) / (dark! + 0.05) };
    });
    if (!stop) continue;
    if (first === null) first = stop.name;
    else if (stop.name === first && press > 5) break;
    if (stop.ratio !== null && stop.ratio < 3) weak.add(`${stop.name}: ${stop.ratio.toFixed(2)}:1`);
  }
  return [...weak];
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`every focus ring contrasts 3:1 with what it sits on, at ${viewport.width} px`, async ({ page }) => {
    test.setTimeout(scanBudget(7));
    await answerConsent(page);
    await page.setViewportSize(viewport);
    const problems: string[] = [];
    for (const path of [
      '/',
      `/${film.pageReference}`,
      `/${culture.pageReference}`,
      '/kinoprogram',
      '/article/info-om-cookies',
      '/search?q=basseng',
      '/filmklubb/logg-inn',
    ]) {
      await page.goto(path);
      await page.waitForFunction(() => !document.querySelector('astro-island[ssr]:not([client="visible"])'));
      if (path === `/${film.pageReference}`) await expect(page.locator('.fc-panel')).toBeVisible();
      for (const problem of await weakFocusRings(page)) problems.push(`${path}: ${problem}`);
    }
    expect(problems).toEqual([]);
  });
}

test('the film hero’s ticket links say the day once', async ({ page }) => {
  await answerConsent(page);
  await page.goto(`/${film.pageReference}`);
  const links = page.locator('.hero__times a[data-ticket-link]');
  expect(await links.count()).toBeGreaterThan(0);
  for (const link of await links.all()) {
    // The day as the button shows it (the span's own text, without the hidden «kl.» inside it).
    const day = await link.locator('.slot__day').evaluate((element) => (element.firstChild?.textContent ?? '').trim());
    const time = (await link.locator('time').innerText()).trim();
    // «Kjøp billett til Naustet, to. 26. nov. kl. 20.30», the visible text within it (WCAG 2.5.3).
    await expect(link).toHaveAccessibleName(new RegExp(`^Kjøp billett til .+, ${day.replace(/\./g, '\\.')} kl\\. ${time.replace('.', '\\.')}`));
    const name = await link.evaluate((element) => element.textContent ?? '');
    expect(name.split(day).length - 1, name).toBe(1);
  }
});

test('the date picker says which keys it takes, and Escape closes it', async ({ page }) => {
  await answerConsent(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/kinoprogram');
  const filters = page.getByRole('navigation', { name: 'Filtrer kinoprogrammet' });
  const toggle = filters.getByText('Vel dato');
  await toggle.click();
  await expect(filters.getByText('Piltastane flyttar mellom datoane, Escape lukkar.')).toBeVisible();
  const day = filters.locator('[data-day-links] a[tabindex="0"]');
  // A screen reader tabbing into the grid hears the hint with the day (aria-describedby).
  await expect(day).toHaveAccessibleDescription('Piltastane flyttar mellom datoane, Escape lukkar.');
  const links = filters.locator('[data-day-links] a');
  expect(await links.count()).toBeGreaterThan(1);
  for (const link of await links.all()) await expect(link).toHaveAccessibleDescription('Piltastane flyttar mellom datoane, Escape lukkar.');
  await day.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Escape');
  await expect(filters.locator('details.date-picker')).not.toHaveAttribute('open');
  await expect(toggle).toBeFocused();
});

test('without JavaScript, Mi side says the film club needs it instead of fetching for ever', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/filmklubb/mi-side');
  // Inside <noscript>, which Playwright's text locators skip: found by its class.
  const note = page.locator('main .fc-problem');
  await expect(note).toBeVisible();
  await expect(note).toHaveText('Filmklubben treng JavaScript, og det er slått av i nettlesaren din. Slå det på for å sjå Mi side.');
  await expect(page.getByText(/Hentar Mi side/)).toBeHidden();
  await context.close();
});
