/**
 * The import: download every collection, sanitise the editorial HTML, validate every record,
 * and only then replace the imported files of content/, all at once. Any failure before the
 * swap leaves content/ exactly as it was.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contentFiles } from '../src/lib/content/files';
import { isHttpError } from '../src/lib/http';
import { productionOf } from '../src/lib/programme/programme';
import type { Event, Production } from '../src/schemas';
import type { ImportConfig } from './config';
import { RetriesExhausted, withRetries } from './retry';
import { sanitiseHtml } from './sanitise';
import { serialise, sortById } from './serialise';
import { createClients, downloads, type Download } from './sources';
import { compareRecords, type CollectionChange } from './summary';
import { ImportDataError, validateRecords } from './validate';
import { changedFiles, recoverInterruptedSwap, swapInContent } from './write';

export interface ImportOptions {
  readonly config: ImportConfig;
  /** Directory holding the content snapshot; default 'content'. */
  readonly contentDir?: string;
  /** Progress lines go here (stderr in the command-line tool). */
  readonly progress?: (line: string) => void;
  /** Import the CMS's drafts (the latest saved state) instead of what is published: for previews only. */
  readonly drafts?: boolean;
  /** Waits between tries (tests pass a fake). */
  readonly sleep?: (ms: number) => Promise<void>;
  /**
   * The digest (`ImportResult.digest`) of downloads known to match contentDir already. When the
   * platform answers exactly that again, the records are not checked and nothing is written:
   * an unchanged box-office check of the large dataset costs its downloads, not seconds of validation.
   */
  readonly knownDigest?: string;
  /** Told, per download (`downloads` key), when it answered or failed for good. */
  readonly onDownload?: (key: keyof typeof downloads, error?: unknown) => void;
}

export interface ImportResult {
  readonly changes: CollectionChange[];
  /** Files of content/ that were rewritten; empty when nothing changed. */
  readonly written: string[];
  /** What the sanitiser removed for being embedded from elsewhere, by record (also in progress). */
  readonly warnings: string[];
  /** A digest of everything downloaded (see `knownDigest`). */
  readonly digest: string;
  /** Whether the downloads matched `knownDigest`, so nothing was checked or written. */
  readonly sameAsKnown: boolean;
}

export class ImportError extends Error {}

