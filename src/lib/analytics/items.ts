/**
 * The product a visitor looks at or buys a ticket for, as analytics reports it: one film or
 * culture production, with the list it was seen in. Server side, the build writes these fields
 * as data attributes on ticket links, their lists and production pages; in the browser they are
 * read back (itemFromElement).
 */
import type { Production } from '../../schemas';

export interface ProductItem {
  /** The production's platform id. */
  id: string;
  /** Its title as shown. */
  name: string;
  /** Who sells it: the house (the site title). */
  brand: string;
  /** Where the visitor met it: a programme list or the production's own page. */
  listName: string;
  /** Film: its first genre. Culture: its programme category. */
  category: string;
}

/** The lists a product can be met in, as analytics names them. */
export const LIST_NAMES = {
  cinema: 'Kinoprogram',
  culture: 'Kulturprogram',
  filmPage: 'Filmside',
  culturePage: 'Arrangementsside',
  /** Mi side's watch list in the film club. */
  watchList: 'Ønskjeliste',
  /** The search page's results. */
  search: 'Søk',
} as const;

export function productCategory(production: Production): string {
  return production.object === 'movie' ? (production.features.genres[0] ?? '') : production.features.category;
}

/** What names the production itself: id, title and category. */
export function productFields(production: Production): Pick<ProductItem, 'id' | 'name' | 'category'> {
  return { id: production.id, name: production.title, category: productCategory(production) };
}

export function productItem(production: Production, brand: string, listName: string): ProductItem {
  return { ...productFields(production), brand, listName };
}

/** The list name of a production's own page. */
export function productionPageList(production: Production): string {
  return production.object === 'movie' ? LIST_NAMES.filmPage : LIST_NAMES.culturePage;
}

/**
 * Which list a ticket link sits in: the production's own page when drawn there, otherwise the
 * programme of its kind (the cinema programme for films, the culture programme for the rest),
 * wherever that programme block is placed.
 */
export function ticketListName(production: Production, pagePath: string): string {
  const path = pagePath.replace(/\/index\.html$/, '').replace(/\/+$/, '') || '/';
  if (path === `/${production.pageReference}`) return productionPageList(production);
  return production.object === 'movie' ? LIST_NAMES.cinema : LIST_NAMES.culture;
}

/** Each field of an item and the data attribute that carries it in the markup. */
const ITEM_ATTRIBUTES: [keyof ProductItem, string][] = [
  ['id', 'data-item-id'],
  ['name', 'data-item-name'],
  ['brand', 'data-item-brand'],
  ['listName', 'data-item-list'],
  ['category', 'data-item-category'],
];

/** The item's fields as data attributes (`data-item-id` …), as many as `item` has. */
export function itemAttributes(item: Partial<ProductItem>): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [field, attribute] of ITEM_ATTRIBUTES) {
    const value = item[field];
    if (value !== undefined) attributes[attribute] = value;
  }
  return attributes;
}

/** The part of the DOM an item is read from (Element in the browser). */
export interface ItemSource {
  closest(selector: string): { getAttribute(name: string): string | null } | null;
}

/**
 * The item an element carries, or null when a field is missing or empty. Each field comes from
 * the element itself or its nearest ancestor that has it, so what many links share is written
 * once: the brand on <body>, the list on the programme, a production page's whole item on its
 * ticket list.
 */
export function itemFromElement(element: ItemSource): ProductItem | null {
  const item: Partial<ProductItem> = {};
  for (const [field, attribute] of ITEM_ATTRIBUTES) {
    const value = element.closest(`[${attribute}]`)?.getAttribute(attribute);
    if (!value) return null;
    item[field] = value;
  }
  return item as ProductItem;
}
