/**
 * The generated pages of the programme filters (see filters.ts for why they exist): for each
 * route whose page shows a whole programme, one page per day, category and age step.
 */
import type { SiteContent } from '../content/files';
import type { Route, RouteTable } from './routes';
import { isEvent } from './records';
import { routeSourcesOf } from './sources';
import { filterPages, programmeKindOf, type FilterPage } from '../programme/filter-model';
import { upcomingShowings } from '../programme/programme';

export interface FilterRoute {
  /** The programme page the filter page is a view of. */
  route: Route;
  filter: FilterPage;
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
