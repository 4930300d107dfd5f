// @ts-check
import { readFileSync } from 'node:fs';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

/** Settings the config needs before content collections exist, read from the snapshot. */
/** @param {string} file */
const readSnapshot = (file) => JSON.parse(readFileSync(new URL(`./content/${file}`, import.meta.url), 'utf8'));
const siteConfig = readSnapshot('config.json');
/** @type {{from: string, to: string}[]} */
const redirects = readSnapshot('redirects.json');

export default defineConfig({
  site: siteConfig.host,
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  // Static output turns these into small pages with a meta refresh; the hosting config
  // (nginx, _redirects) answers the same paths with real 301s.
  redirects: Object.fromEntries(redirects.map(({ from, to }) => [from, { status: 301, destination: to }])),
  integrations: [react()],
  devToolbar: { enabled: false },
  server: { port: 4321 },
});
