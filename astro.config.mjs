// @ts-check
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { readBuildEnv } from './src/lib/config/build-env.ts';
import { contentDirectory } from './src/lib/content/location.ts';
import { originOf } from './src/lib/hosting/policy.ts';
import { hosting } from './src/integrations/hosting.ts';

/** Settings the config needs before content collections exist, read from the snapshot. */
const contentDir = contentDirectory(fileURLToPath(new URL('.', import.meta.url)));
/** @param {string} file */
const readSnapshot = (file) => JSON.parse(readFileSync(join(contentDir, file), 'utf8'));
const siteConfig = readSnapshot('config.json');
/** @type {{from: string, to: string}[]} */
const redirects = readSnapshot('redirects.json');
const env = readBuildEnv();
/** @param {(string | null)[]} values */
const origins = (values) => /** @type {string[]} */ (values.filter(Boolean));

export default defineConfig({
  site: siteConfig.host,
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  // Static output turns these into small pages with a meta refresh; the hosting config
  // (nginx, _redirects) answers the same paths with real 301s.
  redirects: Object.fromEntries(redirects.map(({ from, to }) => [from, { status: 301, destination: to }])),
  integrations: [
    react(),
    hosting({
      redirects,
      connectOrigins: [],
      formOrigins: origins([originOf(env.PUBLIC_NEWSLETTER_ENDPOINT)]),
      frameOrigins: [],
      imageOrigins: [],
    }),
  ],
  devToolbar: { enabled: false },
  server: { port: 4321 },
});
