/**
 * Everything the site's build does to its output after Astro has written it, as one pass whose
 * order is this file's code (astro:build:done of one integration):
 *
 * 1. the redirect pages, rewritten as valid HTML (redirect-pages.ts);
 * 2. every page read once, in file order, and
 *    a. given to the search index (Pagefind indexes it in its own process while the pass goes on),
 *       and the page keeps what only the index needs out (search-index.ts),
 *    b. given its stylesheet inline (inline-stylesheet.ts),
 *    c. noted for the CSP's script hashes (hosting.ts), the precache plan (offline.ts) and the
 *       film-club islands it names (unused-islands.ts),
 *    d. written back if it changed, and handed to compression, which runs beside the pass;
 * 3. the search index and its word list written;
 * 4. islands no page named removed (a build without the film club);
 * 5. the service worker and its precache manifest built (it lists the index, and needs the
 *    pages as they ship);
 * 6. the hosting files (_headers, _redirects, nginx.conf) and the CDN check;
 * 7. every other text file compressed, for nginx: what no later step writes or removes (the
 *    build's assets, calendar files, sitemaps) from the end of step 2, while steps 3 to 6 run
 *    on this thread, and the rest (the index, the worker) after step 6.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { precompressCacheDirectory } from '../lib/config/build-env';
import { compressionPlace, precompressor } from '../lib/hosting/precompress';
import { precachedPageFiles } from '../lib/offline/worker-rules';
import { sitemapPageFiles } from '../lib/seo/sitemap-files';
import { compressible, hostingStep, listFiles, type HostingOptions } from './hosting';
import { stylesheetInliner } from './inline-stylesheet';
import { serviceWorker } from './offline';
import { writeRedirectPages, type RedirectPagesOptions } from './redirect-pages';
import { searchIndexer } from './search-index';
import { islandCheck } from './unused-islands';

export interface PostBuildOptions {
  redirectPages: RedirectPagesOptions;
  hosting: HostingOptions;
  /**
   * Whether the build shows the film club. Then every island is used, and no page is checked for
   * the islands it names.
   */
  filmclubShown: boolean;
}

/** A file's path relative to the build, with / (as URLs and the sitemap name it). */
const relativeTo = (root: string, file: string) => relative(root, file).split(sep).join('/');

export function postBuild(options: PostBuildOptions): AstroIntegration {
  const worker = serviceWorker();
  return {
    name: 'kaia-post-build',
    hooks: {
      'astro:config:setup': (params) => worker.setup(params),
      'astro:build:done': async (params) => {
        const { dir, logger } = params;
        const root = fileURLToPath(dir);
        const started = performance.now();
        // 1.
        await writeRedirectPages(root, options.redirectPages, logger);

        // 2.
        const sitemapXml = await readFile(`${root}/sitemap.xml`, 'utf8');
        const sitemapPages = sitemapPageFiles(sitemapXml);
        worker.precachedPages(precachedPageFiles(sitemapXml));
        const hosting = hostingStep(options.hosting);
        const compressor = hosting.compresses ? precompressor({ dir: precompressCacheDirectory(process.cwd()) }) : undefined;
        const search = await searchIndexer();
        const inliner = stylesheetInliner(root);
        const islands = options.filmclubShown ? undefined : islandCheck(root);
        const pages = (await listFiles(root)).filter((file) => file.endsWith('.html')).sort();
        try {
          // Pages are read and written synchronously: thousands of small files, where each
          // asynchronous call would wait behind the compression in libuv's thread pool.
          for (const file of pages) {
            const path = relativeTo(root, file);
            const built = readFileSync(file, 'utf8');
            const shipped = inliner.inline(search.add(path, built));
            hosting.page(shipped);
            worker.page(path, shipped);
            islands?.page(shipped);
            const body = Buffer.from(shipped);
            if (shipped !== built) writeFileSync(file, body);
            await compressor?.add(file, body, compressionPlace(path, sitemapPages));
          }
        } catch (error) {
          await Promise.all([search.close(), compressor?.close()]);
          throw error;
        }
        inliner.report(logger);

        // 7, first part: files no later step touches go to the compression threads now, which
        // would otherwise wait for the index and the worker. Step 4 may remove scripts, so
        // scripts wait when it runs; the index, the worker and the hosting files are not there yet.
        const pageSet = new Set(pages);
        const sent = new Set<string>();
        const compressRest = async (files: string[]) => {
          if (!compressor) return;
          for (const file of files) {
            if (!compressible(root, file) || pageSet.has(file) || sent.has(file)) continue;
            sent.add(file);
            await compressor.add(file, await readFile(file), compressionPlace(relativeTo(root, file), sitemapPages));
          }
        };
        const settledFiles = (await listFiles(root)).filter((file) => !(islands && file.endsWith('.js')));
        const early = compressRest(settledFiles);
        // A failure shows when step 7 waits for it; until then it must not go unhandled.
        early.catch(() => undefined);

        // 3.
        await search.finish(root, logger);

        // 4.
        if (islands)
          await islands.removeUnused(
            (await listFiles(root)).map((file) => relativeTo(root, file)),
            logger,
          );

        // 5.
        await worker.build(params);

        // 6.
        const figures = await hosting.finish(root, logger);

        // 7.
        if (!compressor) {
          logger.info(figures);
          return;
        }
        try {
          await early;
          await compressRest(await listFiles(root));
        } catch (error) {
          await compressor.close();
          throw error;
        }
        const { compressed, reused } = await compressor.done();
        logger.info(
          `${figures}; ${compressed} text files precompressed (files under 1 KiB are not), ${reused} of them from the cache; the pass took ${((performance.now() - started) / 1000).toFixed(1)} s`,
        );
      },
    },
  };
}
