/**
 * Pagefind's results as the search page shows them. Nothing here produces HTML: the excerpt is
 * split into text parts (marked or not) that the island renders as text nodes, so neither the
 * indexed text nor anything the visitor types can ever reach the page as markup.
 */
import { SEARCH_TYPE_LABELS, isSearchType, type PagefindResultData, type SearchType } from './types';

export interface ExcerptPart {
  text: string;
  /** A hit of the search term, shown highlighted. */
  marked: boolean;
}

export interface SearchResultView {
  /** Site-relative path of the page. */
  url: string;
  title: string;
  type: SearchType | null;
  /** 'Artikkel', 'Kulturarrangement', or '' for an unknown type. */
  typeLabel: string;
  /** YYYY-MM-DD, for a <time datetime>. */
  date: string | null;
  /** The date as text, such as '7. april 2025' or 'Neste gong 4. desember 2026'. */
  when: string | null;
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

/** One result as the page shows it, or null when its URL is not a page of this site. */
export function toResultView(data: PagefindResultData): SearchResultView | null {
  const url = sitePath(data.url);
  if (url === null) return null;
  const rawType = data.meta['type'] ?? data.filters?.['type']?.[0];
  const type = isSearchType(rawType) ? rawType : null;
  const date = data.meta['date'];
  return {
    url,
    title: data.meta['title']?.trim() || url,
    type,
    typeLabel: type ? SEARCH_TYPE_LABELS[type] : '',
    date: date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null,
    when: data.meta['when']?.trim() || null,
    excerpt: excerptParts(data.excerpt),
  };
}

/** What the status line says (and screen readers hear) after a search. */
export function resultCountText(count: number, term: string): string {
  if (count === 0) return `Ingen treff på «${term}».`;
  return `${count} treff på «${term}».`;
}
