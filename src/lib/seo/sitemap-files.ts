/**
 * The built files of the pages a sitemap lists: the pages visitors and search engines arrive
 * at. The offline precache takes them (src/lib/offline/worker-rules.ts); the hosting step gives
 * them brotli's best quality (src/lib/hosting/precompress.ts).
 */

import { pageFile } from '../pages/page-files';

/** The page file of every URL in a sitemap's XML. */
export function sitemapPageFiles(sitemapXml: string): Set<string> {
  const files = new Set<string>();
  for (const match of sitemapXml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)) {
    files.add(pageFile(decodeURIComponent(new URL((match[1] as string).replace(/&amp;/g, '&')).pathname)));
  }
  return files;
}
