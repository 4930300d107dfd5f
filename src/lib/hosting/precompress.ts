/**
 * Gzip and brotli copies of the build's text files (`page.html.gz`, `page.html.br`), made once
 * at build time so the server never compresses on the fly (nginx gzip_static/brotli_static).
 */
import { availableParallelism } from 'node:os';
import { readFile, writeFile } from 'node:fs/promises';
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

/**
 * Writes `file.gz` and `file.br` beside every file of at least MIN_PRECOMPRESS_BYTES, on as
 * many cores as the machine has, and returns how many files got copies. `placeOf(file)` says
 * how hard to compress it (see above).
 */
export async function precompressFiles(files: string[], placeOf: (file: string) => CompressionPlace = () => 'asset'): Promise<number> {
  let next = 0;
  let compressed = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++] as string;
      const body = await readFile(file);
      if (body.length < MIN_PRECOMPRESS_BYTES) continue;
      const copies = await compressedCopies(body, placeOf(file));
      await Promise.all([writeFile(`${file}.gz`, copies.gzip), writeFile(`${file}.br`, copies.brotli)]);
      compressed += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) }, worker));
  return compressed;
}
