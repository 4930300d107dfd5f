/**
 * The service worker at /sw.js, through @vite-pwa/astro (injectManifest, src/sw.ts).
 *
 * @vite-pwa/astro builds the worker and its precache manifest in its astro:build:done hook, so
 * in astro.config.mjs this integration comes after the search index (which must be in dist/
 * to be precached) and before hosting (which precompresses sw.js with everything else).
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AstroPWA from '@vite-pwa/astro';
import type { AstroIntegration } from 'astro';
import type { ManifestTransform } from 'workbox-build';
import { storedPageBytes } from '../lib/pages/inline-stylesheet';
import {
  HASHED_URLS,
  PRECACHE_BUDGET,
  PRECACHE_GLOBS,
  PRECACHE_IGNORES,
  assetsOfPages,
  keepInPrecache,
  planPrecache,
  precachedPageFiles,
} from '../lib/offline/worker-rules';

/**
 * The precache: of the files Workbox globbed, the pages of the sitemap (in its order) with the
 * build assets they use, the search index and the offline page, within PRECACHE_BUDGET (see
 * planPrecache in worker-rules.ts), pages counted as the worker stores them (stylesheet
 * linked). Other HTML, and build assets no stored page uses, are left to the network. Pages keep their file names (the worker maps /page to /page.html).
 * Giving any transform also replaces @vite-pwa/astro's own, which renames page files.
 */
function sitePagesWithinBudget(outDir: string): ManifestTransform {
  const readBuilt = (file: string): string | undefined => {
    try {
      return readFileSync(join(outDir, file), 'utf8');
    } catch {
      return undefined;
    }
  };
  // Build modules are read once each; pages (thousands, on a large site) are not kept.
  const modules = new Map<string, string | undefined>();
  const readModule = (file: string): string | undefined => {
    if (!modules.has(file)) modules.set(file, readBuilt(file));
    return modules.get(file);
  };
  return async (entries) => {
    const pages = precachedPageFiles(await readFile(join(outDir, 'sitemap.xml'), 'utf8'));
    const candidates = entries.filter((entry) => keepInPrecache(entry.url, pages));
    // A page is stored with its stylesheet linked, not inline (src/sw.ts): counted as stored.
    const asStored = candidates.map((entry) => {
      const html = entry.url.endsWith('.html') ? readBuilt(entry.url) : undefined;
      return html === undefined ? entry : { ...entry, size: storedPageBytes(html) };
    });
    const plan = planPrecache(asStored, [...pages], (page) => assetsOfPages([readBuilt(page) ?? ''], readModule));
    const manifest = asStored.filter((entry) => plan.urls.has(entry.url));
    const globbed = new Set(candidates.map((entry) => entry.url));
    const missing = [...pages].filter((page) => !globbed.has(page));
    const warnings = [
      ...(missing.length ? [`Pages of the sitemap missing from the build: ${missing.join(', ')}`] : []),
      ...(plan.pagesLeftOut.length
        ? [
            `Precache budget (${PRECACHE_BUDGET} bytes) spent: ${plan.pagesLeftOut.length} pages will be cached when visited instead: ${listed(plan.pagesLeftOut)}`,
          ]
        : []),
      ...(plan.overBudget ? [`The search index and the offline page alone take ${plan.bytes} bytes, over the precache budget of ${PRECACHE_BUDGET}`] : []),
    ];
    return { manifest, warnings };
  };
}

/** The first few of a long list of files, and how many more there are. */
function listed(files: string[], shown = 10): string {
  const more = files.length - shown;
  return files.slice(0, shown).join(', ') + (more > 0 ? ` and ${more} more` : '');
}

type PwaOptions = NonNullable<Parameters<typeof AstroPWA>[0]>;

function pwaOptions(outDir: string): PwaOptions {
  return {
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    outDir,
    // The page registers the worker itself (src/scripts/sw-register.ts) and the worker takes
    // over at once (skipWaiting + clientsClaim in src/sw.ts): updates apply automatically.
    registerType: 'autoUpdate',
    injectRegister: false,
    manifest: false,
    injectManifest: {
      globPatterns: PRECACHE_GLOBS,
      globIgnores: PRECACHE_IGNORES,
      dontCacheBustURLsMatching: HASHED_URLS,
      manifestTransforms: [sitePagesWithinBudget(outDir)],
      // No limit per file: the budget for the whole precache decides (planPrecache). Workbox's
      // own 2 MiB limit per file would fail the build on a large site's programme pages, even
      // on the filter pages the precache never takes.
      maximumFileSizeToCacheInBytes: Number.MAX_SAFE_INTEGER,
      // One classic script: no module worker needed, works in every browser with workers.
      rollupFormat: 'iife',
    },
  };
}

/**
 * @vite-pwa/astro with the build's real output directory. Without it, vite-plugin-pwa takes
 * Vite's client outDir, which is not dist/ when --outDir points outside the project (Astro then
 * builds into .astro/ and copies): the worker would be written there and precache nothing.
 */
export function offline(): AstroIntegration {
  let pwa: AstroIntegration | undefined;
  return {
    name: 'kaia-offline',
    hooks: {
      'astro:config:setup': (params) => {
        pwa = AstroPWA(pwaOptions(fileURLToPath(params.config.outDir)));
        return pwa.hooks['astro:config:setup']?.(params);
      },
      'astro:build:done': (params) => pwa?.hooks['astro:build:done']?.(params),
    },
  };
}
