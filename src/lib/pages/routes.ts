/**
 * The route table: every concrete path of the site and the page that renders it.
 *
 * - Ordinary pages live at their path. When two pages claim the same path (the front page is
 *   defined twice in the platform data), the first one in the page list wins; the others are
 *   reported as shadowed.
 * - Standard pages expand to one route per record: the source whose filters bind the page's
 *   ':params' is enumerated with its other filters, and each record fills the params.
 * - Aliases show the page of another path; their canonical path is that other path.
 * Two routes at one path, or a redirect away from a page's path, is an error.
 */
import type { Alias, Page, Redirect } from '../../schemas';
import type { SiteContent } from '../content/files';
import { fillPath, normalisePath, pathParameters } from './paths';
import { readProperty } from './properties';
import { boundParameter, matchesFilter, recordsOfModel, type RouteParams } from './sources';

export interface Route {
  /** Normalised concrete path. */
  path: string;
  page: Page;
  params: RouteParams;
  /** Where search engines should index the content (differs for aliases). */
  canonicalPath: string;
}

export interface RouteTable {
  routes: Route[];
  /** Pages that lost their path to an earlier definition. */
  shadowed: Page[];
}

export class RouteError extends Error {}

function expandStandardPage(page: Page, content: SiteContent): Route[] {
  const params = pathParameters(page.path);
  const driver = page.sources.find((source) => params.every((param) => source.filters.some((filter) => boundParameter(filter.value) === param)));
  if (!driver) throw new RouteError(`Page ${page.id} (${page.path}) has no source that binds ${params.map((p) => `@${p}`).join(', ')}`);
  const literalFilters = driver.filters.filter((filter) => boundParameter(filter.value) === null);
  return recordsOfModel(content, driver.model)
    .filter((item) => literalFilters.every((filter) => matchesFilter(item, filter, {})))
    .map((item) => {
      const values: RouteParams = {};
      for (const filter of driver.filters) {
        const name = boundParameter(filter.value);
        if (name === null) continue;
        const property = Array.isArray(filter.property) ? filter.property[0] : filter.property;
        values[name] = String(readProperty(item, property as string));
      }
      const path = normalisePath(fillPath(page.path, values));
      return { path, page, params: values, canonicalPath: path };
    });
}

export function buildRouteTable(content: Pick<SiteContent, 'pages' | 'aliases' | 'redirects' | 'articles' | 'productions' | 'events'>): RouteTable {
  const byPath = new Map<string, Route>();
  const shadowed: Page[] = [];
  const add = (route: Route) => {
    const existing = byPath.get(route.path);
    if (existing) {
      throw new RouteError(`Route collision at ${route.path}: page ${existing.page.id} and page ${route.page.id}`);
    }
    byPath.set(route.path, route);
  };

  for (const page of content.pages) {
    if (page.pageType !== 'ordinary') continue;
    const path = normalisePath(page.path);
    if (byPath.has(path)) {
      shadowed.push(page);
      continue;
    }
    add({ path, page, params: {}, canonicalPath: path });
  }
  for (const page of content.pages) {
    if (page.pageType === 'standard') for (const route of expandStandardPage(page, content as SiteContent)) add(route);
  }
  for (const alias of content.aliases) add(aliasRoute(alias, byPath));
  for (const redirect of content.redirects) {
    const from = normalisePath(redirect.from);
    if (byPath.has(from)) throw new RouteError(`Redirect from ${from} would hide page ${byPath.get(from)?.page.id}`);
  }
  return { routes: [...byPath.values()], shadowed };
}

function aliasRoute(alias: Alias, byPath: Map<string, Route>): Route {
  const target = byPath.get(normalisePath(alias.path));
  if (!target) throw new RouteError(`Alias ${alias.alias} points at ${alias.path}, which is no page`);
  return { ...target, path: normalisePath(alias.alias) };
}

export type Resolution = { kind: 'page'; route: Route } | { kind: 'redirect'; to: string } | { kind: 'not-found' };

/** What a request for `path` gets: a page, a redirect, or the 404 page. */
export function resolvePath(table: RouteTable, redirects: Redirect[], path: string): Resolution {
  const wanted = normalisePath(path);
  const route = table.routes.find((candidate) => candidate.path === wanted);
  if (route) return { kind: 'page', route };
  const redirect = redirects.find((candidate) => normalisePath(candidate.from) === wanted);
  if (redirect) return { kind: 'redirect', to: normalisePath(redirect.to) };
  return { kind: 'not-found' };
}
