/**
 * The service worker at /sw.js, through @vite-pwa/astro (injectManifest, src/sw.ts), as a step
 * of the post-build pass (post-build.ts): the pass hands each page to `page` as it ships, then
 * calls `build` once the search index is in dist/ (the precache lists it) and before compression
 * (which compresses sw.js with everything else).
 */
import { readFileSync } from 'node:fs';
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
  assetsOfFiles,
  keepInPrecache,
  pageAssetFiles,
  planPrecache,
} from '../lib/offline/worker-rules';

/** What the precache plan needs of a page, noted as the pass reads it (pages themselves are not kept). */
interface PageFacts {
  /** Bytes as the worker stores the page (stylesheet linked, no structured data). */
  storedBytes: number;
  /** The build files it names (pageAssetFiles). */
  named: string[];
}

/**
 * The precache: of the files Workbox globbed, the pages of the sitemap (in its order) with the
 * build assets they use, the search index and the offline page, within PRECACHE_BUDGET (see
 * planPrecache in worker-rules.ts), pages counted as the worker stores them (stylesheet
 * linked). Other HTML, and build assets no stored page uses, are left to the network. Pages keep their file names (the worker maps /page to /page.html).
 * Giving any transform also replaces @vite-pwa/astro's own, which renames page files.
 */
function sitePagesWithinBudget(outDir: string, pages: ReadonlySet<string>, facts: ReadonlyMap<string, PageFacts>): ManifestTransform {
  // Build modules are read once each.
  const modules = new Map<string, string | undefined>();
  const readModule = (file: string): string | undefined => {
    if (!modules.has(file)) {
      try {
        modules.set(file, readFileSync(join(outDir, file), 'utf8'));
      } catch {
        modules.set(file, undefined);
      }
    }
    return modules.get(file);
  };
  return (entries) => {
    const candidates = entries.filter((entry) => keepInPrecache(entry.url, pages));
    // A page is stored with its stylesheet linked, not inline (src/sw.ts): counted as stored.
    const asStored = candidates.map((entry) => {
      const page = facts.get(entry.url);
      return page === undefined ? entry : { ...entry, size: page.storedBytes };
    });
    const plan = planPrecache(asStored, [...pages], (page) => assetsOfFiles(facts.get(page)?.named ?? [], readModule));
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
    return Promise.resolve({ manifest, warnings });
  };
}

/** The first few of a long list of files, and how many more there are. */
function listed(files: string[], shown = 10): string {
  const more = files.length - shown;
  return files.slice(0, shown).join(', ') + (more > 0 ? ` and ${more} more` : '');
}

type PwaOptions = NonNullable<Parameters<typeof AstroPWA>[0]>;

function pwaOptions(outDir: string, transform: ManifestTransform): PwaOptions {
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
      manifestTransforms: [transform],
      // No limit per file: the budget for the whole precache decides (planPrecache). Workbox's
      // own 2 MiB limit per file would fail the build on a large site's programme pages, even
      // on the filter pages the precache never takes.
      maximumFileSizeToCacheInBytes: Number.MAX_SAFE_INTEGER,
      // One classic script: no module worker needed, works in every browser with workers.
      rollupFormat: 'iife',
    },
  };
}

type SetupParams = Parameters<NonNullable<AstroIntegration['hooks']['astro:config:setup']>>[0];
type BuildDoneParams = Parameters<NonNullable<AstroIntegration['hooks']['astro:build:done']>>[0];

export interface ServiceWorkerStep {
  /** Registers the worker's build with Vite (astro:config:setup). */
  setup(params: SetupParams): ReturnType<NonNullable<AstroIntegration['hooks']['astro:config:setup']>>;
  /** The pages the precache may take (precachedPageFiles of the sitemap), before the pass reads them. */
  precachedPages(pages: ReadonlySet<string>): void;
  /** Notes a page as it ships (`file` relative to the build), if the precache may take it. */
  page(file: string, html: string): void;
  /** Builds sw.js and its precache manifest (astro:build:done's work, done when the pass says). */
  build(params: BuildDoneParams): Promise<void>;
}

/**
 * @vite-pwa/astro with the build's real output directory. Without it, vite-plugin-pwa takes
 * Vite's client outDir, which is not dist/ when --outDir points outside the project (Astro then
 * builds into .astro/ and copies): the worker would be written there and precache nothing.
 */
export function serviceWorker(): ServiceWorkerStep {
  let pwa: AstroIntegration | undefined;
  const facts = new Map<string, PageFacts>();
  let pages: ReadonlySet<string> = new Set();
  return {
    setup(params) {
      const outDir = fileURLToPath(params.config.outDir);
      pwa = AstroPWA(pwaOptions(outDir, (entries) => sitePagesWithinBudget(outDir, pages, facts)(entries)));
      return pwa.hooks['astro:config:setup']?.(params);
    },
    page(file, html) {
      if (pages.has(file)) facts.set(file, { storedBytes: storedPageBytes(html), named: pageAssetFiles(html) });
    },
    async build(params) {
      await pwa?.hooks['astro:build:done']?.(params);
    },
    precachedPages(value) {
      pages = value;
    },
  };
}
