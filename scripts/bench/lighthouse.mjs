#!/usr/bin/env node
/**
 * npm run bench: builds the site (timed), serves it with nginx as in production (HTTPS with HTTP/2
 * on a certificate made for the run; BENCH_PLAIN_HTTP=1 for plain HTTP/1.1), and runs
 * Lighthouse (mobile settings, Debian's Chromium) three times on one page of each type. Prints the
 * median run's four scores, LCP, CLS and bytes per page, with every run's performance score and
 * TBT, then the median run's LCP element, LCP in four parts (time to first byte, load delay, load
 * time and render delay, as Lighthouse's largest-contentful-paint-element audit simulates them) and
 * its render-blocking requests, and writes the median runs' full reports to reports/.
 * BENCH_PORT, BENCH_PAGES, BENCH_SKIP_BUILD, BENCH_PLAIN_HTTP and BENCH_THROTTLING
 * (scripts/script-env.mjs) pick the port, the pages, whether to build first, the protocol and
 * whether Lighthouse simulates the phone (the default) or throttles the load itself in Chromium.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, scriptEnv } from '../script-env.mjs';

const settings = scriptEnv().bench;
const PORT = settings.port;
// HTTPS with HTTP/2, as production serves the site (docs/deploy.md), unless BENCH_PLAIN_HTTP=1:
// Lighthouse's simulation gives each parallel request on HTTP/1.1 a connection of its own.
const TLS = !settings.plainHttp;
const origin = `${TLS ? 'https' : 'http'}://127.0.0.1:${PORT}`;
const productions = JSON.parse(readFileSync('content/productions.json', 'utf8'));
const film = productions.find((p) => p.object === 'movie' && p.objectClass === 'movie');
const culture = productions.find((p) => p.object === 'culture');
/** By the names BENCH_PAGES uses (BENCH_PAGE_NAMES). */
const allPages = {
  front: ['front page', '/'],
  article: ['article', '/article/babysvomming'],
  kinoprogram: ['cinema programme', '/kinoprogram'],
  film: ['film page', `/${film.pageReference}`],
  culture: ['culture page', `/${culture.pageReference}`],
  search: ['search', '/search'],
};
const pages = settings.pages.map((name) => allPages[name]);

const started = performance.now();
let buildSeconds;
if (!settings.skipBuild) {
  const build = spawnSync('npx', ['astro', 'build', '--silent'], { stdio: 'inherit', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } });
  if (build.status !== 0) process.exit(build.status ?? 1);
  buildSeconds = (performance.now() - started) / 1000;
}

const server = spawn('node', ['scripts/serve-nginx.mjs', '--root', 'dist', '--port', String(PORT), '--max-seconds', '900', ...(TLS ? ['--tls'] : [])], {
  stdio: 'ignore',
});
await new Promise((resolve) => setTimeout(resolve, 1000));

const chrome = await chromeLauncher.launch({
  chromePath: scriptEnv().chromePath,
  chromeFlags: TLS ? [...CHROMIUM_ARGS, '--ignore-certificate-errors'] : CHROMIUM_ARGS,
});

const RUNS = 3;
const METRICS = ['largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift'];

/** One Lighthouse run; a run Lighthouse itself reports as broken (NO_NAVSTART and the like) is repeated, at most twice. */
async function audit(path) {
  for (let attempt = 1; ; attempt++) {
    const { lhr } = await lighthouse(`${origin}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', throttlingMethod: settings.throttling });
    const broken = lhr.runtimeError
      ? `${lhr.runtimeError.code}`
      : METRICS.filter((id) => lhr.audits[id].numericValue === undefined).map((id) => `no ${id}: ${lhr.audits[id].errorMessage}`)[0];
    if (!broken) return lhr;
    if (attempt === 3) throw new Error(`Lighthouse could not measure ${path} in 3 attempts: ${broken}`);
    console.warn(`Lighthouse run on ${path} was broken (${broken}); running it again.`);
  }
}

const median = (runs, key) => [...runs].sort((a, b) => key(a) - key(b))[Math.floor(runs.length / 2)];
const score = (lhr, category) => Math.round(lhr.categories[category].score * 100);

/** The LCP element and the four parts of LCP, as the largest-contentful-paint-element audit gives them. */
function lcpParts(lhr) {
  const tables = lhr.audits['largest-contentful-paint-element'].details?.items ?? [];
  const node = tables[0]?.items?.[0]?.node;
  const phases = Object.fromEntries((tables[1]?.items ?? []).map((item) => [item.phase, Math.round(item.timing)]));
  const blocking = lhr.audits['render-blocking-insight']?.details?.items ?? lhr.audits['render-blocking-resources']?.details?.items ?? [];
  return {
    'LCP element': node ? `${node.nodeLabel ?? ''}`.slice(0, 40) + ` <${node.selector?.split(' > ').at(-1) ?? '?'}>` : 'none',
    'FCP ms': Math.round(lhr.audits['first-contentful-paint'].numericValue),
    'TTFB ms': phases.TTFB,
    'load delay ms': phases['Load Delay'],
    'load time ms': phases['Load Time'],
    'render delay ms': phases['Render Delay'],
    'render-blocking': blocking.map((item) => new URL(item.url).pathname.split('/').at(-1)).join(' ') || 'none',
  };
}

const rows = [];
const parts = [];
const reports = {};
try {
  for (const [name, path] of pages) {
    const runs = [];
    for (let run = 0; run < RUNS; run++) runs.push(await audit(path));
    // The median run by performance score stands for the page, as Lighthouse's docs advise; every run's score is shown.
    const lhr = median(runs, (r) => r.categories.performance.score);
    reports[name] = lhr;
    const requests = lhr.audits['network-requests'].details.items;
    const bytes = (type) => requests.filter((r) => r.resourceType === type).reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
    rows.push({
      page: name,
      path,
      performance: score(lhr, 'performance'),
      'perf runs': runs.map((r) => score(r, 'performance')).join(' '),
      accessibility: score(lhr, 'accessibility'),
      'best-practices': score(lhr, 'best-practices'),
      seo: score(lhr, 'seo'),
      'LCP ms': Math.round(lhr.audits['largest-contentful-paint'].numericValue),
      'TBT ms runs': runs.map((r) => Math.round(r.audits['total-blocking-time'].numericValue)).join(' '),
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
    parts.push({ page: name, 'LCP ms': Math.round(lhr.audits['largest-contentful-paint'].numericValue), ...lcpParts(lhr) });
  }
} finally {
  await chrome.kill();
  server.kill('SIGTERM');
}

console.log(
  settings.throttling === 'devtools'
    ? 'Throttled in Chromium (BENCH_THROTTLING=devtools): the figures are what the browser measured on a slowed-down load.'
    : 'Simulated phone (Lighthouse default): an unthrottled load, then a simulation of a slow phone over it.',
);
console.table(rows);
console.log(`LCP of the median run, in parts (${settings.throttling === 'devtools' ? 'throttled load' : 'simulated phone'}):`);
console.table(parts);
console.log(buildSeconds === undefined ? 'build: skipped (BENCH_SKIP_BUILD=1)' : `build time: ${buildSeconds.toFixed(1)} s`);
mkdirSync('reports', { recursive: true });
writeFileSync('reports/lighthouse.json', `${JSON.stringify({ buildSeconds, rows, reports }, null, 2)}\n`);
console.log('full reports: reports/lighthouse.json');
