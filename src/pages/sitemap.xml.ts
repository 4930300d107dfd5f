/** sitemap.xml: every page of the route table except 404, at its canonical URL, in sitemapOrder. */
import type { APIRoute } from 'astro';
import { siteContent } from '../lib/pages/site-content';
import { absoluteUrl } from '../lib/site/page-meta';
import { siteBuild } from '../lib/pages/site-routes';
import { sitemapOrder, sitemapXml } from '../lib/seo/sitemap';

export const GET: APIRoute = async () => {
  const content = await siteContent();
  const { table, now } = await siteBuild();
  const routes = sitemapOrder(
    table.routes.filter((route) => route.path !== '/404.html'),
    content,
    now,
  );
  const urls = [...new Set(routes.map((route) => route.canonicalPath))].map((path) => absoluteUrl(content.config.host, path));
  return new Response(sitemapXml(urls), { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
