/**
 * Resolves a page's sources: each source picks records of one model from the content by its
 * filters, with '@name' values bound to the route's parameters.
 */
import type { Article, Event, Filter, Page, Production, Source } from '../../schemas';
import type { SiteContent } from '../content/files';
import { readProperty } from './properties';

export type RouteParams = Record<string, string>;

export type ModelRecord = Article | Production | Event;

/** What a resolved source holds: a list for collections, one record or null otherwise. */
export type SourceValue = ModelRecord[] | ModelRecord | null;

export type ResolvedSources = Record<string, SourceValue>;

export function recordsOfModel(content: SiteContent, model: Source['model']): ModelRecord[] {
  switch (model) {
    case 'article':
      return content.articles;
    case 'production':
      return content.productions;
    case 'event':
      return content.events;
  }
}

/** The name of the route parameter a filter value binds, or null for a literal. */
export function boundParameter(value: Filter['value']): string | null {
  return typeof value === 'string' && value.startsWith('@') ? value.slice(1) : null;
}

/** The literal a filter compares with, after binding route parameters. */
export function filterValue(filter: Filter, params: RouteParams): Filter['value'] {
  const name = boundParameter(filter.value);
  if (name === null) return filter.value;
  const bound = params[name];
  if (bound === undefined) throw new Error(`Filter on ${String(filter.property)} needs route parameter '${name}'`);
  return bound;
}

export function matchesFilter(item: unknown, filter: Filter, params: RouteParams): boolean {
  const expected = filterValue(filter, params);
  const properties = Array.isArray(filter.property) ? filter.property : [filter.property];
  const equal = properties.some((property) => readProperty(item, property) === expected);
  return filter.operator === 'eq' ? equal : !equal;
}

function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (a === undefined || a === null) return b === undefined || b === null ? 0 : 1;
  if (b === undefined || b === null) return -1;
  return sortText(a).localeCompare(sortText(b), 'nb');
}

/** Content values are JSON: strings compare as they are, other values as their JSON text. */
const sortText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** Records of a list by the value of one property, in list order; made once per list and property. */
const indexes = new WeakMap<readonly ModelRecord[], Map<string, Map<unknown, ModelRecord[]>>>();

function indexed(list: readonly ModelRecord[], property: string): Map<unknown, ModelRecord[]> {
  let byProperty = indexes.get(list);
  if (byProperty === undefined) {
    byProperty = new Map();
    indexes.set(list, byProperty);
  }
  let index = byProperty.get(property);
  if (index === undefined) {
    index = new Map();
    for (const item of list) {
      const value = readProperty(item, property);
      const same = index.get(value);
      if (same) same.push(item);
      else index.set(value, [item]);
    }
    byProperty.set(property, index);
  }
  return index;
}

/** Each record's place in its list; made once per list. */
const positions = new WeakMap<readonly ModelRecord[], Map<ModelRecord, number>>();

/** Records of a list, each once, in list order. */
function inListOrder(list: readonly ModelRecord[], records: ModelRecord[]): ModelRecord[] {
  let places = positions.get(list);
  if (places === undefined) {
    places = new Map(list.map((item, index) => [item, index]));
    positions.set(list, places);
  }
  const known = places;
  return [...new Set(records)].sort((a, b) => (known.get(a) ?? 0) - (known.get(b) ?? 0));
}

/**
 * The records that pass every filter, in list order. A filter on equality (a production page's
 * showings: `production.pageReference` = `@slug`, or any of several properties, as a film's
 * showings under its own or its parent's reference) is looked up in an index of the list per
 * property instead of read from each record: a large site has a thousand such pages over ten
 * thousand events (scanning them all took some 4 s of its build, issue 36).
 */
function filtered(all: ModelRecord[], filters: Filter[], params: RouteParams): ModelRecord[] {
  const lookup = filters.find((filter) => filter.operator === 'eq');
  let candidates = all;
  if (lookup) {
    const value = filterValue(lookup, params);
    const properties = Array.isArray(lookup.property) ? lookup.property : [lookup.property];
    const found = properties.map((property) => indexed(all, property).get(value) ?? []);
    candidates = found.length === 1 ? (found[0] as ModelRecord[]) : inListOrder(all, found.flat());
  }
  return candidates.filter((item) => filters.every((filter) => matchesFilter(item, filter, params)));
}

export function resolveSource(source: Source, params: RouteParams, content: SiteContent): SourceValue {
  // Without filters the content's own list (never changed in place), so what is worked out per list downstream is shared.
  const all = recordsOfModel(content, source.model);
  let items = source.filters.length === 0 ? all : filtered(all, source.filters, params);
  const { sort } = source;
  if (sort) {
    const direction = sort.direction === 'asc' ? 1 : -1;
    // Array.prototype.sort is stable, so ties keep snapshot order.
    items = [...items].sort((a, b) => direction * compareValues(readProperty(a, sort.property), readProperty(b, sort.property)));
  }
  if (source.limit !== undefined) items = items.slice(0, source.limit);
  return source.collection ? items : (items[0] ?? null);
}

export function resolvePageSources(page: Page, params: RouteParams, content: SiteContent): ResolvedSources {
  return Object.fromEntries(page.sources.map((source) => [source.name, resolveSource(source, params, content)]));
}

const routeSources = new WeakMap<object, { content: SiteContent; sources: ResolvedSources }>();

/**
 * The sources of a route's page, resolved once per route and content: the page itself, each of
 * its programme filter pages (one per day on a large site), the sitemap and the news feed all
 * ask for them. Content is never changed in place, so the answer holds for the build.
 */
export function routeSourcesOf(route: { page: Page; params: RouteParams }, content: SiteContent): ResolvedSources {
  const known = routeSources.get(route);
  if (known?.content === content) return known.sources;
  const sources = resolvePageSources(route.page, route.params, content);
  routeSources.set(route, { content, sources });
  return sources;
}
