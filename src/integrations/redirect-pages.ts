/**
 * Rewrites the redirect pages of the build (Astro's `redirects` config writes them as meta
 * refresh pages for plain file hosts) as valid HTML in the site's language
 * (src/lib/pages/redirect-page.ts): the first step of the post-build pass (post-build.ts), so
 * the pass reads them as they ship.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { AstroIntegrationLogger } from 'astro';
import { normalisePath } from '../lib/pages/paths';
import { pageFile } from '../lib/pages/page-files';
import { redirectPageHtml } from '../lib/pages/redirect-page';

export interface RedirectPagesOptions {
  redirects: { from: string; to: string }[];
  /** Public origin of the site, for the canonical links. */
  site: string;
  /** Language of the pages' text. */
  lang: string;
}

export async function writeRedirectPages(root: string, { redirects, site, lang }: RedirectPagesOptions, logger: AstroIntegrationLogger): Promise<void> {
  for (const { from, to } of redirects) {
    const target = /^https?:\/\//.test(to) ? to : normalisePath(to);
    // The page file Astro wrote for the old path (the site's URL form, page-files.ts).
    const file = join(root, pageFile(normalisePath(from)));
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, redirectPageHtml({ to: target, canonicalUrl: new URL(target, site).href, lang }));
  }
  logger.info(`${redirects.length} redirect pages written`);
}
