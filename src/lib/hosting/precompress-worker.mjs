/**
 * The precompressor's worker thread (see precompress.ts, which decides what and how hard): for
 * each job, the file's gzip and brotli copies, taken from the cache when the same bytes were
 * compressed at the same quality before, else made and written (and kept in the cache).
 *
 * Plain JavaScript, since Node 20 cannot start a worker from TypeScript, and everything here is
 * synchronous: this thread does nothing else, so the build's main thread and libuv's thread pool
 * stay free for the pages, and the copies go to a core of their own.
 *
 * A job: { id, file, body (Uint8Array), brotli (quality), gzip (level), cacheDir (or null) }.
 * The answer: { id, reused } or { id, error }.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, renameSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort } from 'node:worker_threads';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Copies a cached pair beside the file; false when either is not in the cache. */
function fromCache(cacheDir, names, file) {
  try {
    copyFileSync(join(cacheDir, names.gzip), `${file}.gz`);
    copyFileSync(join(cacheDir, names.brotli), `${file}.br`);
  } catch {
    // Not there (or deleted meanwhile by another build's clean-up): compress it.
    return false;
  }
  // Used now, so the clean-up keeps them another week.
  const now = new Date();
  utimesSync(join(cacheDir, names.gzip), now, now);
  utimesSync(join(cacheDir, names.brotli), now, now);
  return true;
}

/** Written under a temporary name and renamed: a build beside this one never reads half an entry. */
function intoCache(cacheDir, name, bytes) {
  const temporary = join(cacheDir, `${name}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
  writeFileSync(temporary, bytes);
  renameSync(temporary, join(cacheDir, name));
}

function compress({ file, body, brotli, gzip, cacheDir }) {
  const key = cacheDir ? createHash('sha256').update(body).digest('hex') : '';
  const names = { gzip: `${key}.gz`, brotli: `${key}.q${brotli}.br` };
  if (cacheDir && fromCache(cacheDir, names, file)) return true;
  const gzipped = gzipSync(body, { level: gzip });
  const brotlied = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: brotli, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  writeFileSync(`${file}.gz`, gzipped);
  writeFileSync(`${file}.br`, brotlied);
  if (cacheDir) {
    intoCache(cacheDir, names.gzip, gzipped);
    intoCache(cacheDir, names.brotli, brotlied);
  }
  return false;
}

parentPort?.on('message', (job) => {
  try {
    parentPort?.postMessage({ id: job.id, reused: compress(job) });
  } catch (error) {
    parentPort?.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) });
  }
});
