/** What an import changed, per collection, by record id. */
import { canonical } from './serialise';

export interface CollectionChange {
  readonly collection: string;
  readonly total: number;
  readonly added: string[];
  readonly changed: string[];
  readonly removed: string[];
}

type Identified = { readonly id: string };

export function compareRecords(collection: string, before: readonly Identified[], after: readonly Identified[]): CollectionChange {
  // Compared in canonical form, so a different key order alone is no change.
  const old = new Map(before.map((record) => [record.id, JSON.stringify(canonical(record))]));
  const next = new Map(after.map((record) => [record.id, JSON.stringify(canonical(record))]));
  return {
    collection,
    total: after.length,
    added: [...next.keys()].filter((id) => !old.has(id)),
    changed: [...next.keys()].filter((id) => old.has(id) && old.get(id) !== next.get(id)),
    removed: [...old.keys()].filter((id) => !next.has(id)),
  };
}

export function formatSummary(changes: readonly CollectionChange[]): string {
  const width = Math.max(...changes.map((change) => change.collection.length));
  const lines = changes.map((change) => {
    const counts = `${change.total} records: ${change.added.length} added, ${change.changed.length} changed, ${change.removed.length} removed`;
    const named = [
      ...change.added.slice(0, 5).map((id) => `+ ${id}`),
      ...change.changed.slice(0, 5).map((id) => `~ ${id}`),
      ...change.removed.slice(0, 5).map((id) => `- ${id}`),
    ];
    return [`  ${change.collection.padEnd(width)}  ${counts}`, ...named.map((line) => `  ${' '.repeat(width)}    ${line}`)].join('\n');
  });
  return lines.join('\n');
}
