/**
 * `npm run bench:import`: import and build cost for the demo dataset and a large one
 * (10,000 events, 1,000 productions, 500 articles), served by the platform sandbox.
 * Prints import time, build time, peak memory, the search index (pages, size, time to build it),
 * the service worker's precache, the files of a CDN upload (against the 20,000 a Cloudflare Pages
 * deployment may hold) and the largest programme, day and week page (HTML) of each;
 * goals on a quiet 2-core machine (issue 36): the large dataset imported in 10 s and built in
 * 30 s with under 1 GB, no programme, day or week page over 250 KB; the demo built in 8 s; for
 * both, a precache under 2 MB (2048 KiB). The CDN file count (large) and precache headroom (demo) goals of
 * src/lib/hosting/build-goals.ts fail the run (exit code 1) when missed.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { loadDataset, startSandbox, type Dataset } from '../../sandbox/server';
import { sandboxImportEnv } from '../../sandbox/import-env';
import { builtPrecacheUrls } from '../../src/lib/offline/worker-rules';
import { storedPageBytes } from '../../src/lib/pages/inline-stylesheet';
import { pageFile } from '../../src/lib/pages/page-files';
import { CDN_LIMITS, inCdnUpload } from '../../src/lib/hosting/cdn';
import { largeDataset } from './large-dataset';
import { BUILD_GOALS, buildGoalProblems, precacheHeadroomKiB } from '../../src/lib/hosting/build-goals';

const root = resolve(import.meta.dirname, '../..');
const rssReporter = join(root, 'scripts/bench/report-rss.mjs');

interface Measured {
  seconds: number;
  peakMb: number;
  /** The search index's own figures, from the build's log line (src/integrations/search-index.ts). */
  searchIndex?: { pages: string; kib: string; seconds: string };
}

/** '90 of 312 pages in the search index (language nn): 151 KiB, built in 2.3 s' */
const SEARCH_INDEX_LINE = /(\d+) of \d+ pages in the search index[^:]*: (\d+) KiB, built in ([\d.]+) s/;

