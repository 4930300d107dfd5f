// @ts-check
import { fileURLToPath } from 'node:url';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { contentDirectory, readBuildEnv } from './src/lib/config/build-env.ts';
import { readSnapshotFile } from './src/lib/content/snapshot.ts';
import { originOf } from './src/lib/hosting/policy.ts';
import { analyticsOrigins, analyticsServices } from './src/lib/analytics/services.ts';
import { filmclubOrigins, filmclubSettings } from './src/lib/filmclub/settings.ts';
import { VIDEO_ORIGINS } from './src/lib/site/video.ts';
import { mediaVariants } from './src/integrations/media-variants.ts';
import { previewRouting } from './src/integrations/preview-routing.ts';
import { postBuild } from './src/integrations/post-build.ts';
import { contentLanguage } from './src/lib/seo/languages.ts';
import { BUILD_FORMAT } from './src/lib/pages/page-files.ts';

/** Settings the config needs before content collections exist, read from the snapshot and validated by its schemas. */
const contentDir = contentDirectory(fileURLToPath(new URL('.', import.meta.url)));
const siteConfig = readSnapshotFile(contentDir, 'config');
const redirects = readSnapshotFile(contentDir, 'redirects');
const env = readBuildEnv();
/** Tag manager and pixel hosts; only used after the visitor consents (src/scripts/consent.ts). */
const analytics = analyticsOrigins(analyticsServices(env.PUBLIC_GTM_ID, siteConfig.analytics.pixelId));
/** The film-club partner this build talks to (the first partner id): its origins only, none when the film club is off. */
const filmclub = filmclubOrigins(siteConfig.partners, env);
/** @param {(string | null)[]} values */
const origins = (values) => /** @type {string[]} */ (values.filter(Boolean));

export default defineConfig({
  site: siteConfig.host,
  output: 'static',
  trailingSlash: 'ignore',
  // Every stylesheet and processed script as a cached, hashed file. One stylesheet for the whole
  // site (cssCodeSplit: false): every page type is rendered by the same route, so all pages loaded
  // the same three files anyway. After the build, the post-build pass writes it into
  // each page sent over the network (no round trip before the first paint), while the offline
  // precache stores the pages linking the file (so its 2 MB budget holds the stylesheet once).
  // Four pages at a time (concurrency): rendering stays on one thread, but their file writes
  // overlap; the large dataset's 10,000 calendar files took 23 s one by one and 11 s this way.
  // Each page a file named after its URL (format 'file': kinoprogram.html, served at /kinoprogram
  // with no redirect by nginx, Cloudflare Pages, Netlify and astro preview; src/lib/pages/page-files.ts).
  build: { format: BUILD_FORMAT, inlineStylesheets: 'never', concurrency: 4 },
  vite: {
    build: {
      cssCodeSplit: false,
      assetsInlineLimit: (file) => (/\.(js|css)$/.test(file) ? false : undefined),
      // Vite's log of each chunk's gzip size: the build compresses what ships itself (post-build.ts).
      reportCompressedSize: false,
    },
  },
  // Static output turns these into small pages with a meta refresh; the hosting config
  // (nginx, _redirects) answers the same paths with real 301s.
  redirects: Object.fromEntries(redirects.map(({ from, to }) => [from, { status: 301, destination: to }])),
  integrations: [
    react(),
    // Sized copies of local /media/ images for ?width= (and their serving under astro preview).
    mediaVariants(),
    // astro preview sends /page/ and /page.html on to /page, as nginx and the CDNs do.
    previewRouting(),
    // What the build does to its output, in one pass whose order is its code: redirect pages,
    // search index, inline stylesheet, unused islands, service worker, hosting files, compression.
    postBuild({
      // Astro's redirect pages, rewritten as valid HTML in the site's language.
      redirectPages: { redirects, site: siteConfig.host, lang: contentLanguage(siteConfig.locale.default) },
      // The film-club islands' code goes when no page uses it (a partner id without a film club).
      filmclubShown: filmclubSettings(siteConfig.partners, env) !== null,
      hosting: {
        redirects,
        // The film-club partner's API (the one in use only) and the box office's (PUBLIC_RUNTIME_API: events), when set.
        connectOrigins: origins([
          ...filmclub.connect,
          originOf(env.PUBLIC_RUNTIME_API),
          // The newsletter form posts with fetch when it can.
          originOf(env.PUBLIC_NEWSLETTER_ENDPOINT),
        ]).concat(analytics.connect),
        scriptOrigins: analytics.script,
        formOrigins: origins([originOf(env.PUBLIC_NEWSLETTER_ENDPOINT)]),
        // The video players (trailers and videos in editorial text), inserted only when a visitor
        // presses play (src/scripts/video.ts); the import keeps no other frames (import/sanitise.ts).
        frameOrigins: Object.values(VIDEO_ORIGINS),
        // Hosts the film-club partner in use serves posters from (tickets, watch list, movie info).
        imageOrigins: [...analytics.image, ...filmclub.image],
        // CSP violation reports, when an endpoint is configured.
        reportEndpoint: env.CSP_REPORT_ENDPOINT,
      },
    }),
  ],
  devToolbar: { enabled: false },
  server: { port: 4321 },
});
