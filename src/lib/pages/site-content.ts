/**
 * The one place the Astro build reads content: the snapshot in CONTENT_DIR (content/ by
 * default, relative to the project the build runs in), every file once, validated with its
 * schema and shaped as SiteContent for the pure modules in src/lib.
 *
 * Not through Astro's content collections: their data store goes into the server build as one
 * JavaScript module, which Vite parses and bundles, so a large site (10,000 showings) spent
 * seconds of every build on it (docs/decisions/0011-one-post-build-pass.md has the figures).
 * In `astro dev`, the files are read again at each page, so an import shows at once.
 */
import { contentDirectory } from '../config/build-env';
import type { SiteContent } from '../content/files';
import { readSnapshot } from '../content/snapshot';

let cached: Promise<SiteContent> | undefined;

export function siteContent(): Promise<SiteContent> {
  const load = () => Promise.resolve().then(() => readSnapshot(contentDirectory(process.cwd())));
  if (import.meta.env.DEV) return load();
  cached ??= load();
  return cached;
}
