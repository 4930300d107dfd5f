/**
 * What kind of record a source gave: the three models share one union, and these guards tell
 * them apart by the fields only that model has.
 */
import type { Article, Event, Production } from '../../schemas';
import type { ModelRecord } from './sources';

export function isProduction(record: ModelRecord): record is Production {
  return 'pageReference' in record && 'contents' in record;
}

export function isArticle(record: ModelRecord): record is Article {
  return 'slug' in record && 'content' in record;
}

export function isEvent(record: ModelRecord): record is Event {
  return 'startTime' in record && 'venue' in record;
}
