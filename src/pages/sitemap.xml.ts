/** sitemap.xml: every page of the route table except 404, at its canonical URL. */
import type { APIRoute } from 'astro';
import { siteContent } from '../lib/content/query';
import { absoluteUrl } from '../lib/pages/page-view';
import { siteBuild } from '../lib/pages/site-routes';
import { sitemapXml } from '../lib/site/sitemap';

export const GET: APIRoute = async () => {
  const content = await siteContent();
  const { table } = await siteBuild();
  const urls = [...new Set(table.routes.filter((route) => route.path !== '/404.html').map((route) => route.canonicalPath))].map((path) =>
    absoluteUrl(content.config.host, path),
  );
  return new Response(sitemapXml(urls), { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
