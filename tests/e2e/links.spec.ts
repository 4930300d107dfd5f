/**
 * The crawl: every internal link of the build (pages, feeds, sitemap; src/, href, srcset,
 * canonical and structured-data URLs alike) answers 200 on this host, with no redirect. Only
 * the content's own redirect list (old paths, sent on with a 301) is left aside. Run against
 * nginx, the CDN runtime (wrangler pages dev) and astro preview: a link that redirects costs a
 * phone a round trip, and a page with two URLs has no one canonical URL.
 */
import { readFileSync } from 'node:fs';
import { scriptEnv } from '../../scripts/script-env.mjs';
import { normalisePath } from '../../src/lib/pages/paths';
import { internalLinks } from '../support/internal-links';
import { expect, test } from './fixtures';

const DIST = scriptEnv().e2e.dist;
const site = (JSON.parse(readFileSync('content/config.json', 'utf8')) as { host: string }).host;
const redirected = new Set((JSON.parse(readFileSync('content/redirects.json', 'utf8')) as { from: string }[]).map(({ from }) => normalisePath(from)));

test('every internal link of the build answers 200 with no redirect', async ({ request }) => {
  const links = [...internalLinks(DIST, site)].filter(([link]) => !redirected.has(normalisePath(link)));
  expect(links.length).toBeGreaterThan(500);
  test.setTimeout(60_000 + links.length * 100);
  const problems: string[] = [];
  for (let start = 0; start < links.length; start += 8) {
    await Promise.all(
      links.slice(start, start + 8).map(async ([link, file]) => {
        const response = await request.fetch(link, { method: 'HEAD', maxRedirects: 0 });
        if (response.status() !== 200) problems.push(`${link} (in ${file}): ${response.status()} ${response.headers()['location'] ?? ''}`.trim());
      }),
    );
  }
  expect(problems, `${problems.length} of ${links.length} internal links answer other than 200`).toEqual([]);
});
