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
 * Brotli's best quality (11) costs about a second per megabyte of HTML. It goes where it pays:
 * every file visitors arrive at or load with them (the sitemap's pages, scripts, styles, the
 * search index, the feed). Files past BEST_BROTLI_MAX_BYTES (the programme pages of a site with
 * thousands of showings) get quality 9, measured at some 20 ms per megabyte on those pages for
 * a tenth more bytes. The other HTML (the one-filter views of the programmes, which only
 * visitors without JavaScript open, member screens, redirect stubs) gets quality 5: on the
 * one-day pages it is fifty times faster than 11 for 15 % more bytes, and as small as 9 within
 * 2 %, at a tenth of 9's time. On a large site that HTML is a hundred megabytes.
 */
export const BEST_BROTLI_MAX_BYTES = 512 * 1024;
const LARGE_FILE_BROTLI = 9;
const QUICK_BROTLI = 5;

export function brotliQuality(bytes: number, best = true): number {
  if (!best) return QUICK_BROTLI;
  return bytes <= BEST_BROTLI_MAX_BYTES ? constants.BROTLI_MAX_QUALITY : LARGE_FILE_BROTLI;
}

/** The two compressed copies of one file's bytes. */
export async function compressedCopies(body: Buffer, best = true): Promise<{ gzip: Buffer; brotli: Buffer }> {
  const [gzipped, brotlied] = await Promise.all([
    gzipAsync(body, { level: 9 }),
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality(body.length, best), [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  ]);
  return { gzip: gzipped, brotli: brotlied };
}

/**
 * Writes `file.gz` and `file.br` beside every file, on as many cores as the machine has.
 * `best(file)` says whether a file deserves brotli's best quality (see above).
 */
export async function precompressFiles(files: string[], best: (file: string) => boolean = () => true): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++] as string;
      const copies = await compressedCopies(await readFile(file), best(file));
      await Promise.all([writeFile(`${file}.gz`, copies.gzip), writeFile(`${file}.br`, copies.brotli)]);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) }, worker));
}
