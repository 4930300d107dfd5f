/**
 * What the search index holds, decided at build time: every public page a visitor may want to
 * open from a search. Films, culture events and articles, the ordinary information pages
 * (Bassenget, Utleige, the halls and rooms …), and the pages that list others (the programmes,
 * the film and article lists), of which only the cover and the editors' text are indexed, not
 * the lists, so «kino» finds /kinoprogram without every film's title pointing there too. Out
 * stay the front page (it repeats all the others), the search page itself, the 404 page, the
 * generated one-filter views of the programmes (their programme is indexed once), and the film
 * club's screens (which carry no markers). tests/e2e/search.spec.ts holds the index to the
 * sitemap. Pagefind reads the `data-pagefind-*` attributes these functions return; once a page
 * of the site carries `data-pagefind-body`, Pagefind skips every page without one, and menus
 * and footers stay out of the index.
 */
import type { Article, Event, Production } from '../../schemas';
import { productCategory } from '../analytics/items';
import { ageLimitLabel } from '../films/age-limit';
import { normalisePath } from '../pages/paths';
import { belongsTo, isUpcoming, nextShowings, ticketState } from '../programme/programme';
import { formatDate, osloDay } from '../format/time';
import { thumbnailUrl } from '../site/images';
import { excerpt } from '../site/text';
import { showingsMeta, type IndexedShowing } from './results';
import { MIN_WORD_LENGTH } from './suggest';
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
   * A film's or event's platform id and analytics category (src/lib/analytics/items.ts), which
   * the result's ticket link carries as every ticket link does, so a click reports BUY_TICKET.
   */
  product?: string;
  category?: string;
  /**
   * What the editors say the page is about (its meta description and keywords): indexed with
   * extra weight, not shown, so «opningstider» finds the pages whose editors said so.
   */
  about?: string;
  /**
   * The words visitors search for to find the page (its meta's `searchWords`, set by the
   * editors in content/pages.json): Pagefind meta `words`, which Pagefind matches on its own and
   * adds to the page's score at SEARCH_WORDS_WEIGHT (types.ts), on top of
   * its text's; not shown, and not in the text excerpts are taken from.
   */
  words?: string;
  /**
   * Only the cover is indexed (title, lead and the search words): a page that lists others
   * (a programme, the film or article list). Its text is the list's introduction, which the
   * pages it lists say better, and every fragment is stored offline.
   */
  coverOnly?: boolean;
}

/** Weight of `about` against body text (1) and headings (h1 7, h2 6 … in Pagefind). */
export const ABOUT_WEIGHT = 5;

/** Blocks whose text is indexed on a searchable page: the cover (title, lead) and the body. */
export const INDEXED_BLOCKS: ReadonlySet<string> = new Set(['cover', 'content', 'production-details']);

/**
 * Blocks that are the search itself: a page with one is not indexed (its results are the other
 * pages).
 */
export const SEARCH_BLOCKS: ReadonlySet<string> = new Set(['search-field']);

/**
 * Blocks that list other pages (programmes, film and article lists): a page with one is indexed
 * by its cover only (`coverOnly`), the pages it lists by their own.
 */
export const LISTING_BLOCKS: ReadonlySet<string> = new Set(['today', 'cinema-programme', 'culture-programme', 'film-list', 'article-list']);

/**
 * Ordinary pages never indexed whatever their blocks: the front page (its strips repeat the
 * programme and the news, and «Kulturhuset Kaia» is on every page) and the 404 page.
 */
export const UNINDEXED_PATHS: ReadonlySet<string> = new Set(['/', '/404', '/404.html']);

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
    product: production.id,
    category: productCategory(production),
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
  /** The words visitors search for to find it. */
  searchWords?: readonly string[] | undefined;
}

/** The search words as one text for the index: trimmed, empty ones and repeats dropped. */
export function searchWordsText(words: readonly string[] | undefined): string {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const word of words ?? []) {
    const trimmed = word.trim();
    const key = trimmed.toLocaleLowerCase('nn');
    if (!trimmed || seen.has(key)) continue;
    seen.add(key);
    kept.push(trimmed);
  }
  return kept.join(' · ');
}

/**
 * The search record of an ordinary page made of `components`, or null when it is not indexed.
 * `about`: the page's meta description and keywords.
 */
