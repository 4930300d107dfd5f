/**
 * Every record is checked against the schema of its collection before anything is written.
 * The first bad record stops the import with a message naming the collection, the record
 * and the field.
 */
import type { z } from 'astro/zod';

export class ImportDataError extends Error {}

/** The collections whose data the import checks; an ImportDataError's message starts with one (`events: record …`). */
const DATA_ERROR = /^(articles|block-data|events|productions|sites): /;

/**
 * The collection a data error's message names, when `message` is one (also after it has been
 * stored as text, as in the publish service's run log); undefined for any other message.
 */
export function dataErrorCollection(message: string): string | undefined {
  return DATA_ERROR.exec(message)?.[1];
}

export function validateRecords<S extends z.ZodTypeAny>(collection: string, schema: S, data: unknown): z.infer<S>[] {
  if (!Array.isArray(data)) throw new ImportDataError(`${collection}: expected a list of records, got ${describe(data)}`);
  return data.map((record: unknown, index) => {
    const parsed = schema.safeParse(record);
    if (parsed.success) return parsed.data as z.infer<S>;
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join('.') || '(the record itself)';
    throw new ImportDataError(`${collection}: record ${recordName(record, index)}: field ${field}: ${issue.message}`);
  });
}

function recordName(record: unknown, index: number): string {
  const id = (record as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? `"${id}" (number ${index + 1})` : `number ${index + 1}`;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return `text (${value.length} characters)`;
  return typeof value;
}
