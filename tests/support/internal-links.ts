/**
 * The internal links of a built site, for the crawl test (tests/e2e/links.spec.ts): every URL a
 * page, feed or sitemap of dist/ names on the site itself, as a path with its query.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ATTRIBUTE = /\s(?:href|src|action|poster|content)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;
const SRCSET = /\ssrcset\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;

function decodeEntities(value: string): string {
  return value
    .replace(/&amp;/g, '&')
    .replace(/&#x2F;/gi, '/')
    .replace(/&quot;/g, '"');
}

/**
 * Site paths (with query, without fragment) named in one document: root-relative links in
 * href, src, action, poster, content and srcset, and absolute URLs on `site`'s origin anywhere
 * in the text (canonical links, Open Graph, structured data, sitemaps, feeds).
 */
export function linksIn(text: string, site: string): string[] {
  const origin = new URL(site).origin;
  const found: string[] = [];
  const add = (raw: string) => {
    const value = decodeEntities(raw.trim());
    if (value.startsWith('/') && !value.startsWith('//')) found.push(value);
    else if (value.startsWith(`${origin}/`) || value === origin) found.push(value.slice(origin.length) || '/');
  };
  for (const match of text.matchAll(ATTRIBUTE)) add(match[1] ?? match[2] ?? '');
  for (const match of text.matchAll(SRCSET)) for (const candidate of (match[1] ?? match[2] ?? '').split(',')) add(candidate.trim().split(/\s+/)[0] ?? '');
  const escaped = origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const match of text.matchAll(new RegExp(`${escaped}(/[^\\s"'<>\\\\]*)?`, 'g'))) add(`${origin}${match[1] ?? '/'}`);
  return [...new Set(found.map((link) => link.split('#', 1)[0] as string).filter((link) => link.length > 0))];
}

/** Every internal link of the HTML, XML and feed files under `dist`, with one file that names each. */
export function internalLinks(dist: string, site: string): Map<string, string> {
  const links = new Map<string, string>();
  const files = readdirSync(dist, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(html|xml|rss|webmanifest)$/.test(file) && !file.startsWith('_hosting'))
    .sort();
  for (const file of files) for (const link of linksIn(readFileSync(join(dist, file), 'utf8'), site)) if (!links.has(link)) links.set(link, file);
  return links;
}
