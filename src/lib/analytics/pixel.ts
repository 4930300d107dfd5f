/**
 * The advertising pixel (Meta): where it loads from, and the standard events the site's
 * events become. Loaded only after consent, like everything in analytics.
 */
import type { AnalyticsEvent } from './events';

export const PIXEL_SCRIPT_URL = 'https://connect.facebook.net/en_US/fbevents.js';

/** One fbq('track', name, parameters) call. */
export interface PixelCall {
  name: 'ViewContent' | 'InitiateCheckout';
  parameters: {
    content_ids: string[];
    content_name: string;
    content_category: string;
    content_type: 'product';
  };
}

export function pixelCall(event: AnalyticsEvent): PixelCall | null {
  const item = event.type === 'VIEW_ITEM' ? event.items[0] : event.item;
  if (!item) return null;
  return {
    name: event.type === 'VIEW_ITEM' ? 'ViewContent' : 'InitiateCheckout',
    parameters: { content_ids: [item.id], content_name: item.name, content_category: item.category, content_type: 'product' },
  };
}
