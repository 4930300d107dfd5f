/**
 * Reads and validates the content snapshot straight from disk: the Astro build (query.ts),
 * its config, scripts and unit tests all read it this way.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contentFiles, type ContentKey, type SiteContent } from './files';

export class ContentError extends Error {}

function formatIssues(file: string, error: { issues: { path: (string | number)[]; message: string }[] }) {
  return error.issues.map((issue) => `${file}: ${issue.path.join('.') || '(root)'}: ${issue.message}`).join('\n');
}

/** One file of the snapshot, read and validated with its schema (the Astro config reads its settings this way). */
export function readSnapshotFile<K extends ContentKey>(directory: string, key: K): SiteContent[K] {
  const { file, schema, many } = contentFiles[key];
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(join(directory, file), 'utf8'));
  } catch (error) {
    throw new ContentError(`${file}: cannot be read as JSON (${(error as Error).message})`);
  }
  const parsed = (many ? schema.array() : schema).safeParse(raw);
  if (!parsed.success) throw new ContentError(formatIssues(file, parsed.error));
  return parsed.data as SiteContent[K];
}

export function readSnapshot(directory: string): SiteContent {
  const keys = Object.keys(contentFiles) as ContentKey[];
  return Object.fromEntries(keys.map((key) => [key, readSnapshotFile(directory, key)])) as SiteContent;
}
