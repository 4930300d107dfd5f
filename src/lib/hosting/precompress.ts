/**
 * Gzip and brotli copies of the build's text files (`page.html.gz`, `page.html.br`), made once
 * at build time so the server never compresses on the fly (nginx gzip_static/brotli_static).
 */
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { copyFile, mkdir, readdir, readFile, rename, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * How hard each file is compressed (brotli quality), by what it is:
 * - `asset`: scripts, styles, the search index, feeds, every file that is not HTML. Loaded with
 *   many pages and cached long, so brotli's best (11), about a second per megabyte.
 * - `page`: the sitemap's pages, where visitors arrive. Quality 10: measured on 300 pages of the
 *   large dataset, 2 % more bytes than 11 in a third of its time (0.4 s per megabyte); a large
 *   site has some 40 MB of them.
 * - `view`: the other HTML (the one-filter views of the programmes, which only visitors without
 *   JavaScript open, member screens, redirect stubs). Quality 5: on the one-day pages fifty
 *   times faster than 11 for 15 % more bytes. On a large site that HTML is 75 MB.
 * Files past BEST_BROTLI_MAX_BYTES (the programme pages of a site with thousands of showings)
 * get quality 9 at most, some 20 ms per megabyte for a tenth more bytes than 11.
 */
export type CompressionPlace = 'asset' | 'page' | 'view';
export const BEST_BROTLI_MAX_BYTES = 512 * 1024;
const PLACE_BROTLI: Record<CompressionPlace, number> = { asset: 11, page: 10, view: 5 };

/**
 * Files smaller than this get no compressed copies: a copy would save a few hundred bytes at
 * most, inside the first packet anyway, and a large site has thousands of such files (each
 * showing's .ics, the redirect stubs); nginx sends them as they are.
 */
export const MIN_PRECOMPRESS_BYTES = 1024;
const LARGE_FILE_BROTLI = 9;

export function brotliQuality(bytes: number, place: CompressionPlace = 'asset'): number {
  const quality = PLACE_BROTLI[place];
  return bytes <= BEST_BROTLI_MAX_BYTES ? quality : Math.min(quality, LARGE_FILE_BROTLI);
}

/** The two compressed copies of one file's bytes. */
export async function compressedCopies(body: Buffer, place: CompressionPlace = 'asset'): Promise<{ gzip: Buffer; brotli: Buffer }> {
  const [gzipped, brotlied] = await Promise.all([
    gzipAsync(body, { level: 9 }),
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality(body.length, place), [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  ]);
  return { gzip: gzipped, brotli: brotlied };
}

/** Cached copies nobody has used for this long are deleted at the end of a run. */
export const CACHE_KEEP_MS = 7 * 24 * 3600 * 1000;

/**
 * Compressed copies by the bytes they were made from, kept between builds (by default in
 * node_modules/.cache/kaia-precompress, like the media variants): a publish that changes one
 * article leaves thousands of pages as they were, and their copies are taken from here instead
 * of compressed again. An entry is named by the SHA-256 of the file and the brotli quality, so a
 * changed file or rule never meets an old copy; entries are written under a temporary name and
 * renamed, so a build never reads half of one, even beside another build.
 */
export interface CompressionCache {
  dir: string;
}

export interface PrecompressResult {
  /** Files that got compressed copies. */
  compressed: number;
  /** Of those, how many took their copies from the cache. */
  reused: number;
}

async function fromCache(cache: CompressionCache, names: { gzip: string; brotli: string }, file: string): Promise<boolean> {
  try {
    const now = new Date();
    await Promise.all([copyFile(join(cache.dir, names.gzip), `${file}.gz`), copyFile(join(cache.dir, names.brotli), `${file}.br`)]);
    await Promise.all([utimes(join(cache.dir, names.gzip), now, now), utimes(join(cache.dir, names.brotli), now, now)]);
    return true;
  } catch {
    // Not there (or deleted meanwhile by another build's clean-up): compress it.
    return false;
  }
}

async function intoCache(cache: CompressionCache, name: string, body: Buffer): Promise<void> {
  const temporary = join(cache.dir, `${name}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
  await writeFile(temporary, body);
  await rename(temporary, join(cache.dir, name));
}

/** Deletes cached copies unused for CACHE_KEEP_MS (and temporary files of runs that died). */
async function pruneCache(cache: CompressionCache): Promise<void> {
  const oldest = Date.now() - CACHE_KEEP_MS;
  for (const name of await readdir(cache.dir)) {
    const path = join(cache.dir, name);
    try {
      if ((await stat(path)).mtimeMs < oldest) await unlink(path);
    } catch {
      // Gone already.
    }
  }
}

/**
 * Writes `file.gz` and `file.br` beside every file of at least MIN_PRECOMPRESS_BYTES, on as
 * many cores as the machine has. `placeOf(file)` says how hard to compress it (see above); with
 * a cache, copies of files compressed before are taken from it.
 */
export async function precompressFiles(
  files: string[],
  placeOf: (file: string) => CompressionPlace = () => 'asset',
  cache?: CompressionCache,
): Promise<PrecompressResult> {
  if (cache) await mkdir(cache.dir, { recursive: true });
  let next = 0;
  const result: PrecompressResult = { compressed: 0, reused: 0 };
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++] as string;
      const body = await readFile(file);
      if (body.length < MIN_PRECOMPRESS_BYTES) continue;
      const place = placeOf(file);
      result.compressed += 1;
      const key = cache ? createHash('sha256').update(body).digest('hex') : '';
      const names = { gzip: `${key}.gz`, brotli: `${key}.q${brotliQuality(body.length, place)}.br` };
      if (cache && (await fromCache(cache, names, file))) {
        result.reused += 1;
        continue;
      }
      const copies = await compressedCopies(body, place);
      await Promise.all([writeFile(`${file}.gz`, copies.gzip), writeFile(`${file}.br`, copies.brotli)]);
      if (cache) await Promise.all([intoCache(cache, names.gzip, copies.gzip), intoCache(cache, names.brotli, copies.brotli)]);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) }, worker));
  if (cache) await pruneCache(cache);
  return result;
}
