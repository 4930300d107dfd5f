#!/usr/bin/env node
/**
 * npm run bench: builds the site (timed), serves it with nginx as in production, and runs
 * Lighthouse (mobile settings, Debian's Chromium) on one page of each type. Prints the four
 * scores, LCP, TBT, CLS and bytes per page, and writes the full reports to reports/.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, scriptEnv } from '../script-env.mjs';

const PORT = 4391;
const origin = `http://127.0.0.1:${PORT}`;
const productions = JSON.parse(readFileSync('content/productions.json', 'utf8'));
const film = productions.find((p) => p.object === 'movie' && p.objectClass === 'movie');
const culture = productions.find((p) => p.object === 'culture');
const pages = [
  ['front page', '/'],
  ['article', '/article/babysvomming'],
  ['cinema programme', '/kinoprogram'],
  ['film page', `/${film.pageReference}`],
  ['culture page', `/${culture.pageReference}`],
  ['search', '/search'],
];

const started = performance.now();
const build = spawnSync('npx', ['astro', 'build', '--silent'], { stdio: 'inherit', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } });
if (build.status !== 0) process.exit(build.status ?? 1);
const buildSeconds = (performance.now() - started) / 1000;

const server = spawn('node', ['scripts/serve-nginx.mjs', '--root', 'dist', '--port', String(PORT), '--max-seconds', '900'], { stdio: 'ignore' });
await new Promise((resolve) => setTimeout(resolve, 1000));

const chrome = await chromeLauncher.launch({
  chromePath: scriptEnv().chromePath,
  chromeFlags: CHROMIUM_ARGS,
});

const rows = [];
const reports = {};
try {
  for (const [name, path] of pages) {
    const result = await lighthouse(`${origin}${path}`, { port: chrome.port, output: 'json', logLevel: 'error' });
    const lhr = result.lhr;
    reports[name] = lhr;
    const requests = lhr.audits['network-requests'].details.items;
    const bytes = (type) => requests.filter((r) => r.resourceType === type).reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
    rows.push({
      page: name,
      path,
      performance: Math.round(lhr.categories.performance.score * 100),
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      'best-practices': Math.round(lhr.categories['best-practices'].score * 100),
      seo: Math.round(lhr.categories.seo.score * 100),
      'LCP ms': Math.round(lhr.audits['largest-contentful-paint'].numericValue),
      'TBT ms': Math.round(lhr.audits['total-blocking-time'].numericValue),
      CLS: Number(lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3)),
      'transfer KB': Number((lhr.audits['total-byte-weight'].numericValue / 1024).toFixed(1)),
      'HTML B': bytes('Document'),
      'CSS B': bytes('Stylesheet'),
      'JS B': bytes('Script'),
      'image B': bytes('Image'),
      // Which copy of each /media/ image the phone took from its srcset (?width=, or the original).
      'media widths': requests
        .filter((r) => new URL(r.url).pathname.startsWith('/media/'))
        .map((r) => new URL(r.url).searchParams.get('width') ?? 'full')
        .join(' '),
    });
  }
} finally {
  await chrome.kill();
  server.kill('SIGTERM');
}

console.table(rows);
console.log(`build time: ${buildSeconds.toFixed(1)} s`);
mkdirSync('reports', { recursive: true });
writeFileSync('reports/lighthouse.json', `${JSON.stringify({ buildSeconds, rows, reports }, null, 2)}\n`);
console.log('full reports: reports/lighthouse.json');
