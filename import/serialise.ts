/**
 * Deterministic output: the same records give the same bytes, whatever order the API sent
 * them or their keys in. Records are sorted by id, object keys alphabetically, two-space
 * indentation and a final newline, so a content change is a small, readable diff.
 */
export function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const inner = (value as Record<string, unknown>)[key];
      if (inner !== undefined) sorted[key] = canonical(inner);
    }
    return sorted;
  }
  return value;
}

export function sortById<T extends { id: string }>(records: readonly T[]): T[] {
  return [...records].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export function serialise(value: unknown): string {
  return `${JSON.stringify(canonical(value), null, 2)}\n`;
}
