import type { SiteContent } from '../content/files';
import { primaryRecord } from '../pages/page-view';
import type { Route } from '../pages/routes';
import { routeSourcesOf } from '../pages/sources';
import { upcomingShowings } from '../programme/programme';
import { xmlEscape } from '../format/text';

/** The sitemap protocol's XML for a list of absolute URLs. */
export function sitemapXml(urls: string[]): string {
  const entries = urls.map((url) => `  <url><loc>${xmlEscape(url)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}

/**
 * The sitemap's order, which is also the order the offline precache takes pages in should its
 * budget run short (src/lib/offline/worker-rules.ts): the site's own pages first, as the route
 * table has them; then production pages, the soonest next performance first and those with
 * none after; then articles, the newest first. Search engines give the order no meaning.
 */
export function sitemapOrder(routes: Route[], content: SiteContent, now: Date): Route[] {
  const nextShow = new Map<string, number>();
  for (const { event, production } of upcomingShowings(content.events, content.productions, now)) {
    if (!nextShow.has(production.id)) nextShow.set(production.id, Date.parse(event.startTime));
  }
  const rank = (route: Route): [number, number] => {
    if (route.page.pageType !== 'standard') return [0, 0];
    const record = primaryRecord(routeSourcesOf(route, content));
    if (record === undefined) return [0, 0];
    if ('pageReference' in record) return [1, nextShow.get(record.id) ?? Number.MAX_SAFE_INTEGER];
    return [2, -record.updatedAt];
  };
  const ranked = routes.map((route) => ({ route, rank: rank(route) }));
  // Array.prototype.sort is stable: ties keep the table's order.
  ranked.sort((a, b) => a.rank[0] - b.rank[0] || a.rank[1] - b.rank[1]);
  return ranked.map(({ route }) => route);
}
