/** Every browser test starts with the browser's clock at the build's pinned moment. */
import AxeBuilder from '@axe-core/playwright';
import axe, { type Result, type RunOptions } from 'axe-core';
import { test as base, expect, type Page } from '@playwright/test';
import { FIXED_NOW } from './clock';

export const test = base.extend<{ cspGuard: void }>({
  page: async ({ page }, use) => {
    await page.clock.setFixedTime(new Date(FIXED_NOW));
    await use(page);
  },
  /** Fails any test during which the page reported a Content-Security-Policy violation. */
  cspGuard: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
      });
      await use();
      expect(violations).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * WCAG 2.1 A and AA rules; nothing is excluded. With `landmarks`, also axe's best-practice rule
 * landmark-unique: no two landmarks share a role and a name (README; every-page.spec.ts).
 *
 * axe runs in the page itself (axe.run), its script injected once per document. A page with
 * frames goes through @axe-core/playwright instead, which injects axe into every frame,
 * cross-origin ones too, and merges their results; for a page without frames it finds the same,
 * but its merge step opens and closes a page of its own for every scan, which took most of a
 * scan's time (1.25 s against 0.45 s a page, every-page.spec.ts).
 */
export async function axeViolations(page: Page, { landmarks = false }: { landmarks?: boolean } = {}) {
  const options: RunOptions = {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    // Only violations are read: axe then builds no selector for every node that passed,
    // which took most of a scan's time on a long page.
    resultTypes: ['violations'],
    ...(landmarks ? { rules: { 'landmark-unique': { enabled: true } } } : {}),
  };
  let violations: Result[];
  if (page.frames().length > 1) {
    violations = (await new AxeBuilder({ page }).options(options).analyze()).violations;
  } else {
    const injected = () => typeof (window as unknown as { axe?: typeof axe }).axe?.run === 'function';
    if (!(await page.evaluate(injected))) await page.evaluate(axe.source);
    violations = await page.evaluate(
      async (runOptions) => (await (window as unknown as { axe: typeof axe }).axe.run(document, runOptions)).violations,
      options,
    );
  }
  return violations.map((violation) => ({
    rule: violation.id,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
  }));
}

/**
 * The time budget of a test that scans `pages` pages with axe: a base plus a share per page, so
 * a scan's budget grows with what it scans and holds on a busy machine. Long scans are split
 * into parts (see every-page.spec.ts) rather than given one huge budget.
 */
export function scanBudget(pages: number): number {
  return 60_000 + pages * 30_000;
}

/** Every path in the build's sitemap. */
export async function sitemapPaths(request: import('@playwright/test').APIRequestContext): Promise<string[]> {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  const xml = await response.text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] as string).pathname);
}
