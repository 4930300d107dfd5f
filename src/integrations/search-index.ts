/**
 * The Pagefind index of the build, in dist/pagefind/ (a step of the post-build pass,
 * post-build.ts): every page goes through `add` as the pass reads it, and `finish` writes the
 * index and the word list for «Meinte du …?».
 *
 * What is indexed is decided by the page markup (src/lib/search/index-markers.ts): only pages
 * with data-pagefind-body elements, and of those only these elements. The pages go to Pagefind
 * with a little whitespace added between table cells (indexableHtml); the meta values only the
 * index needs are taken out of the page that ships (withoutIndexData). The language comes from
 * <html lang="nn">; Pagefind maps nn (like nb and no) to its Norwegian stemmer, and
 * forceLanguage keeps the whole site in that one index whatever a page says.
 */
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AstroIntegrationLogger } from 'astro';
// Imported up front: astro.config.mjs is loaded through Vite, whose module runner is closed by
// the time astro:build:done runs, so a dynamic import there fails.
import * as pagefind from 'pagefind';
import { builtPageUrl } from '../lib/pages/page-files';
import { indexableHtml, indexWords, withoutIndexData } from '../lib/search/index-markers';
import { SEARCH_WORDS_FILE } from '../lib/search/suggest';

export const SEARCH_LANGUAGE = 'nn';

/**
 * Pagefind's ready-made interfaces, which it writes into every index: the site has its own search
 * (src/components/search/), so they are deleted rather than shipped, compressed and uploaded.
 */
export const UNUSED_PAGEFIND_FILES = [
  'pagefind-ui.js',
  'pagefind-ui.css',
  'pagefind-component-ui.js',
  'pagefind-component-ui.css',
  'pagefind-modular-ui.js',
  'pagefind-modular-ui.css',
  'pagefind-highlight.js',
];

/** Bytes of the index a browser may fetch: its chunks, fragments, filters and meta (not Pagefind's code). */
async function indexBytes(output: string): Promise<number> {
  const files = (await readdir(output, { recursive: true })).filter((file) => /^(index|fragment|filter)[\\/]|\.pf_meta$/.test(file));
  const sizes = await Promise.all(files.map(async (file) => (await stat(join(output, file))).size));
  return sizes.reduce((sum, size) => sum + size, 0);
}

export interface SearchIndexer {
  /**
   * Hands a page (`file` relative to the build) to Pagefind if it is marked, without waiting for
   * it to be indexed (`finish` does); gives the page as it ships.
   */
  add(file: string, html: string): string;
  /** Writes the index and the word list into `root`; closes Pagefind. */
  finish(root: string, logger: AstroIntegrationLogger): Promise<void>;
  /** Closes Pagefind after a failure. */
  close(): Promise<void>;
}

export async function searchIndexer(): Promise<SearchIndexer> {
  const started = performance.now();
  const { index, errors } = await pagefind.createIndex({ forceLanguage: SEARCH_LANGUAGE });
  if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
  // The indexed pages' title and search words, for «Meinte du …?» (src/lib/search/suggest.ts).
  const words = new Set<string>();
  let pages = 0;
  // Pages handed to Pagefind and not yet indexed, each with its file for an error.
  const adding: Promise<string | undefined>[] = [];
  return {
    add(file, html) {
      pages += 1;
      // Only pages with marked parts; see index-markers.ts for which those are.
      if (!html.includes('data-pagefind-body')) return html;
      adding.push(
        index
          .addHTMLFile({ url: builtPageUrl(file), content: indexableHtml(html) })
          .then((added) => (added.errors.length > 0 ? `Pagefind could not index ${file}: ${added.errors.join('; ')}` : undefined)),
      );
      for (const word of indexWords(html)) words.add(word);
      return withoutIndexData(html);
    },
    async finish(root, logger) {
      try {
        const problems = (await Promise.all(adding)).filter((problem) => problem !== undefined);
        if (problems.length > 0) throw new Error(problems.join('\n'));
        const output = join(root, 'pagefind');
        const written = await index.writeFiles({ outputPath: output });
        if (written.errors.length > 0) throw new Error(`Pagefind could not write the index: ${written.errors.join('; ')}`);
        await Promise.all(UNUSED_PAGEFIND_FILES.map((file) => rm(join(output, file), { force: true })));
        const entry = JSON.parse(await readFile(join(output, 'pagefind-entry.json'), 'utf8')) as { languages: Record<string, { page_count: number }> };
        const indexed = Object.values(entry.languages).reduce((sum, language) => sum + language.page_count, 0);
        // No page marked for the index means the markers broke: a site without search must not ship.
        if (indexed === 0) throw new Error('Pagefind found no page marked with data-pagefind-body');
        const wordList = JSON.stringify([...words].sort((a, b) => a.localeCompare(b, 'nn')));
        await writeFile(join(root, SEARCH_WORDS_FILE), wordList);
        const kib = (await indexBytes(output)) / 1024;
        const seconds = (performance.now() - started) / 1000;
        // scripts/bench/import.ts reads this line.
        logger.info(
          `${indexed} of ${pages} pages in the search index (language ${Object.keys(entry.languages).join(', ')}): ${kib.toFixed(0)} KiB, built in ${seconds.toFixed(1)} s; ${words.size} words for «Meinte du» (${(wordList.length / 1024).toFixed(1)} KiB)`,
        );
      } finally {
        await pagefind.close();
      }
    },
    async close() {
      await Promise.allSettled(adding);
      await pagefind.close();
    },
  };
}
