/**
 * What the search index holds, decided at build time: every page a visitor may want to open
 * from a search. Films, culture events and articles, and the ordinary information pages
 * (Bassenget, Utleige, the halls and rooms …). Pages that list what is indexed elsewhere stay
 * out: the programmes and their filter, day and week pages, the film list, the article lists,
 * the front page, the search page itself, the 404 page, and the film club's screens (which
 * carry no markers). On an indexed page only the cover (title, lead) and the body text are
 * indexed. Pagefind reads the `data-pagefind-*` attributes these functions return; once a page
 * of the site carries `data-pagefind-body`, Pagefind skips every page without one, and menus
 * and footers stay out of the index.
 */
import type { Article, Event, Production } from '../../schemas';
import { ageLimitLabel } from '../films/age-limit';
import { normalisePath } from '../pages/paths';
import { belongsTo, isUpcoming, nextShowings, ticketState } from '../programme/programme';
import { formatDate, osloDay } from '../format/time';
import { thumbnailUrl } from '../site/images';
import { excerpt } from '../site/text';
import { showingsMeta, type IndexedShowing } from './results';
import type { SearchType } from './types';

/** What the index says about one searchable page besides its text. */
export interface SearchRecord {
  type: SearchType;
  /** YYYY-MM-DD in Oslo: published (articles) or next performance, else the last one (events). */
  date?: string;
  /** The date as a result shows it, in nynorsk. */
  when?: string;
  /** A sentence or two about it: an article's opening, a film's or event's summary. */
  lead?: string;
  /** 'Aldersgrense 12 år', 'Tillate for alle' (films and events that have one). */
  age?: string;
  /** Site path of a small poster. */
  poster?: string;
  /** The next showings with tickets on sale at build time; the island offers the first not yet started. */
  showings?: IndexedShowing[];
  /**
   * What the editors say the page is about (its meta description and keywords): indexed with
   * extra weight, not shown, so «opningstider» finds the pages whose editors said so.
   */
  about?: string;
}

/** Weight of `about` against body text (1) and headings (h1 7, h2 6 … in Pagefind). */
export const ABOUT_WEIGHT = 5;

/** Blocks whose text is indexed on a searchable page: the cover (title, lead) and the body. */
export const INDEXED_BLOCKS: ReadonlySet<string> = new Set(['cover', 'content', 'production-details']);

/**
 * Blocks that list what other pages say (programmes, film and article lists, today's events)
 * or are the search itself: an ordinary page with one of these is not indexed, the pages it
 * lists are.
 */
export const LISTING_BLOCKS: ReadonlySet<string> = new Set(['today', 'cinema-programme', 'culture-programme', 'film-list', 'article-list', 'search-field']);

/** Ordinary pages never indexed whatever their blocks: the front page and the 404 page. */
const UNINDEXED_PATHS: ReadonlySet<string> = new Set(['/', '/404', '/404.html']);

/** Showings listed per film or event in the index: enough for a few days' worth after a build. */
export const INDEXED_SHOWINGS = 6;

/** Width of the poster copy a result shows (about 4 rem wide, at twice the density). */
const POSTER_WIDTH = 160;

function isArticle(record: Article | Production): record is Article {
  return 'slug' in record && 'content' in record;
}

function posterOf(production: Production): string | undefined {
  const image = production.assets.find((asset) => asset.type === 'poster') ?? production.assets.find((asset) => asset.type === 'first_image');
  return image ? thumbnailUrl(image, POSTER_WIDTH) : undefined;
}

function productionRecord(production: Production, events: Event[], now: Date): SearchRecord {
  const ageLimit = production.features.ageLimit;
  const showings = nextShowings(production, events, now, INDEXED_SHOWINGS * 2)
    .filter((event) => ticketState(event, now).kind === 'on-sale')
    .slice(0, INDEXED_SHOWINGS)
    .map((event) => ({ start: event.startTime, ticketUrl: event.ticketUrl }));
  const poster = posterOf(production);
  const lead = production.contents[0]?.summary;
  return {
    type: production.object === 'movie' ? 'film' : 'kulturarrangement',
    ...(lead ? { lead } : {}),
    ...(ageLimit ? { age: ageLimitLabel(ageLimit) } : {}),
    ...(poster ? { poster } : {}),
    showings,
  };
}

