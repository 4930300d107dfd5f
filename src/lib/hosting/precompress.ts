/**
 * Gzip and brotli copies of the build's text files (`page.html.gz`, `page.html.br`), made once
 * at build time so the server never compresses on the fly (nginx gzip_static/brotli_static).
 */
import { mkdirSync } from 'node:fs';
import { readdir, readFile, stat, unlink } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * How hard each file is compressed (brotli quality), by what it is:
 * - `asset`: the build's scripts and styles, the search index's code, the worker, the sitemap and
 *   feeds: few files, loaded with many pages and cached long, so brotli's best (11), about
 *   1.5 s per megabyte.
 * - `page`: the sitemap's pages, where visitors arrive. Quality 6. Measured on the large dataset
 *   (1,530 pages, 95 MB, 2026-11-27): 6.5 % more bytes than quality 10 (about 0.7 KB on a 62 KB
 *   page) in a sixteenth of the time (0.03 s per megabyte against 0.5); at 10 they took 48 s of
 *   the large build's CPU, at 6 they take 3 s. Qualities 7 to 9 save under 1 % more for 2–8
 *   times the time; 10 and 11 switch to brotli's slow search.
 * - `view`: the other HTML (the one-filter views of the programmes, which only visitors without
 *   JavaScript open, member screens, redirect stubs) and the calendar files (one per
 *   production, opened from «Legg i kalender»). Quality 5.
 * Files past BEST_BROTLI_MAX_BYTES (the programme pages of a site with thousands of showings)
 * get quality 9 at most, some 20 ms per megabyte for a tenth more bytes than 11.
 * docs/decisions/0010-compression-levels.md has the figures.
 */
export type CompressionPlace = 'asset' | 'page' | 'view';
export const BEST_BROTLI_MAX_BYTES = 512 * 1024;
const PLACE_BROTLI: Record<CompressionPlace, number> = { asset: 11, page: 6, view: 5 };
/** gzip, for the few clients without brotli: 9 for assets; 6 for HTML, 0.2–1.7 % larger in half the time. */
const PLACE_GZIP: Record<CompressionPlace, number> = { asset: 9, page: 6, view: 6 };

/**
 * Files smaller than this get no compressed copies: a copy would save a few hundred bytes at
 * most, inside the first packet anyway, and a large site has thousands of such files (each
 * showing's .ics, the redirect stubs); nginx sends them as they are.
 */
export const MIN_PRECOMPRESS_BYTES = 1024;
const LARGE_FILE_BROTLI = 9;

/** Where a file of the build (`path` relative to it, with /) belongs, `sitemapPages` being the sitemap's page files. */
export function compressionPlace(path: string, sitemapPages: ReadonlySet<string>): CompressionPlace {
  if (path.endsWith('.ics')) return 'view';
  if (!path.endsWith('.html')) return 'asset';
  return sitemapPages.has(path) ? 'page' : 'view';
}

