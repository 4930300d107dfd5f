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
import { HASHED_URLS, PRECACHE_GLOBS, PRECACHE_IGNORES, assetsOfPages, keepInPrecache, precachedPageFiles } from '../lib/offline/worker-rules';

/**
 * The precache keeps every file Workbox globbed except HTML that is not a page of the sitemap,
 * and build assets none of those pages uses (see worker-rules.ts). Pages keep their file names
 * (the worker maps /page and /page/ to /page/index.html). Giving any transform also replaces
 * @vite-pwa/astro's own, which would rename every page to /page and lose /page/ offline.
 */
function sitePagesOnly(outDir: string): ManifestTransform {
  const readBuilt = (file: string): string | undefined => {
    try {
      return readFileSync(join(outDir, file), 'utf8');
    } catch {
      return undefined;
    }
  };
  return async (entries) => {
    const pages = precachedPageFiles(await readFile(join(outDir, 'sitemap.xml'), 'utf8'));
    const html = [...pages].map(readBuilt).filter((text): text is string => text !== undefined);
    const assets = assetsOfPages(html, readBuilt);
    const manifest = entries.filter((entry) => keepInPrecache(entry.url, pages) && (!entry.url.startsWith('_astro/') || assets.has(entry.url)));
    const listed = new Set(manifest.map((entry) => entry.url));
    const missing = [...pages].filter((page) => !listed.has(page));
    return { manifest, warnings: missing.length ? [`Pages of the sitemap missing from the precache: ${missing.join(', ')}`] : [] };
  };
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
      manifestTransforms: [sitePagesOnly(outDir)],
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
