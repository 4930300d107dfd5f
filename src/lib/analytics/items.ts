/**
 * The product a visitor looks at or buys a ticket for, as analytics reports it: one film or
 * culture production, with the list it was seen in. Server side, the build writes these fields
 * as data attributes on ticket links and production pages; in the browser they are read back.
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
} as const;

export function productCategory(production: Production): string {
  return production.object === 'movie' ? (production.features.genres[0] ?? '') : production.features.category;
}

export function productItem(production: Production, brand: string, listName: string): ProductItem {
  return { id: production.id, name: production.title, brand, listName, category: productCategory(production) };
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

/** Data attributes carrying an item in the markup (read back with itemFromDataset). */
export function itemAttributes(item: ProductItem): Record<string, string> {
  return {
    'data-item-id': item.id,
    'data-item-name': item.name,
    'data-item-brand': item.brand,
    'data-item-list': item.listName,
    'data-item-category': item.category,
  };
}

/** The item an element's dataset carries, or null when any field is missing or empty. */
export function itemFromDataset(dataset: Readonly<Record<string, string | undefined>>): ProductItem | null {
  const id = dataset['itemId'];
  const name = dataset['itemName'];
  const brand = dataset['itemBrand'];
  const listName = dataset['itemList'];
  const category = dataset['itemCategory'];
  if (!id || !name || !brand || !listName || !category) return null;
  return { id, name, brand, listName, category };
}
