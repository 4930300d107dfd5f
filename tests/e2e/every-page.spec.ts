/**
 * Every URL of the build, from its sitemap: status 200, the title pattern, exactly one h1,
 * no WCAG 2.1 A/AA violation found by axe, no two landmarks sharing a role and a name (axe's
 * landmark-unique), and reflow at 320 px (a11y-checks.ts; checked on
 * the same visit, by narrowing the window after the scan).
 */
import { reflowProblems, WIDE, NARROW } from './a11y-checks';
import { axeViolations, expect, scanBudget, sitemapPaths, test } from './fixtures';

// With the service worker, as a returning visitor: once it has installed (during the first few
// pages of a part), the pages come from its store, which links the stylesheet the network's
// copy carries inline, and are checked in that form.
test.use({ serviceWorkers: 'allow' });

const SLICES = 6;

for (let slice = 0; slice < SLICES; slice += 1) {
  test(`every page in the sitemap, part ${slice + 1} of ${SLICES}`, async ({ page, request }) => {
    const paths = (await sitemapPaths(request)).filter((_, index) => index % SLICES === slice);
    test.setTimeout(scanBudget(paths.length));
    expect(paths.length).toBeGreaterThan(10);
    const problems: string[] = [];
    for (const path of paths) {
      const response = await page.goto(path);
      if (response?.status() !== 200) problems.push(`${path}: status ${response?.status()}`);
      const title = await page.title();
      if (!/^Kulturhuset Kaia \| \S.*$/.test(title)) problems.push(`${path}: title '${title}'`);
      const h1 = await page.locator('h1').count();
      if (h1 !== 1) problems.push(`${path}: ${h1} h1 elements`);
      for (const violation of await axeViolations(page, { landmarks: true }))
        problems.push(`${path}: axe ${violation.rule} (${violation.help}) at ${violation.targets.join(', ')}`);
      await page.setViewportSize(NARROW);
      for (const problem of await reflowProblems(page)) problems.push(`${path}: at 320 px ${problem}`);
      await page.setViewportSize(WIDE);
    }
    expect(problems).toEqual([]);
  });
}

test('the sitemap lists the pages of the site at their canonical URLs', async ({ request }) => {
  const paths = await sitemapPaths(request);
  expect(paths).toContain('/');
  expect(paths).toContain('/kinoprogram');
  expect(paths).toContain('/article/babysvomming');
  expect(paths).not.toContain('/404.html');
  expect(paths).not.toContain('/kafe');
  expect(new Set(paths).size).toBe(paths.length);
});
