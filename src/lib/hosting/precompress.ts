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
 * Brotli's best quality (11) costs about a second per megabyte. Every file of a normal build is
 * far below this size and gets it; past it (the programme pages of a site with thousands of
 * showings) quality 9 is some fifteen times faster for about a tenth more bytes.
 */
export const BEST_BROTLI_MAX_BYTES = 512 * 1024;

export function brotliQuality(bytes: number): number {
  return bytes <= BEST_BROTLI_MAX_BYTES ? constants.BROTLI_MAX_QUALITY : 9;
}

/** The two compressed copies of one file's bytes. */
export async function compressedCopies(body: Buffer): Promise<{ gzip: Buffer; brotli: Buffer }> {
  const [gzipped, brotlied] = await Promise.all([
    gzipAsync(body, { level: 9 }),
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality(body.length), [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  ]);
  return { gzip: gzipped, brotli: brotlied };
}

/** Writes `file.gz` and `file.br` beside every file, on as many cores as the machine has. */
export async function precompressFiles(files: string[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++] as string;
      const copies = await compressedCopies(await readFile(file));
      await Promise.all([writeFile(`${file}.gz`, copies.gzip), writeFile(`${file}.br`, copies.brotli)]);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) }, worker));
}
