import type { APIRoute } from 'astro';
import { siteContent } from '../lib/pages/site-content';
import { NEWS_FEED } from '../lib/site/feeds';
import { buildIsNoIndex } from '../lib/config/build-env';

/**
 * Everything may be crawled; the sitemap, and the news feed (search engines read RSS as a sitemap
 * of fresh pages). A build that must never be indexed (a draft preview) disallows everything.
 */
export const GET: APIRoute = async () => {
  if (buildIsNoIndex()) return new Response('User-agent: *\nDisallow: /\n', { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  const { config } = await siteContent();
  return new Response(`User-agent: *\nAllow: /\n\nSitemap: ${config.host}/sitemap.xml\nSitemap: ${config.host}${NEWS_FEED.path}\n`, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
};
