/**
 * What the search index holds, decided at build time: only articles and culture productions
 * (the culture events' pages) are searchable, and on those only the cover's title and lead and
 * the body text. Pagefind reads the `data-pagefind-*` attributes these functions return; once a
 * page of the site carries `data-pagefind-body`, Pagefind skips every page without one, so
 * menus, footers, film pages and all other pages stay out of the index.
 */
import type { Article, Event, Production } from '../../schemas';
import { normalisePath } from '../pages/paths';
import { belongsTo, isUpcoming } from '../programme/programme';
import { formatDate, osloDay } from '../format/time';
import type { SearchType } from './types';

/** What the index says about one searchable page besides its text. */
export interface SearchRecord {
  type: SearchType;
  /** YYYY-MM-DD in Oslo: published (articles) or next performance, else the last one (events). */
  date?: string;
  /** The date as a result shows it, in nynorsk. */
  when: string;
  /** Whether results may be ordered by `date` (culture events only). */
  sortable: boolean;
}

/** Blocks whose text is indexed on a searchable page: the cover (title, lead) and the body. */
export const INDEXED_BLOCKS: ReadonlySet<string> = new Set(['cover', 'content', 'production-details']);

function isArticle(record: Article | Production): record is Article {
  return 'slug' in record && 'content' in record;
}

/** The search record of the page about `record`, or null when that page is not searchable. */
export function searchRecordFor(record: Article | Production | undefined, events: Event[], now: Date): SearchRecord | null {
  if (!record) return null;
  if (isArticle(record)) {
    return { type: 'artikkel', date: osloDay(new Date(record.createdAt)), when: formatDate(record.createdAt), sortable: false };
  }
  if (record.object !== 'culture') return null;
  const own = events
    .filter((event) => event.status !== 'cancelled' && belongsTo(event, record))
    .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
  const next = own.find((event) => isUpcoming(event, now));
  if (next) return { type: 'kulturarrangement', date: osloDay(next.startTime), when: `Neste gong ${formatDate(next.startTime)}`, sortable: true };
  const last = own.at(-1);
  if (last) return { type: 'kulturarrangement', date: osloDay(last.startTime), when: `Sist ${formatDate(last.startTime)}`, sortable: true };
  return { type: 'kulturarrangement', when: 'Ingen datoar i programmet no', sortable: false };
}

/**
 * The search record of a rendered page: the record's, but only at the page's canonical path,
 * so an alias showing the same page does not put it in the index twice.
 */
export function pageSearchRecord(page: {
  record: Article | Production | undefined;
  events: Event[];
  now: Date;
  canonicalUrl: string;
  pathname: string;
}): SearchRecord | null {
  if (normalisePath(new URL(page.canonicalUrl).pathname) !== normalisePath(page.pathname)) return null;
  return searchRecordFor(page.record, page.events, page.now);
}

/**
 * Attributes for a block's wrapper: `data-pagefind-body` on indexed blocks of searchable pages,
 * and on the cover also the page's filter (type), sort key (date) and meta (type, when, date).
 * Meta values come from data attributes (Pagefind's `key[attribute]` form), so they may hold
 * any text; its `key:value` form would take the rest of the list as one value.
 */
export function searchAttributes(record: SearchRecord | null, component: string): Record<string, string> {
  if (!record || !INDEXED_BLOCKS.has(component)) return {};
  if (component !== 'cover') return { 'data-pagefind-body': '' };
  const meta = ['type[data-search-type]', 'when[data-search-when]', ...(record.date ? ['date[data-search-date]'] : [])];
  return {
    'data-pagefind-body': '',
    'data-pagefind-filter': `type:${record.type}`,
    'data-pagefind-meta': meta.join(', '),
    'data-search-type': record.type,
    'data-search-when': record.when,
    ...(record.date ? { 'data-search-date': record.date } : {}),
    ...(record.sortable && record.date ? { 'data-pagefind-sort': `date:${record.date}` } : {}),
  };
}

/** Elements whose text Pagefind runs into the next element's unless whitespace follows them. */
const RUN_TOGETHER = /<\/(th|td|dt|dd|caption|figcaption)>/gi;

/**
 * The HTML Pagefind indexes: the page's, with a space after table cells and description terms
 * and details, which Pagefind would otherwise glue together ('Pris' + 'Vaksne' → 'PrisVaksne').
 */
export function indexableHtml(html: string): string {
  return html.replace(RUN_TOGETHER, '$& ');
}
