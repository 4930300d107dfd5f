/**
 * The site's two analytics events and the tiny typed emitter they go through. Emitting never
 * throws and never waits: a listener that fails is logged and the others still run.
 */
import type { ProductItem } from './items';

export type AnalyticsEvent =
  /** A visitor opened the page of a production. */
  | { type: 'VIEW_ITEM'; items: ProductItem[] }
  /** A visitor followed a ticket link to the external ticketing provider. */
  | { type: 'BUY_TICKET'; item: ProductItem };

export type AnalyticsListener = (event: AnalyticsEvent) => void;

export interface AnalyticsEmitter {
  emit(event: AnalyticsEvent): void;
  /** Adds a listener; the function returned removes it again. */
  subscribe(listener: AnalyticsListener): () => void;
}

export function createEmitter(onError: (error: unknown) => void = (error) => console.error('analytics:', error)): AnalyticsEmitter {
  const listeners = new Set<AnalyticsListener>();
  return {
    emit(event) {
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch (error) {
          onError(error);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
