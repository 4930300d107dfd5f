import type { APIRoute } from 'astro';
import { siteContent } from '../lib/content/query';
import { NEWS_FEED } from '../lib/site/feeds';

/** Everything may be crawled; the sitemap, and the news feed (search engines read RSS as a sitemap of fresh pages). */
export const GET: APIRoute = async () => {
  const { config } = await siteContent();
  return new Response(`User-agent: *\nAllow: /\n\nSitemap: ${config.host}/sitemap.xml\nSitemap: ${config.host}${NEWS_FEED.path}\n`, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
};
