/**
 * Builds the Pagefind index into dist/pagefind/ at the end of `astro build`, so every build
 * (npm run build, the e2e harness, the staff reimport) ships its own index.
 *
 * Order matters: this integration must come before the service worker's (@vite-pwa/astro),
 * which globs dist/ for its precache manifest in its own astro:build:done, and before hosting,
 * which precompresses what is in dist/ (integrations run their hooks in array order).
 *
 * What is indexed is decided by the page markup (src/lib/search/index-markers.ts): only pages
 * with data-pagefind-body elements, and of those only these elements. The pages go to Pagefind
 * with a little whitespace added between table cells (indexableHtml); afterwards the meta values
 * only the index needs are taken out of the built page (withoutIndexData). The language comes from <html lang="nn">; Pagefind maps
 * nn (like nb and no) to its Norwegian stemmer, and forceLanguage keeps the whole site in that
 * one index whatever a page says.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
// Imported up front: astro.config.mjs is loaded through Vite, whose module runner is closed by
// the time astro:build:done runs, so a dynamic import there fails.
import * as pagefind from 'pagefind';
import { builtPageUrl } from '../lib/pages/page-files';
import { indexableHtml, indexWords, withoutIndexData } from '../lib/search/index-markers';
import { SEARCH_WORDS_FILE } from '../lib/search/suggest';

export const SEARCH_LANGUAGE = 'nn';

/** Bytes of the index a browser may fetch: its chunks, fragments, filters and meta (not Pagefind's code). */
async function indexBytes(output: string): Promise<number> {
  const files = (await readdir(output, { recursive: true })).filter((file) => /^(index|fragment|filter)[\\/]|\.pf_meta$/.test(file));
  const sizes = await Promise.all(files.map(async (file) => (await stat(join(output, file))).size));
  return sizes.reduce((sum, size) => sum + size, 0);
}

export function searchIndex(): AstroIntegration {
  return {
    name: 'kaia-search-index',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const started = performance.now();
        try {
          const { index, errors } = await pagefind.createIndex({ forceLanguage: SEARCH_LANGUAGE });
          if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
          const files = (await readdir(root, { recursive: true })).filter((file) => file.endsWith('.html')).sort();
          // The indexed pages' title and search words, for «Meinte du …?» (src/lib/search/suggest.ts).
          const words = new Set<string>();
          for (const file of files) {
            const html = await readFile(join(root, file), 'utf8');
            // Only pages with marked parts; see index-markers.ts for which those are.
            if (!html.includes('data-pagefind-body')) continue;
            const added = await index.addHTMLFile({ url: builtPageUrl(file), content: indexableHtml(html) });
            if (added.errors.length > 0) throw new Error(`Pagefind could not index ${file}: ${added.errors.join('; ')}`);
            for (const word of indexWords(html)) words.add(word);
            // What only the index needs does not ship (before the worker and hosting read dist/).
            const shipped = withoutIndexData(html);
            if (shipped !== html) await writeFile(join(root, file), shipped);
          }
          const output = join(root, 'pagefind');
          const written = await index.writeFiles({ outputPath: output });
          if (written.errors.length > 0) throw new Error(`Pagefind could not write the index: ${written.errors.join('; ')}`);
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
            `${indexed} of ${files.length} pages in the search index (language ${Object.keys(entry.languages).join(', ')}): ${kib.toFixed(0)} KiB, built in ${seconds.toFixed(1)} s; ${words.size} words for «Meinte du» (${(wordList.length / 1024).toFixed(1)} KiB)`,
          );
        } finally {
          await pagefind.close();
        }
      },
    },
  };
}