function measure(args: string[], env: NodeJS.ProcessEnv): Promise<Measured> {
  const started = process.hrtime.bigint();
  return new Promise((done, fail) => {
    // BENCH_CPU_PROF_DIR=/tmp/prof: each measured process writes a V8 CPU profile there (open it in
    // Chrome DevTools or summarise it with scripts/bench/profile-summary.mjs); its times run slower.
    const profile = process.env['BENCH_CPU_PROF_DIR'] ? ['--cpu-prof', '--cpu-prof-dir', process.env['BENCH_CPU_PROF_DIR']] : [];
    const child = spawn(process.execPath, [...profile, '--import', rssReporter, ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let searchIndex: Measured['searchIndex'];
    // The end of the log so far, so a line split between chunks is still found.
    let tail = '';
    child.stdout.on('data', (chunk: Buffer) => {
      tail = (tail + chunk.toString()).slice(-4000);
      const found = SEARCH_INDEX_LINE.exec(tail);
      if (found) searchIndex = { pages: found[1] as string, kib: found[2] as string, seconds: found[3] as string };
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const rss = /@@peak-rss-kb (\d+)/.exec(stderr);
      if (code !== 0 || !rss) fail(new Error(`${args.join(' ')} exited with ${code}:\n${stderr.slice(-2000)}`));
      else done({ seconds, peakMb: Number(rss[1]) / 1024, ...(searchIndex ? { searchIndex } : {}) });
    });
  });
}

const PROGRAMMES = ['kinoprogram', 'kulturprogram'];

/** The largest page of a kind in a build: 'kinoprogram/dag/2027-03-01 (212 KB)'. */
function largest(dist: string, kind: 'programme' | 'day' | 'week'): string {
  const pages: string[] = [];
  for (const programme of PROGRAMMES) {
    const dir = join(dist, programme);
    if (!existsSync(dir)) continue;
    if (kind === 'programme') pages.push(programme);
    const facets = kind === 'programme' ? ['sjanger', 'kategori', 'alder'] : [kind === 'day' ? 'dag' : 'veke'];
    for (const facet of facets) {
      const facetDir = join(dir, facet);
      if (!existsSync(facetDir)) continue;
      for (const file of readdirSync(facetDir)) if (file.endsWith('.html')) pages.push(`${programme}/${facet}/${file.slice(0, -'.html'.length)}`);
    }
  }
  const sized = pages.map((page) => ({ page, bytes: statSync(join(dist, pageFile(page))).size })).sort((a, b) => b.bytes - a.bytes);
  const top = sized[0];
  return top ? `${top.page} (${Math.round(top.bytes / 1000)} KB)` : '–';
}

/** Files of the build a CDN upload holds: no precompressed copies, no nginx config. */
function cdnUploadFiles(dist: string): number {
  return readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dist, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((path) => inCdnUpload(path) && path !== '_headers' && path !== '_redirects').length;
}

async function bench(name: string, dataset: Dataset) {
  const sandbox = await startSandbox({ dataset });
  const work = mkdtempSync(join(tmpdir(), `kaia-bench-${name}-`));
  const contentDir = join(work, 'content');
  cpSync(join(root, 'content'), contentDir, { recursive: true });
  const env = {
    ...process.env,
    CONTENT_DIR: contentDir,
    ...sandboxImportEnv(sandbox.url, dataset.site.id),
    SITE_NOW: '2026-11-23T10:00:00+01:00',
    // A cache of compressed copies of its own: the figure is a build from nothing.
    PRECOMPRESS_CACHE_DIR: join(work, 'precompress-cache'),
    ASTRO_TELEMETRY_DISABLED: '1',
  };
  try {
    const imported = await measure(['--import', 'tsx', 'import/cli.ts'], env);
    const dist = join(work, 'dist');
    const built = await measure([join(root, 'node_modules/astro/astro.js'), 'build', '--outDir', dist], env);
    // What a visitor's browser stores at the first visit, against the 2 MB budget.
    const precached = builtPrecacheUrls(readFileSync(join(dist, 'sw.js'), 'utf8'));
    // Pages as the worker stores them: linking the stylesheet they carry inline (src/sw.ts).
    const storedBytes = (file: string) => (file.endsWith('.html') ? storedPageBytes(readFileSync(file, 'utf8')) : statSync(file).size);
    const precacheBytes = precached.reduce((sum, url) => sum + storedBytes(join(dist, decodeURIComponent(url))), 0);
    const cdnFiles = cdnUploadFiles(dist);
    // The goals (src/lib/hosting/build-goals.ts): the CDN file count for the large site, the precache headroom for the demo.
    problems.push(
      ...buildGoalProblems(
        { cdnUploadFiles: cdnFiles, precacheBytes },
        {
          cdnUploadFiles: name === 'large' ? BUILD_GOALS.cdnUploadFiles : Infinity,
          precacheHeadroomKiB: name === 'demo' ? BUILD_GOALS.precacheHeadroomKiB : -Infinity,
        },
      ).map((problem) => `${name}: ${problem}`),
    );
    return {
      dataset: name,
      records: `${dataset.events.length} ev / ${dataset.productions.length} prod / ${dataset.articles.length} art`,
      'import s': imported.seconds.toFixed(1),
      'import peak MB': Math.round(imported.peakMb),
      'build s': built.seconds.toFixed(1),
      'build peak MB': Math.round(built.peakMb),
      'search index pages': built.searchIndex?.pages ?? '?',
      'search index KiB': built.searchIndex?.kib ?? '?',
      'search index s': built.searchIndex?.seconds ?? '?',
      'precache files': precached.length,
      'precache KiB': Math.round(precacheBytes / 1024),
      'precache headroom KiB': precacheHeadroomKiB(precacheBytes),
      // What a CDN deployment of this build holds (src/lib/hosting/cdn.ts), against its limit.
      'CDN upload files': `${cdnFiles} (limit ${CDN_LIMITS.filesPerDeployment})`,
      'calendar files': readdirSync(join(dist, 'kalender')).filter((file) => file.endsWith('.ics')).length,
      'all files (nginx)': readdirSync(dist, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length,
      'largest programme page': largest(dist, 'programme'),
      'largest day page': largest(dist, 'day'),
      'largest week page': largest(dist, 'week'),
    };
  } finally {
    await sandbox.close();
    rmSync(work, { recursive: true, force: true });
  }
}

const problems: string[] = [];
const demo = loadDataset(join(root, 'content'));
const rows = [await bench('demo', demo), await bench('large', largeDataset(demo))];
// One block per dataset: the page columns are too wide for one table.
for (const row of rows) console.table(row);
console.log(
  `Goals (quiet 2-core machine): large: import ≤ 10 s, build ≤ 30 s, peak memory < 1024 MB, programme, day and week pages ≤ 250 KB of HTML, CDN upload ≤ ${BUILD_GOALS.cdnUploadFiles} files; demo: build ≤ 8 s, at least ${BUILD_GOALS.precacheHeadroomKiB} KiB precache headroom. Both: precache < 2048 KiB.`,
);
if (problems.length > 0) {
  console.error(`Goals missed:\n${problems.join('\n')}`);
  process.exitCode = 1;
}
