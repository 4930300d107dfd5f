import type { APIRoute } from 'astro';
import { siteContent } from '../lib/content/query';

export const GET: APIRoute = async () => {
  const { config } = await siteContent();
  return new Response(`User-agent: *\nAllow: /\n\nSitemap: ${config.host}/sitemap.xml\n`, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
};
