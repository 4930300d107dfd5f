/**
 * Every server the project runs answers each kind of path as production's nginx does (issue 37):
 * the same status, redirect target, Content-Security-Policy, Cache-Control and security headers.
 * One build laid down by hand with its hosting files written as the build writes them
 * (src/integrations/hosting.ts), then served by Debian's nginx with that `_hosting/nginx.conf`
 * (scripts/serve-nginx.mjs), by the publish service's static serving (publisher/sites/static-files.ts:
 * the live site of `npm start` and the staff preview) and by astro preview's answering
 * (src/integrations/preview-routing.ts). Before the fix, the publish service sent
 * '/search.html' with 200 and the site-wide policy, which has no 'wasm-unsafe-eval'; the service
 * worker stored that copy, and search failed for every returning visitor.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, createReadStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverOf } from '../../../../publisher/routes/http';
import { releaseApp } from '../../../../publisher/sites/static-files';
import { answerAsNginx } from '../../../../src/integrations/preview-routing';
import { fileOf } from '../../../../src/lib/hosting/static-answer';
import { nginxServerConfig } from '../../../../src/lib/hosting/nginx';
import { contentSecurityPolicy, securityHeaders } from '../../../../src/lib/hosting/policy';
import { redirectRules } from '../../../../src/lib/hosting/redirects';
import { headersFile, redirectsFile } from '../../../../src/lib/hosting/static-host';
import { freePort } from '../../../support/free-port';
import { until } from '../../../support/until';

const INPUT = { scriptHashes: ['sha256-abc'], connectOrigins: ['https://api.example.org'], formOrigins: [], frameOrigins: [], imageOrigins: [] };
const SITE_CSP = contentSecurityPolicy(INPUT);
const SEARCH_CSP = contentSecurityPolicy(INPUT, { webAssembly: true });

/** Each kind of path, and what the test expects nginx to say of it (the comparison is with what nginx says, not with this). */
const PATHS: { path: string; status: number; csp?: string }[] = [
  { path: '/', status: 200, csp: SITE_CSP },
  { path: '/kinoprogram', status: 200, csp: SITE_CSP },
  { path: '/kinoprogram.html', status: 301 },
  { path: '/kinoprogram/', status: 301 },
  { path: '/kinoprogram?dag=i-dag', status: 200, csp: SITE_CSP },
  { path: '/kinoprogram.html?dag=i-dag', status: 301 },
  { path: '/search', status: 200, csp: SEARCH_CSP },
  { path: '/search?q=basseng', status: 200, csp: SEARCH_CSP },
  { path: '/search.html', status: 301 },
  { path: '/search/', status: 301 },
  { path: '/search/index.html', status: 301 },
  { path: '/search.html?q=basseng', status: 301 },
  { path: '/index.html', status: 301 },
  { path: '/gammal-side', status: 301 },
  { path: '/gammal-side.html', status: 301 },
  { path: '/_astro/app.abc123.js', status: 200, csp: SITE_CSP },
  { path: '/_astro/finst-ikkje.js', status: 404, csp: SITE_CSP },
  { path: '/pagefind/pagefind.js', status: 200, csp: SITE_CSP },
  { path: '/pagefind/fragment/en_abc.pf_fragment', status: 200, csp: SITE_CSP },
  { path: '/media/plakat.jpg', status: 200, csp: SITE_CSP },
  { path: '/sw.js', status: 200, csp: SITE_CSP },
  { path: '/finst-ikkje', status: 404, csp: SITE_CSP },
  { path: '/_headers', status: 404 },
  { path: '/_redirects', status: 404 },
  { path: '/_hosting/nginx.conf', status: 404 },
];

/** The headers that must be the same on every server. */
const COMPARED = [
  'content-encoding',
  'content-security-policy',
  'cache-control',
  'x-content-type-options',
  'referrer-policy',
  'permissions-policy',
  'cross-origin-opener-policy',
  'strict-transport-security',
];

let build: string;
let nginx: ChildProcess;
const servers: Server[] = [];
const origins: Record<'nginx' | 'site' | 'preview', string> = { nginx: '', site: '', preview: '' };

