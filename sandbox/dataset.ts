/**
 * The data the sandbox serves: the records the platform services would deliver, in their own
 * shapes. Records are deliberately left unvalidated (`unknown`), so tests can feed the import
 * broken data on purpose; only the outline the server itself relies on is checked.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Dataset {
  /** The one site the platform knows; its id is the management and platform site id. */
  site: { id: string; title: string };
  /** What the management API's `article` answers. */
  articles: unknown[];
  /** What the management API's `block-data` answers. */
  blockData: unknown[];
  /** What the platform API's `sites/:siteId/events` answers (films and culture productions). */
  productions: unknown[];
  /** What the runtime API's `basic_events` answers, and its `events` call picks from. */
  events: unknown[];
}

/** The repository's content snapshot, wherever the process was started from. */
export const defaultDataDir = fileURLToPath(new URL('../content', import.meta.url));

const files = {
  articles: 'articles.json',
  blockData: 'block-data.json',
  productions: 'productions.json',
  events: 'events.json',
} as const;

/** Reads the five platform files from `dir` (by default the repo's `content/`). */
export function loadDataset(dir: string = defaultDataDir): Dataset {
  const site = readJson(dir, 'site.json');
  if (!isSite(site)) throw new Error(`${join(dir, 'site.json')}: needs string fields id and title`);
  return {
    site: { id: site.id, title: site.title },
    articles: readArray(dir, files.articles),
    blockData: readArray(dir, files.blockData),
    productions: readArray(dir, files.productions),
    events: readArray(dir, files.events),
  };
}

/** Checks a dataset handed in directly, so a mistake shows at start and not as a 500 later. */
export function assertDataset(value: Dataset): Dataset {
  if (!isSite(value.site)) throw new TypeError('dataset.site needs string fields id and title');
  for (const key of Object.keys(files) as (keyof typeof files)[]) {
    if (!Array.isArray(value[key])) throw new TypeError(`dataset.${key} must be an array`);
  }
  return value;
}

function readJson(dir: string, file: string): unknown {
  const path = join(dir, file);
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as unknown;
  } catch (error) {
    throw new Error(`${path}: cannot be read as JSON (${(error as Error).message})`);
  }
}

function readArray(dir: string, file: string): unknown[] {
  const value = readJson(dir, file);
  if (!Array.isArray(value)) throw new Error(`${join(dir, file)}: must hold a JSON array`);
  return value;
}

function isSite(value: unknown): value is Dataset['site'] {
  const site = value as { id?: unknown; title?: unknown } | null;
  return typeof site === 'object' && site !== null && typeof site.id === 'string' && typeof site.title === 'string';
}