/** The search record of the page about `record`, or null when that page is not searchable. */
export function searchRecordFor(record: Article | Production | undefined, events: Event[], now: Date): SearchRecord | null {
  if (!record) return null;
  if (isArticle(record)) {
    return { type: 'artikkel', date: osloDay(new Date(record.createdAt)), when: formatDate(record.createdAt), lead: excerpt(record.content) };
  }
  const base = productionRecord(record, events, now);
  if (record.object === 'movie') return base;
  const own = events
    .filter((event) => event.status !== 'cancelled' && belongsTo(event, record))
    .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
  const next = own.find((event) => isUpcoming(event, now));
  if (next) return { ...base, date: osloDay(next.startTime), when: `Neste gong ${formatDate(next.startTime)}` };
  const last = own.at(-1);
  if (last) return { ...base, date: osloDay(last.startTime), when: `Sist ${formatDate(last.startTime)}` };
  return { ...base, when: 'Ingen datoar i programmet no' };
}

/** What the editors say about an ordinary page, for the index. */
export interface PageAbout {
  description?: string | undefined;
  keywords?: readonly string[] | undefined;
}

/**
 * The search record of an ordinary page made of `components`, or null when it is not indexed.
 * `about`: the page's meta description and keywords.
 */
export function ordinaryPageRecord(pathname: string, components: readonly string[], about: PageAbout = {}): SearchRecord | null {
  if (UNINDEXED_PATHS.has(normalisePath(pathname))) return null;
  if (components.some((component) => LISTING_BLOCKS.has(component))) return null;
  if (!components.some((component) => INDEXED_BLOCKS.has(component))) return null;
  const text = [about.description, ...(about.keywords ?? [])]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' · ');
  return text ? { type: 'side', about: text } : { type: 'side' };
}

/**
 * Attributes of an empty element in the cover that gives Pagefind the page's `about` text at
 * `ABOUT_WEIGHT` (Pagefind indexes the attribute's value as text), or null when there is none.
 */
export function searchAboutAttributes(record: SearchRecord | null, component: string): Record<string, string> | null {
  if (!record?.about || component !== 'cover') return null;
  return { 'data-pagefind-weight': String(ABOUT_WEIGHT), 'data-pagefind-index-attrs': 'data-search-about', 'data-search-about': record.about };
}

/**
 * The search record of a rendered page: the record's, but only at the page's canonical path,
 * so an alias showing the same page (or a filter page of a programme) is not indexed twice.
 * A page about no record is an ordinary page.
 */
export function pageSearchRecord(page: {
  record: Article | Production | undefined;
  events: Event[];
  now: Date;
  canonicalUrl: string;
  pathname: string;
  /** The components of the page's blocks. */
  components?: readonly string[];
  /** The page's meta description and keywords. */
  about?: PageAbout;
}): SearchRecord | null {
  if (normalisePath(new URL(page.canonicalUrl).pathname) !== normalisePath(page.pathname)) return null;
  if (!page.record) return ordinaryPageRecord(page.pathname, page.components ?? [], page.about);
  return searchRecordFor(page.record, page.events, page.now);
}

/**
 * Attributes for a block's wrapper: `data-pagefind-body` on indexed blocks of searchable pages,
 * and on the cover also the page's filter (type) and meta (type, date, lead, age, poster,
 * showings). Meta values come from data attributes (Pagefind's `key[attribute]` form), so they
 * may hold any text; its `key:value` form would take the rest of the list as one value.
 */
export function searchAttributes(record: SearchRecord | null, component: string): Record<string, string> {
  if (!record || !INDEXED_BLOCKS.has(component)) return {};
  if (component !== 'cover') return { 'data-pagefind-body': '' };
  const values: Record<string, string | undefined> = {
    type: record.type,
    when: record.when,
    date: record.date,
    lead: record.lead,
    age: record.age,
    poster: record.poster,
    showings: record.showings && record.showings.length > 0 ? showingsMeta(record.showings) : undefined,
  };
  const present = Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '');
  return {
    'data-pagefind-body': '',
    'data-pagefind-filter': `type:${record.type}`,
    'data-pagefind-meta': present.map(([key]) => `${key}[data-search-${key}]`).join(', '),
    ...Object.fromEntries(present.map(([key, value]) => [`data-search-${key}`, value])),
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

/** An empty element that only carries a page's `about` text for the index (searchAboutAttributes). */
const ABOUT_ELEMENT = /<span\b[^>]*\bdata-search-about="[^"]*"[^>]*><\/span>/g;
/** The attributes Pagefind reads meta from, and its list of them. */
const META_ATTRIBUTES = / data-(?:search-[a-z]+|pagefind-meta)="[^"]*"/g;

/**
 * The page as visitors get it, once Pagefind has read it: without the data only the index needs
 * (meta values, showings, the `about` element), which would otherwise cost every visitor of a
 * film's page half a kilobyte and the offline precache tens. Attribute values never hold a raw
 * `"` (it is written as &quot;), so the patterns cannot cut one short.
 */
export function withoutIndexData(html: string): string {
  return html.replace(ABOUT_ELEMENT, '').replace(META_ATTRIBUTES, '');
}