function write(file: string, text: string | Buffer) {
  mkdirSync(dirname(join(build, file)), { recursive: true });
  writeFileSync(join(build, file), text);
}

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  build = mkdtempSync(join(tmpdir(), 'kaia-hosting-servers-'));
  // nginx's workers may run as another user: the build must be readable to them.
  chmodSync(build, 0o755);
  for (const page of ['index', 'kinoprogram', 'search', '404']) write(`${page}.html`, `<!doctype html><title>${page}</title>`);
  write('_astro/app.abc123.js', 'export {};');
  // Precompressed copies, as the build writes them beside files (src/lib/hosting/precompress.ts).
  write('_astro/app.abc123.js.br', brotliCompressSync('export {};'));
  write('kinoprogram.html.gz', gzipSync('<!doctype html><title>kinoprogram</title>'));
  write('pagefind/pagefind.js', 'export {};');
  write('pagefind/fragment/en_abc.pf_fragment', 'x');
  write('media/plakat.jpg', 'jpeg');
  write('sw.js', 'self;');
  const rules = redirectRules([{ from: '/gammal-side', to: '/kinoprogram' }]);
  write('_headers', headersFile(securityHeaders(SITE_CSP), SEARCH_CSP));
  write('_redirects', redirectsFile(rules));
  write('_hosting/nginx.conf', nginxServerConfig({ headers: securityHeaders(SITE_CSP), searchHeaders: securityHeaders(SEARCH_CSP), redirects: rules }));

  const nginxPort = await freePort();
  origins.nginx = `http://127.0.0.1:${nginxPort}`;
  nginx = spawn(process.execPath, ['scripts/serve-nginx.mjs', '--root', build, '--port', String(nginxPort), '--max-seconds', '120'], { stdio: 'ignore' });
  // The publish service's live site, as npm start serves it (the preview adds only its no-store and noindex).
  origins.site = await listen(serverOf(releaseApp(build)));
  // astro preview's answering, before a plain file server standing in for the preview server's own.
  origins.preview = await listen(
    createServer((request, response) => {
      if (answerAsNginx(build, request, response)) return;
      const file = fileOf(build, (request.url ?? '/').split('?')[0]!);
      response.writeHead(file ? 200 : 404);
      if (file) createReadStream(file).pipe(response);
      else response.end();
    }),
  );
  await until(async () => (await fetch(`${origins.nginx}/`).catch(() => undefined))?.status === 200, 'nginx to answer', 20_000);
}, 30_000);

afterAll(async () => {
  nginx?.kill('SIGTERM');
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }
  rmSync(build, { recursive: true, force: true });
});

/** What a server answers for `path`: status, redirect target and the compared headers. */
async function answer(origin: string, path: string): Promise<Record<string, string | number | null>> {
  const response = await fetch(`${origin}${path}`, { redirect: 'manual', headers: { 'accept-encoding': 'gzip, br' } });
  await response.arrayBuffer();
  return {
    status: response.status,
    location: response.headers.get('location'),
    ...Object.fromEntries(COMPARED.map((name) => [name, response.headers.get(name)])),
  };
}

describe('every server the project runs', () => {
  it('is compared with an nginx that answers as production does', async () => {
    for (const { path, status, csp } of PATHS) {
      const fromNginx = await answer(origins.nginx, path);
      expect(fromNginx.status, path).toBe(status);
      if (csp) expect(fromNginx['content-security-policy'], path).toBe(csp);
    }
    expect((await answer(origins.nginx, '/search.html?q=basseng')).location).toBe('/search?q=basseng');
    // The build's precompressed copies: brotli where there is one, else gzip.
    expect((await answer(origins.nginx, '/_astro/app.abc123.js'))['content-encoding']).toBe('br');
    expect((await answer(origins.nginx, '/kinoprogram'))['content-encoding']).toBe('gzip');
  });

  for (const server of ['site', 'preview'] as const) {
    it(`sends each kind of path what nginx sends: ${server === 'site' ? 'the publish service (npm start, staff preview)' : 'astro preview'}`, async () => {
      // astro preview compresses on the fly (Vite's compression middleware) instead of sending the build's copies.
      const compared = async (origin: string, path: string) => {
        const { 'content-encoding': encoding, ...rest } = await answer(origin, path);
        return server === 'site' ? { ...rest, 'content-encoding': encoding } : rest;
      };
      for (const { path } of PATHS) expect(await compared(origins[server], path), path).toEqual(await compared(origins.nginx, path));
    });
  }
});
