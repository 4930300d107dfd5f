/**
 * Content collections, one per file of the snapshot in content/. The snapshot keeps the shapes
 * the platform's APIs deliver; each record is validated with its schema from src/schemas.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineCollection } from 'astro:content';
import type { Loader } from 'astro/loaders';
import { contentFiles } from './lib/content/files';
import { contentDirectory } from './lib/config/build-env';

const directory = contentDirectory(fileURLToPath(new URL('..', import.meta.url)));

/** Loads one JSON file of the snapshot: an array of records, or one record for settings. */
function snapshotLoader(file: string, many: boolean): Loader {
  return {
    name: `snapshot:${file}`,
    async load(context) {
      const { store, watcher } = context;
      const path = join(directory, file);
      const raw: unknown = JSON.parse(await readFile(path, 'utf8'));
      const records = many ? (raw as Record<string, unknown>[]) : [raw as Record<string, unknown>];
      store.clear();
      for (const [index, record] of records.entries()) {
        // Records are kept in snapshot order; the index keeps ids unique for records without one.
        const id = String(index).padStart(6, '0');
        store.set({ id, data: await context.parseData({ id, data: record }) });
      }
      watcher?.add(path);
    },
  };
}

export const collections = Object.fromEntries(
  Object.entries(contentFiles).map(([key, { file, schema, many }]) => [key, defineCollection({ loader: snapshotLoader(file, many), schema })]),
);
