/**
 * The data one block draws, typed: the records of its source split by model, its own editorial
 * record and the page's main production. Block.astro only picks the component.
 */
import type { Article, Block, BlockData, Event, Production } from '../../schemas';
import type { PageView } from './page-view';
import { primaryRecord } from './page-view';
import { isArticle, isEvent, isProduction } from './records';

export interface BlockInput {
  /** The records of a collection source, by model (each empty for other sources). */
  articles: Article[];
  events: Event[];
  productions: Production[];
  /** The record of a single-record source. */
  article: Article | undefined;
  production: Production | undefined;
  /** The block's editorial data (cover, content), the first of its ids that exists. */
  data: BlockData | undefined;
  heading: string | undefined;
  /** The production the page is about (film and culture pages), for blocks that list its showings. */
  pageProduction: Production | undefined;
  /** Every event of the page's sources (a production page's showings), for the hero's next showtimes. */
  pageEvents: Event[];
}

/**
 * The items of `list` that pass `guard`: the list itself when all of them do, so what is worked
 * out once per list downstream (upcomingShowings) is worked out once per build, not per page.
 */
function itemsOf<T, S extends T>(list: T[], guard: (item: T) => item is S): S[] {
  return list.every(guard) ? list : list.filter(guard);
}

interface ByModel {
  articles: Article[];
  events: Event[];
  productions: Production[];
}

/**
 * A list split by model, once per list: every block of every page drawing one source (ten
 * thousand events on a large site, on each of its thousands of pages) shares the split.
 */
const splits = new WeakMap<readonly unknown[], ByModel>();

function byModel(list: (Article | Event | Production)[]): ByModel {
  let split = splits.get(list);
  if (split === undefined) {
    split = { articles: itemsOf(list, isArticle), events: itemsOf(list, isEvent), productions: itemsOf(list, isProduction) };
    splits.set(list, split);
  }
  return split;
}

/** Every event of a page's sources, once per page view. */
const eventsOfSources = new WeakMap<PageView['sources'], Event[]>();

function pageEventsOf(sources: PageView['sources']): Event[] {
  let events = eventsOfSources.get(sources);
  if (events === undefined) {
    events = Object.values(sources).flatMap((source) => (Array.isArray(source) ? byModel(source).events : []));
    eventsOfSources.set(sources, events);
  }
  return events;
}

const NOTHING: (Article | Event | Production)[] = [];

export function blockInput(block: Block, view: PageView): BlockInput {
  const value = block.data.source ? view.sources[block.data.source] : undefined;
  const list = Array.isArray(value) ? value : NOTHING;
  const record = value && !Array.isArray(value) ? value : undefined;
  const page = primaryRecord(view.sources);
  return {
    ...byModel(list),
    article: record && isArticle(record) ? record : undefined,
    production: record && isProduction(record) ? record : undefined,
    data: block.data.ids.map((id) => view.blockData.get(id)).find(Boolean),
    heading: block.data.heading,
    pageProduction: page && isProduction(page) ? page : undefined,
    pageEvents: pageEventsOf(view.sources),
  };
}
