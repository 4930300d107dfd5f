/**
 * What a run changed, in words staff use: each changed record by its kind and title in nynorsk
 * («Artikkel endra: Babysvømming», «Ny film: Alt vi ikkje sa»), with the path of its page on the
 * site where it has one. Titles come from the content before the run (removed records) and
 * after it (the rest); a record without a title is named by its id.
 */
import type { CollectionChange } from '../../import/summary';
import { formatDayName, formatTime, osloDay } from '../../src/lib/format/time';

export interface NamedChange {
  /** «Artikkel endra: Babysvømming» */
  readonly text: string;
  /** The page on the site (for a record that still has one), e.g. /article/babysvomming. */
  readonly path?: string;
}

/** Records of one content snapshot by collection, as the import writes them (records with ids). */
export type Snapshot = Readonly<Record<string, readonly unknown[]>>;

type Kind = 'added' | 'changed' | 'removed';
type Described = { readonly noun: string; readonly neuter?: boolean; readonly title: string; readonly path?: string };
type Row = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
const byId = (records: readonly unknown[] | undefined, id: string) => records?.find((record) => (record as Row | null)?.['id'] === id) as Row | undefined;

function describe(collection: string, record: Row | undefined, id: string, snapshot: Snapshot): Described {
  switch (collection) {
    case 'articles': {
      const slug = text(record?.['slug']);
      return { noun: 'artikkel', title: text(record?.['title']) ?? id, ...(slug ? { path: `/article/${encodeURIComponent(slug)}` } : {}) };
    }
    case 'productions': {
      const reference = text(record?.['pageReference']);
      const movie = record?.['object'] === 'movie';
      return {
        noun: movie ? 'film' : 'kulturarrangement',
        neuter: !movie,
        title: text(record?.['title']) ?? id,
        ...(reference ? { path: `/${encodeURIComponent(reference)}` } : {}),
      };
    }
    case 'events': {
      const link = record?.['production'] as Row | undefined;
      const reference = text(link?.['pageReference']);
      const parent = text(link?.['parentSlug']);
      // A showing names its production by pageReference or parentSlug (src/schemas/event.ts): either finds its title.
      const production = (snapshot['productions'] ?? []).find((entry) => {
        const candidate = entry as Row | null;
        return (reference !== undefined && candidate?.['pageReference'] === reference) || (parent !== undefined && candidate?.['parentSlug'] === parent);
      }) as Row | undefined;
      const start = text(record?.['startTime']);
      const when = start && !Number.isNaN(Date.parse(start)) ? `, ${formatDayName(osloDay(new Date(start)))} kl. ${formatTime(new Date(start))}` : '';
      const page = reference ?? text(production?.['pageReference']);
      return {
        noun: 'framsyning',
        title: `${text(production?.['title']) ?? reference ?? parent ?? id}${when}`,
        ...(page ? { path: `/${encodeURIComponent(page)}` } : {}),
      };
    }
    case 'block-data':
    case 'blockData':
      return { noun: 'innhaldsblokk', neuter: false, title: text(record?.['title']) ?? id };
    default:
      return { noun: 'innstilling', title: text(record?.['title']) ?? id };
  }
}

function phrase(kind: Kind, described: Described): string {
  const noun = described.noun;
  const capital = `${noun[0]?.toUpperCase() ?? ''}${noun.slice(1)}`;
  if (kind === 'added') return `${described.neuter ? 'Nytt' : 'Ny'} ${noun}: ${described.title}`;
  return `${capital} ${kind === 'changed' ? 'endra' : 'fjerna'}: ${described.title}`;
}

/**
 * The collections to read to name changes in `changed`: those, and the productions whenever
 * showings changed, since a showing is named by its production's title.
 */
export function namingCollections(changed: readonly string[]): string[] {
  return changed.includes('events') && !changed.includes('productions') ? [...changed, 'productions'] : [...changed];
}

/**
 * Each changed record named, in the order added, changed, removed per collection, at most
 * `limit` of them; `more` counts the rest.
 */
export function nameChanges(changes: readonly CollectionChange[], before: Snapshot, after: Snapshot, limit = 15): { items: NamedChange[]; more: number } {
  const items: NamedChange[] = [];
  let total = 0;
  for (const change of changes) {
    for (const kind of ['added', 'changed', 'removed'] as const) {
      for (const id of change[kind]) {
        total += 1;
        if (items.length >= limit) continue;
        const snapshot = kind === 'removed' ? before : after;
        const described = describe(change.collection, byId(snapshot[change.collection], id), id, snapshot);
        items.push({ text: phrase(kind, described), ...(kind !== 'removed' && described.path ? { path: described.path } : {}) });
      }
    }
  }
  return { items, more: total - items.length };
}
