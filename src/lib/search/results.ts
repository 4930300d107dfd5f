/**
 * Pagefind's results as the search page shows them. Nothing here produces HTML: the excerpt is
 * split into text parts (marked or not) that the island renders as text nodes, so neither the
 * indexed text nor anything the visitor types can ever reach the page as markup. Meta values
 * that are malformed are treated as absent.
 */
import { itemAttributes, LIST_NAMES } from '../analytics/items';
import { formatClock, formatDayName, osloDay, relativeDayName } from '../format/time';
import { SEARCH_TYPE_LABELS, isSearchType, type PagefindResultData, type SearchType } from './types';

export interface ExcerptPart {
  text: string;
  /** A hit of the search term, shown highlighted. */
  marked: boolean;
}

/** A showing a ticket can be bought for, as the index lists it. */
export interface IndexedShowing {
  /** ISO start time with offset. */
  start: string;
  /** The ticket seller's page for it (http or https). */
  ticketUrl: string;
}

export interface SearchResultView {
  /** Site-relative path of the page. */
  url: string;
  title: string;
  type: SearchType | null;
  /** 'Film', 'Arrangement', 'Artikkel', 'Side', or '' for an unknown type. */
  typeLabel: string;
  /** YYYY-MM-DD, for a <time datetime>. */
  date: string | null;
  /** The date as text, such as '7. april 2025'. */
  when: string | null;
  /** The lead of an article, film or event. */
  lead: string | null;
  /** 'Aldersgrense 12 år' or 'Tillate for alle' (films and events). */
  age: string | null;
  /** Site path of a small poster (films and events). */
  poster: string | null;
  /** Showings with tickets on sale when the site was built, earliest first. */
  showings: IndexedShowing[];
  /** A film's or event's platform id and analytics category, for its ticket link; null for other pages. */
  product: { id: string; category: string } | null;
  excerpt: ExcerptPart[];
}

/** Pagefind escapes only < and > in the text it wraps with <mark>; those two come back. */
function unescapeText(text: string): string {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}

/**
 * Splits Pagefind's excerpt on its <mark> tags into plain text parts. Any other tag-like text
 * stays literal text; empty parts are dropped and neighbours of equal kind merged.
 */
export function excerptParts(excerpt: string): ExcerptPart[] {
  const parts: ExcerptPart[] = [];
  let marked = false;
  for (const piece of excerpt.split(/(<mark>|<\/mark>)/)) {
    if (piece === '<mark>') marked = true;
    else if (piece === '</mark>') marked = false;
    else if (piece.length > 0) {
      const text = unescapeText(piece);
      const previous = parts.at(-1);
      if (previous && previous.marked === marked) previous.text += text;
      else parts.push({ text, marked });
    }
  }
  return parts;
}

/**
 * A path on this site, without a trailing slash (the canonical form), or null for anything
 * else: absolute and protocol-relative URLs, other schemes, backslashes.
 */
export function sitePath(url: string): string | null {
  if (!url.startsWith('/') || url.startsWith('//') || url.includes('\\')) return null;
  const parsed = new URL(url, 'https://site.invalid');
  if (parsed.origin !== 'https://site.invalid') return null;
  const path = parsed.pathname.length > 1 ? parsed.pathname.replace(/\/+$/, '') : parsed.pathname;
  return `${path}${parsed.search}${parsed.hash}`;
}

const ISO_START = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** The showings in a result's `showings` meta (JSON of [start, ticketUrl] pairs); what is malformed is left out. */
export function parseShowings(text: string | undefined): IndexedShowing[] {
  if (!text) return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    if (!Array.isArray(entry) || entry.length !== 2) return [];
    const [start, ticketUrl] = entry as unknown[];
    if (typeof start !== 'string' || typeof ticketUrl !== 'string') return [];
    if (!ISO_START.test(start) || Number.isNaN(Date.parse(start)) || !isWebUrl(ticketUrl)) return [];
    return [{ start, ticketUrl }];
  });
}

/** The `showings` meta for the index: [start, ticketUrl] pairs as JSON. */
export function showingsMeta(showings: readonly IndexedShowing[]): string {
  return JSON.stringify(showings.map((showing) => [showing.start, showing.ticketUrl]));
}

export interface TicketLink {
  href: string;
  /** When, named from the visitor's day: 'i dag kl. 19.00', 'i morgon kl. 18.00', 'fredag 27. november kl. 19.00'. */
  when: string;
  /** YYYY-MM-DDTHH:MM… for a <time datetime>. */
  start: string;
}

/** The next showing that has not started at `now`, as a ticket link, or null when there is none. */
export function nextTicket(showings: readonly IndexedShowing[], now: Date): TicketLink | null {
  const next = showings.filter((showing) => Date.parse(showing.start) > now.getTime()).sort((a, b) => Date.parse(a.start) - Date.parse(b.start))[0];
  if (!next) return null;
  const day = osloDay(next.start);
  const relative = relativeDayName(day, now);
  const dayName = relative ? relative.toLocaleLowerCase('nn') : formatDayName(day);
  return { href: next.ticketUrl, when: `${dayName} ${formatClock(next.start)}`, start: next.start };
}

function text(value: string | undefined): string | null {
  return value?.trim() || null;
}

/** One result as the page shows it, or null when its URL is not a page of this site. */
export function toResultView(data: PagefindResultData): SearchResultView | null {
  const url = sitePath(data.url);
  if (url === null) return null;
  const rawType = data.meta['type'] ?? data.filters?.['type']?.[0];
  const type = isSearchType(rawType) ? rawType : null;
  const date = data.meta['date'];
  const poster = data.meta['poster'] ? sitePath(data.meta['poster']) : null;
  return {
    url,
    title: data.meta['title']?.trim() || url,
    type,
    typeLabel: type ? SEARCH_TYPE_LABELS[type] : '',
    date: date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null,
    when: text(data.meta['when']),
    lead: text(data.meta['lead']),
    age: text(data.meta['age']),
    poster,
    showings: parseShowings(data.meta['showings']),
    product: productOf(data.meta),
    excerpt: excerptParts(data.excerpt),
  };
}

function productOf(meta: PagefindResultData['meta']): SearchResultView['product'] {
  const id = text(meta['product']);
  return id ? { id, category: text(meta['category']) ?? '' } : null;
}

/**
 * The analytics item a result's ticket link carries, as every ticket link of the site does
 * (src/components/ShowingTime.astro), so a click on it reports BUY_TICKET from the list «Søk»;
 * the brand is on <body>. Nothing for a result without its product.
 */
export function ticketItemAttributes(result: Pick<SearchResultView, 'title' | 'product'>): Record<string, string> {
  if (!result.product) return {};
  return itemAttributes({ id: result.product.id, name: result.title, category: result.product.category, listName: LIST_NAMES.search });
}

/** What the status line says (and screen readers hear) after a search. */
export function resultCountText(count: number, term: string): string {
  if (count === 0) return `Ingen treff på «${term}».`;
  return `${count} treff på «${term}».`;
}

/**
 * Whether a query that found nothing reads like the title of a film or an event: quoted, or
 * two to eight words starting with a capital letter, with no question mark. Then the page
 * says it is not on the programme now, rather than only that nothing was found.
 */
export function looksLikeTitle(query: string): boolean {
  const trimmed = query.trim();
  if (/^[«"“'].+[»"”']$/u.test(trimmed)) return true;
  if (trimmed.includes('?')) return false;
  const words = trimmed.split(/\s+/).filter(Boolean);
  return words.length >= 1 && words.length <= 8 && /^\p{Lu}/u.test(trimmed);
}