export function ordinaryPageRecord(pathname: string, components: readonly string[], about: PageAbout = {}): SearchRecord | null {
  if (UNINDEXED_PATHS.has(normalisePath(pathname))) return null;
  if (components.some((component) => SEARCH_BLOCKS.has(component))) return null;
  if (!components.some((component) => INDEXED_BLOCKS.has(component))) return null;
  const text = [about.description, ...(about.keywords ?? [])]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' · ');
  const words = searchWordsText(about.searchWords);
  const coverOnly = components.some((component) => LISTING_BLOCKS.has(component));
  return { type: 'side', ...(text ? { about: text } : {}), ...(words ? { words } : {}), ...(coverOnly ? { coverOnly } : {}) };
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
  /** The page's meta description, keywords and search words. */
  about?: PageAbout;
  /** A generated one-filter view of a programme: never indexed, its programme is. */
  filtered?: boolean;
}): SearchRecord | null {
  if (page.filtered) return null;
  if (normalisePath(new URL(page.canonicalUrl).pathname) !== normalisePath(page.pathname)) return null;
  if (!page.record) return ordinaryPageRecord(page.pathname, page.components ?? [], page.about);
  return searchRecordFor(page.record, page.events, page.now);
}

/**
 * Attributes for a block's wrapper: `data-pagefind-body` on indexed blocks of searchable pages,
 * and on the cover also the page's filter (type) and meta (type, date, lead, age, poster,
 * showings, the analytics product and category). Meta values come from data attributes (Pagefind's `key[attribute]` form), so they
 * may hold any text; its `key:value` form would take the rest of the list as one value.
 */
export function searchAttributes(record: SearchRecord | null, component: string): Record<string, string> {
  if (!record || !INDEXED_BLOCKS.has(component)) return {};
  if (component !== 'cover') return record.coverOnly ? {} : { 'data-pagefind-body': '' };
  const values: Record<string, string | undefined> = {
    type: record.type,
    when: record.when,
    date: record.date,
    lead: record.lead,
    age: record.age,
    poster: record.poster,
    showings: record.showings && record.showings.length > 0 ? showingsMeta(record.showings) : undefined,
    product: record.product,
    category: record.category,
    words: record.words,
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
/**
 * A start tag carrying one of the index's attributes. Text never holds a tag: a "<" in text is
 * written as &lt;. Only such tags reach the replacement (a page has thousands of others).
 */
const INDEXED_START_TAG = /<[a-z][^>]*?\sdata-(?:pagefind|search)-[^>]*>/gi;
/** What Pagefind reads (its markers, filter and meta list) and the attributes it reads meta from. */
const INDEX_ATTRIBUTES = /\s(?:data-pagefind-[a-z-]+|data-search-[a-z]+)(?:="[^"]*")?(?=[\s/>])/g;

/**
 * The page as visitors get it, once Pagefind has read it: without what only the index needs
 * (Pagefind's markers and filter, meta values, showings, the `about` element), which would
 * otherwise cost every visitor of a film's page half a kilobyte and the offline precache tens.
 * Only start tags are touched, never text. Attribute values never hold a raw `"` (it is
 * written as &quot;), so the patterns cannot cut one short.
 */
export function withoutIndexData(html: string): string {
  return html.replace(ABOUT_ELEMENT, '').replace(INDEXED_START_TAG, (tag) => tag.replace(INDEX_ATTRIBUTES, ''));
}

/** The few entities Astro writes in text and attribute values. */
function decodeEntities(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([\da-f]+);/gi, (_, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * The words of an indexed page that the «Meinte du …?» list holds (src/lib/search/suggest.ts):
 * those of its title (its first h1, which Pagefind takes as the title) and of its search words
 * (meta `words`), lower case, at least MIN_WORD_LENGTH letters. Read from the page as built,
 * before `withoutIndexData` takes the meta out.
 */
export function indexWords(html: string): string[] {
  const title = /<h1\b[^>]*>([\s\S]*?)<\/h1>/i.exec(html)?.[1] ?? '';
  const words = /\bdata-search-words="([^"]*)"/.exec(html)?.[1] ?? '';
  const text = decodeEntities(`${title.replace(/<[^>]*>/g, ' ')} ${words}`);
  return text
    .toLocaleLowerCase('nn')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => [...word].length >= MIN_WORD_LENGTH && !/^\d+$/.test(word));
}