export function brotliQuality(bytes: number, place: CompressionPlace = 'asset'): number {
  const quality = PLACE_BROTLI[place];
  return bytes <= BEST_BROTLI_MAX_BYTES ? quality : Math.min(quality, LARGE_FILE_BROTLI);
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

/** The worker threads' script (plain JavaScript: see its header). */
const WORKER_SCRIPT = fileURLToPath(new URL('./precompress-worker.mjs', import.meta.url));

interface WorkerAnswer {
  id: number;
  reused?: boolean;
  error?: string;
}

/**
 * Compresses files as they are handed over, in worker threads (one per core,
 * precompress-worker.mjs), each doing one file at a time with synchronous zlib and file calls;
 * the caller's thread, which mostly waits, and Pagefind's process share the cores with them.
 * `add` takes a file's path and bytes (the caller has them already, as the post-build pass does
 * for pages) and waits only while `queued` files per thread are in work, so the caller goes on
 * with the next file while the last ones are compressed. Files under
 * MIN_PRECOMPRESS_BYTES are passed over. With a cache, copies of bytes compressed before are
 * taken from it. `done` waits for the rest, stops the threads, prunes the cache and gives the
 * figures; `close` stops the threads after a failure elsewhere.
 */
export interface Precompressor {
  add(file: string, body: Buffer, place: CompressionPlace): Promise<void>;
  done(): Promise<PrecompressResult>;
  close(): Promise<void>;
}

export interface PrecompressorOptions {
  /** Worker threads (default: one per core). */
  threads?: number;
  /** Files in work per thread before `add` waits (default 4). */
  queued?: number;
}

export function precompressor(cache?: CompressionCache, options: PrecompressorOptions = {}): Precompressor {
  const threads = options.threads ?? Math.max(1, availableParallelism());
  const limit = threads * (options.queued ?? 4);
  const result: PrecompressResult = { compressed: 0, reused: 0 };
  if (cache) mkdirSync(cache.dir, { recursive: true });
  const workers = Array.from({ length: threads }, () => new Worker(WORKER_SCRIPT));
  // Jobs in work, by id; each thread's count, to hand the next file to the least busy one.
  const pending = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  const busy = workers.map(() => 0);
  let failure: Error | undefined;
  let nextId = 0;
  // The threads hold the process open only while they have work: after a failure elsewhere,
  // an idle thread must not keep a build that is ending alive.
  const hold = (index: number) => (busy[index]! > 0 ? workers[index]!.ref() : workers[index]!.unref());
  workers.forEach((worker, index) => {
    hold(index);
    worker.on('message', (answer: WorkerAnswer) => {
      const job = pending.get(answer.id);
      pending.delete(answer.id);
      busy[index] = busy[index]! - 1;
      hold(index);
      if (answer.error !== undefined) job?.reject(new Error(answer.error));
      else {
        if (answer.reused) result.reused += 1;
        job?.resolve();
      }
    });
    worker.on('error', (error) => {
      failure ??= error;
      for (const job of pending.values()) job.reject(error);
      pending.clear();
    });
  });
  const stop = () => Promise.all(workers.map((worker) => worker.terminate())).then(() => undefined);
  const settled = new Set<Promise<void>>();
  return {
    async add(file, body, place) {
      if (body.length < MIN_PRECOMPRESS_BYTES) return;
      while (settled.size >= limit) await Promise.race(settled);
      // A copy that failed ends the run at the next file.
      if (failure) throw failure;
      result.compressed += 1;
      const id = nextId++;
      const index = busy.indexOf(Math.min(...busy));
      busy[index] = busy[index]! + 1;
      hold(index);
      const job = new Promise<void>((resolve, reject) => pending.set(id, { resolve, reject }))
        .catch((error: unknown) => {
          failure ??= error instanceof Error ? error : new Error(String(error));
        })
        .finally(() => settled.delete(job));
      settled.add(job);
      workers[index]!.postMessage({
        id,
        file,
        body: new Uint8Array(body.buffer, body.byteOffset, body.length),
        brotli: brotliQuality(body.length, place),
        gzip: PLACE_GZIP[place],
        cacheDir: cache?.dir ?? null,
      });
    },
    async done() {
      await Promise.all(settled);
      await stop();
      if (failure) throw failure;
      if (cache) await pruneCache(cache);
      return result;
    },
    close: stop,
  };
}

/**
 * Writes `file.gz` and `file.br` beside every file of at least MIN_PRECOMPRESS_BYTES (see
 * `precompressor`). `placeOf(file)` says how hard to compress it (see above).
 */
export async function precompressFiles(
  files: string[],
  placeOf: (file: string) => CompressionPlace = () => 'asset',
  cache?: CompressionCache,
): Promise<PrecompressResult> {
  const compressor = precompressor(cache);
  try {
    for (const file of files) await compressor.add(file, await readFile(file), placeOf(file));
  } catch (error) {
    await compressor.close();
    throw error;
  }
  return compressor.done();
}
