/**
 * How the site's events read in a Google Tag Manager data layer, as GA4 ecommerce events.
 * Every ecommerce event is preceded by `{ecommerce: null}`, so the tag manager never merges
 * the items of an earlier event into it.
 */
import type { AnalyticsEvent } from './events';
import type { ProductItem } from './items';

export type DataLayerEntry = Record<string, unknown>;

export interface Ga4Item {
  item_id: string;
  item_name: string;
  item_brand: string;
  item_list_name: string;
  item_category: string;
  /** Position in the list, from 1. */
  index: number;
}

export function ga4Item(item: ProductItem, index: number): Ga4Item {
  return {
    item_id: item.id,
    item_name: item.name,
    item_brand: item.brand,
    item_list_name: item.listName,
    item_category: item.category,
    index,
  };
}

/** The entries to push, in order, for one event. */
export function dataLayerEntries(event: AnalyticsEvent): DataLayerEntry[] {
  switch (event.type) {
    case 'VIEW_ITEM':
      return [{ ecommerce: null }, { event: 'view_item', ecommerce: { items: event.items.map((item, at) => ga4Item(item, at + 1)) } }];
    case 'BUY_TICKET':
      // A content selection at list position 1 (SPEC §1).
      return [{ ecommerce: null }, { event: 'select_content', ecommerce: { items: [ga4Item(event.item, 1)] } }];
  }
}
