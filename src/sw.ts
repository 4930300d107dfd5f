/// <reference lib="webworker" />
/**
 * The site's service worker, built to /sw.js by @vite-pwa/astro (src/integrations/offline.ts).
 *
 * Strategy: injectManifest, this file plus the precache manifest Workbox injects. generateSW
 * could express most of it, but not all of it as we want it:
 * - pages are precached once, as their files (/page.html), and found under /page and /page?q=…
 *   through `urlManipulation` (src/lib/pages/page-files.ts has the site's URL form); each is
 *   stored linking the stylesheet it carries inline over the network;
 * - the precache holds the pages of the sitemap, as many as its 2 MB budget allows (all of them
 *   for the demo content); other pages are cached as visited, and a page neither stored nor
 *   reachable gets our own offline page;
 * - only same-origin page navigations, precached files, /media/ images and /_astro/ build files
 *   are handled at all,
 *   so nothing else (partner and member APIs above all) is ever answered from or put into a
 *   cache;
 * - the rules are plain functions with unit tests (src/lib/offline/worker-rules.ts).
 *
 * Updates: the page registers this worker itself (src/scripts/sw-register.ts, no injected
 * register script), so the worker takes over as soon as it is installed (skipWaiting +
 * clientsClaim) and the page reloads onto the new version.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import type { WorkboxPlugin } from 'workbox-core/types';
import { ExpirationPlugin } from 'workbox-expiration';
import { addPlugins, cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import {
  ASSET_CACHE,
  ASSET_LIMITS,
  IMAGE_CACHE,
  IMAGE_LIMITS,
  OFFLINE_IMAGE_SVG,
  OFFLINE_PAGE,
  PAGE_CACHE,
  PAGE_LIMITS,
  isBuildAsset,
  isSiteImage,
  isSiteNavigation,
  markStoredCopy,
  pageFileFor,
  PAGE_NETWORK_TIMEOUT_SECONDS,
} from './lib/offline/worker-rules';
import { storedPage } from './lib/pages/inline-stylesheet';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/**
 * Workbox's plugin classes declare their optional callbacks in a way TypeScript's
 * exactOptionalPropertyTypes rejects as WorkboxPlugin; they are plugins all the same.
 */
function plugins(...list: object[]): WorkboxPlugin[] {
  return list;
}

self.addEventListener('install', () => {
  void self.skipWaiting();
});
clientsClaim();
cleanupOutdatedCaches();

// Pages come over the network with the stylesheet inside (src/lib/pages/inline-stylesheet.ts);
// the precache stores them linking it, so the stylesheet is stored once, and without the
// structured data only search engines read. As Workbox's own check
// does, an error answer is not stored (the install fails and is tried again).
addPlugins([
  {
    cacheWillUpdate: async ({ response }) => {
      if (response.status >= 400) return null;
      if (!(response.headers.get('Content-Type') ?? '').includes('text/html')) return response;
      // The text is decoded and changed: its length and encoding on the wire no longer apply.
      const headers = new Headers(response.headers);
      headers.delete('Content-Encoding');
      headers.delete('Content-Length');
      return new Response(storedPage(await response.text()), { status: response.status, statusText: response.statusText, headers });
    },
  },
]);

precacheAndRoute(self.__WB_MANIFEST, {
  directoryIndex: 'index.html',
  cleanURLs: false,
  // Query strings never change a static file: /search?q=… is /search.html.
  ignoreURLParametersMatching: [/.*/],
  urlManipulation: ({ url }) => {
    const file = pageFileFor(url);
    return file ? [file] : [];
  },
});

registerRoute(
  ({ request }) => isSiteImage(request, self.location.origin),
  new CacheFirst({
    cacheName: IMAGE_CACHE,
    plugins: plugins(new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ ...IMAGE_LIMITS, purgeOnQuotaError: true })),
  }),
);

// Build files the precache left out (a visited Mi side's island): kept as used, so the page works offline.
registerRoute(
  ({ request }) => isBuildAsset(request, self.location.origin),
  new CacheFirst({
    cacheName: ASSET_CACHE,
    plugins: plugins(new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ ...ASSET_LIMITS, purgeOnQuotaError: true })),
  }),
);

// Pages outside the precache (one-filter programme views, member screens, redirect stubs, pages
// past the precache budget):
// the network first, a copy kept for offline (only 200 answers, never an error page). These
// pages are the same for every visitor; what members see comes from the partner APIs, which
// the worker never handles.
/** A stored page handed out instead of the network's: `<html>` marked, so the page can say so. */
const storedCopyMarked: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return cachedResponse;
    const headers = new Headers(cachedResponse.headers);
    headers.delete('Content-Length');
    return new Response(markStoredCopy(await cachedResponse.text()), { status: cachedResponse.status, statusText: cachedResponse.statusText, headers });
  },
};

// On a weak signal the network gets PAGE_NETWORK_TIMEOUT_SECONDS, then the stored copy is shown,
// marked so that the page says so (src/scripts/sw-register.ts).
registerRoute(
  ({ request }) => isSiteNavigation(request, self.location.origin),
  new NetworkFirst({
    cacheName: PAGE_CACHE,
    networkTimeoutSeconds: PAGE_NETWORK_TIMEOUT_SECONDS,
    plugins: plugins(new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ ...PAGE_LIMITS, purgeOnQuotaError: true }), storedCopyMarked),
  }),
);

setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
  if (isSiteImage(request, self.location.origin)) return new Response(OFFLINE_IMAGE_SVG, { headers: { 'Content-Type': 'image/svg+xml' } });
  return Response.error();
});
