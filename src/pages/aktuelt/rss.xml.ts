/** The news feed of /aktuelt (RSS 2.0); see src/lib/seo/rss.ts. */
import type { APIRoute } from 'astro';
import { siteContent } from '../../lib/pages/site-content';
import { siteBuild } from '../../lib/pages/site-routes';
import { newsFeed } from '../../lib/seo/rss';

export const GET: APIRoute = async () => {
  const content = await siteContent();
  const { table } = await siteBuild();
  return new Response(newsFeed(table, content), { headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' } });
};