export async function runImport({
  config,
  contentDir = 'content',
  progress = () => {},
  drafts = false,
  sleep,
  knownDigest,
  onDownload = () => {},
}: ImportOptions): Promise<ImportResult> {
  if (recoverInterruptedSwap(contentDir)) progress('Recovered content/ from an import that was interrupted.');
  if (!existsSync(contentDir)) throw new ImportError(`The content directory ${contentDir} does not exist.`);

  const clients = createClients(config);
  const download = async (key: keyof typeof downloads): Promise<unknown> => {
    const item: Download = downloads[key];
    const started = Date.now();
    progress(`Fetching ${item.label} …`);
    try {
      const data = await withRetries(() => item.fetch(clients, config, { drafts }), config.retry, {
        ...(sleep ? { sleep } : {}),
        onRetry: (failed, wait, error) =>
          progress(`Fetching ${item.label}: try ${failed} failed (${String((error as Error).message)}); trying again in ${wait} ms …`),
      });
      progress(`Fetched ${item.label}: ${Array.isArray(data) ? `${data.length} records` : 'done'} in ${Date.now() - started} ms`);
      onDownload(key);
      return data;
    } catch (failure) {
      onDownload(key, failure instanceof RetriesExhausted ? failure.last : failure);
      const tries = failure instanceof RetriesExhausted ? failure.tries : 1;
      const error = failure instanceof RetriesExhausted ? failure.last : failure;
      const after = tries > 1 ? ` after ${tries} tries` : '';
      if (isHttpError(error)) throw new ImportError(`Fetching ${item.label} failed${after}: ${error.message} (${error.url})`);
      throw error;
    }
  };

  // Downloads run one after another: simple to follow, and kind to the platform.
  const raw = {
    articles: await download('articles'),
    blockData: await download('blockData'),
    events: await download('events'),
    sites: await download('sites'),
    productions: await download('productions'),
  };
  // Every source a page shows is in it: the CMS's records, the platform's productions and the
  // box office's showtimes with their sold-out and few-left states.
  const digest = createHash('sha256')
    .update(JSON.stringify({ version: DIGEST_VERSION, siteId: config.siteId, drafts, raw }))
    .digest('hex');
  if (knownDigest === digest && existsSync(contentDir)) {
    progress('Nothing changed since the last import (same answers from every source).');
    const unchanged = (collection: string, records: unknown) =>
      ({ collection, total: Array.isArray(records) ? records.length : 0, added: [], changed: [], removed: [] }) satisfies CollectionChange;
    return {
      changes: [
        unchanged('articles', raw.articles),
        unchanged('block-data', raw.blockData),
        unchanged('events', raw.events),
        unchanged('productions', raw.productions),
      ],
      written: [],
      warnings: [],
      digest,
      sameAsKnown: true,
    };
  }

  progress('Checking every record …');
  // Embeds the site cannot show (other frames, remote images) are removed with a warning that
  // names the record, so an editor can fix it in the CMS.
  const warnings: string[] = [];
  const sanitise = (collection: string, id: string, html: string) =>
    sanitiseHtml(html, (message) => warnings.push(`${collection}: record "${id}": ${message}`));
  const articles = validateRecords('articles', contentFiles.articles.schema, raw.articles).map((article) => ({
    ...article,
    content: sanitise('articles', article.id, article.content),
  }));
  const blockData = validateRecords('block-data', contentFiles.blockData.schema, raw.blockData).map((record) =>
    record.type === 'content' ? { ...record, html: sanitise('block-data', record.id, record.html) } : record,
  );
  const events = validateRecords('events', contentFiles.events.schema, raw.events);
  const sites = validateRecords('sites', contentFiles.site.schema, raw.sites);
  const productions = validateRecords('productions', contentFiles.productions.schema, raw.productions).map((production) => ({
    ...production,
    contents: production.contents.map((part) => ({ ...part, body: sanitise('productions', production.id, part.body) })),
  }));
  for (const warning of warnings) progress(`Warning: ${warning}`);
  const site = sites.find((candidate) => candidate.id === config.siteId);
  if (!site) throw new ImportDataError(`sites: the platform has no site "${config.siteId}" (KAIA_SITE_ID)`);
  checkLinks(events, productions);
  // Sanitised HTML must still satisfy the schemas (an all-script body becomes empty).
  validateRecords('articles', contentFiles.articles.schema, articles);
  validateRecords('block-data', contentFiles.blockData.schema, blockData);
  validateRecords('productions', contentFiles.productions.schema, productions);

  const collections = {
    articles: sortById(articles),
    blockData: sortById(blockData),
    events: sortById(events),
    productions: sortById(productions),
  } as const;
  const files: Record<string, string> = { [contentFiles.site.file]: serialise(site) };
  for (const [key, records] of Object.entries(collections)) files[contentFiles[key as keyof typeof collections].file] = serialise(records);

  const changes = Object.entries(collections).map(([key, records]) =>
    compareRecords(
      contentFiles[key as keyof typeof collections].file.replace(/\.json$/, ''),
      previous(contentDir, contentFiles[key as keyof typeof collections].file),
      records,
    ),
  );
  const written = changedFiles(contentDir, files);
  if (written.length > 0) {
    progress(`Writing ${written.join(', ')} …`);
    swapInContent(contentDir, files);
  }
  return { changes, written, warnings, digest, sameAsKnown: false };
}

/** Part of the digest: a new version (new checks or sanitising rules) makes every old digest unknown. */
const DIGEST_VERSION = 1;

/** Every event must point at a production we have, or its page could not be built. */
function checkLinks(events: Event[], productions: Production[]) {
  for (const [index, event] of events.entries()) {
    if (productionOf(event, productions)) continue;
    const { pageReference = '', parentSlug = '' } = event.production;
    throw new ImportDataError(
      `events: record "${event.id}" (number ${index + 1}): field production: no production with pageReference "${pageReference}" or parentSlug "${parentSlug}"`,
    );
  }
}

/** The records content/ holds now; unreadable or malformed files count as empty. */
function previous(contentDir: string, file: string): { id: string }[] {
  try {
    const data = JSON.parse(readFileSync(join(contentDir, file), 'utf8')) as unknown;
    return Array.isArray(data) ? data.filter((record: unknown): record is { id: string } => typeof (record as { id?: unknown } | null)?.id === 'string') : [];
  } catch {
    return [];
  }
}
