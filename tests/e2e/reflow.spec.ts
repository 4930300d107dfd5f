/**
 * Reflow (WCAG 1.4.10) at 320 px, the width of a 1280 px window zoomed to 400 %, on the pages
 * outside the sitemap: the film-club screens, the offline page and the 404 page. The sitemap's
 * pages are checked by every-page.spec.ts and the generated filter pages by filters.spec.ts, on
 * the visit that scans them with axe. No page scrolls sideways, and no text is cut off by an
 * ancestor's overflow (named scroll regions, such as editorial tables, excepted).
 */
import { NARROW, reflowProblems } from './a11y-checks';
import { expect, test } from './fixtures';

const PAGES = ['/filmklubb/logg-inn', '/filmklubb/bli-medlem', '/filmklubb/gloymt-passord', '/filmklubb/mi-side', '/offline', '/404.html'];

test.use({ viewport: NARROW });

test('the pages outside the sitemap reflow at 320 px', async ({ page }) => {
  const problems: string[] = [];
  for (const path of PAGES) {
    await page.goto(path);
    // Islands that hydrate on load or when idle first (those waiting to be scrolled to stay as rendered).
    await page.waitForFunction(() => !document.querySelector('astro-island[ssr]:not([client="visible"])'));
    await expect(page.locator('h1')).toHaveCount(1);
    for (const problem of await reflowProblems(page)) problems.push(`${path}: ${problem}`);
  }
  expect(problems).toEqual([]);
});
