/**
 * The pages that show a whole programme, and the generated pages of its filters (see
 * src/lib/programme/filter-state.ts for why they exist): for each route whose page shows a whole
 * programme, one page per day, category, age step and week.
 */
import type { Page } from '../../schemas';
import type { SiteContent } from '../content/files';
import type { Route, RouteTable } from './routes';
import { isEvent } from './records';
import { routeSourcesOf } from './sources';
import type { ProgrammeKind } from '../programme/filter-state';
import { filterPages, type FilterPage } from '../programme/filter-pages';
import { upcomingShowings } from '../programme/programme';

export interface FilterRoute {
  /** The programme page the filter page is a view of. */
  route: Route;
  filter: FilterPage;
}

/**
 * The programme a page shows in full, if any: a visible cinema- or culture-programme block
 * whose source is an unlimited collection. The front page's 'next on stage' (limit 6) is not.
 */
export function programmeKindOf(page: Page): { kind: ProgrammeKind; source: string } | undefined {
  for (const block of page.blocks) {
    if (block.hide || !block.data.source) continue;
    if (block.component !== 'cinema-programme' && block.component !== 'culture-programme') continue;
    const source = page.sources.find((candidate) => candidate.name === block.data.source);
    if (!source || !source.collection || source.limit !== undefined) continue;
    return { kind: block.component === 'cinema-programme' ? 'film' : 'culture', source: source.name };
  }
  return undefined;
}

export function filterRoutes(table: RouteTable, content: SiteContent, now: Date): FilterRoute[] {
  const taken = new Set(table.routes.map((route) => route.path));
  return table.routes.flatMap((route) => {
    // Aliases show another path's page; its filters live under that path.
    if (route.path !== route.canonicalPath) return [];
    const programme = programmeKindOf(route.page);
    if (!programme) return [];
    const value = routeSourcesOf(route, content)[programme.source];
    const events = (Array.isArray(value) ? value : []).filter(isEvent);
    const showings = upcomingShowings(events, content.productions, now);
    return filterPages(programme.kind, route.path, showings, now)
      .filter((page) => !taken.has(page.path))
      .map((filter) => ({ route, filter }));
  });
}
