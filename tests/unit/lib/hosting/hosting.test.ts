import { describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inlineScriptHashes } from '../../../../src/integrations/hosting';
import {
  BEST_BROTLI_MAX_BYTES,
  brotliQuality,
  compressionPlace,
  precompressor,
  CACHE_KEEP_MS,
  MIN_PRECOMPRESS_BYTES,
  precompressFiles,
} from '../../../../src/lib/hosting/precompress';
import { nginxServerConfig } from '../../../../src/lib/hosting/nginx';
import { isReportEndpoint, readBuildEnv } from '../../../../src/lib/config/build-env';
import { contentSecurityPolicy, originOf, securityHeaders } from '../../../../src/lib/hosting/policy';
import { redirectRules } from '../../../../src/lib/hosting/redirects';
import { headersFile, headersForPath, parseHeadersFile, redirectsFile } from '../../../../src/lib/hosting/static-host';

const input = {
  scriptHashes: ['sha256-abc='],
  connectOrigins: ['https://api.example', 'https://api.example'],
  formOrigins: [],
  frameOrigins: [],
  imageOrigins: [],
};
const csp = contentSecurityPolicy(input);

describe('the Content-Security-Policy', () => {
  it('allows scripts only from the site and by hash, never inline, and no WebAssembly', () => {
    expect(csp).toContain("script-src 'self' 'sha256-abc=';");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  });

  it('allows WebAssembly (and nothing else more) on the search page only', () => {
    const search = contentSecurityPolicy(input, { webAssembly: true });
    expect(search).toContain("script-src 'self' 'wasm-unsafe-eval' 'sha256-abc='");
    // 'wasm-unsafe-eval' compiles WebAssembly only; no other 'unsafe-…' source is allowed.
    expect(search.replace(" 'wasm-unsafe-eval'", '')).toBe(csp);
  });

  it('sends violation reports only when an endpoint is configured', () => {
    expect(csp).not.toMatch(/report-(uri|to)/);
    expect(Object.keys(securityHeaders(csp))).not.toContain('Reporting-Endpoints');
    const endpoint = 'https://csp.example/report';
    const reporting = contentSecurityPolicy({ ...input, reportEndpoint: endpoint });
    expect(reporting).toMatch(/; report-uri https:\/\/csp\.example\/report; report-to csp$/);
    expect(securityHeaders(reporting, endpoint)['Reporting-Endpoints']).toBe('csp="https://csp.example/report"');
  });

  it('takes a report endpoint only as a plain https URL (http on loopback)', () => {
    expect(isReportEndpoint('https://csp.example/report?site=kaia')).toBe(true);
    expect(isReportEndpoint('http://127.0.0.1:4400/csp')).toBe(true);
    expect(isReportEndpoint('http://csp.example/report')).toBe(false);
    expect(isReportEndpoint('https://csp.example/a;script-src *')).toBe(false);
    expect(isReportEndpoint('https://csp.example/a"b')).toBe(false);
    expect(isReportEndpoint('https://user:pw@csp.example/')).toBe(false);
    expect(isReportEndpoint('javascript:alert(1)')).toBe(false);
    expect(() => readBuildEnv({ CSP_REPORT_ENDPOINT: 'ftp://csp.example/' })).toThrow(/CSP_REPORT_ENDPOINT/);
    expect(readBuildEnv({ CSP_REPORT_ENDPOINT: 'https://csp.example/r' }).CSP_REPORT_ENDPOINT).toBe('https://csp.example/r');
  });

  it('lists each allowed origin once, and forbids framing the site', () => {
    expect(csp).toContain("connect-src 'self' https://api.example;");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("frame-src 'none'");
  });

  it('goes out with the other security headers', () => {
    expect(Object.keys(securityHeaders(csp))).toEqual([
      'Content-Security-Policy',
      'Strict-Transport-Security',
      'X-Content-Type-Options',
      'Referrer-Policy',
      'Permissions-Policy',
      'Cross-Origin-Opener-Policy',
    ]);
  });

  it('takes origins only from absolute http(s) URLs', () => {
    expect(originOf('https://a.example/x?y')).toBe('https://a.example');
    expect(originOf('/relative')).toBeNull();
    expect(originOf('javascript:alert(1)')).toBeNull();
    expect(originOf(undefined)).toBeNull();
  });
});

describe('inline script hashes', () => {
  it('hash the exact text of inline scripts and skip external ones', () => {
    const html = '<script>a()</script><script type="module" src="/x.js"></script><script type="module">b()</script>';
    expect(inlineScriptHashes(html)).toEqual(['sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4=', expect.stringMatching(/^sha256-/)]);
  });

  it('leave data blocks such as JSON-LD out, since they never run', () => {
    const html = '<script type="application/ld+json">{"@type":"Event"}</script><script type=application/json>{}</script><script>a()</script>';
    expect(inlineScriptHashes(html)).toEqual(['sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4=']);
  });
});

describe('redirect rules', () => {
  const rules = redirectRules([{ from: '/kino/', to: '/kinoprogram' }]);

  it('cover every spelling of the old path', () => {
    expect(rules).toEqual([
      { from: '/kino', to: '/kinoprogram' },
      { from: '/kino/', to: '/kinoprogram' },
      { from: '/kino.html', to: '/kinoprogram' },
      { from: '/kino/index.html', to: '/kinoprogram' },
    ]);
  });

  it('become nginx 301s and _redirects lines', () => {
    const config = nginxServerConfig({ headers: { 'X-Test': 'a "b"' }, redirects: rules });
    expect(config).toContain('location = /kino/ { return 301 /kinoprogram; }');
    expect(config).toContain('add_header X-Test "a \\"b\\"" always;');
    expect(redirectsFile(rules)).toBe(
      '/kino /kinoprogram 301\n/kino/ /kinoprogram 301\n/kino.html /kinoprogram 301\n/kino/index.html /kinoprogram 301\n/*/index.html /:splat 301\n',
    );
  });

  it('refuse paths nginx would read differently', () => {
    expect(() => nginxServerConfig({ headers: {}, redirects: [{ from: '/a b', to: '/' }] })).toThrow(/Unsafe/);
    expect(() => nginxServerConfig({ headers: {}, redirects: [{ from: '/a;return 200', to: '/' }] })).toThrow(/Unsafe/);
  });
});

describe('the nginx config', () => {
  const config = nginxServerConfig({
    headers: { 'Content-Security-Policy': "script-src 'self'" },
    searchHeaders: { 'Content-Security-Policy': "script-src 'self' 'wasm-unsafe-eval'" },
    redirects: [],
  });

  it('sends Vary: Accept-Encoding with precompressed files', () => {
    expect(config).toMatch(/^gzip_vary on;$/m);
  });

  it('gives the search page its own policy, repeating every header nginx would otherwise drop', () => {
    const search = /location = \/search \{([^}]*)\}/.exec(config)?.[1] ?? '';
    expect(search).toContain('try_files /search.html =404;');
    expect(search).toContain(`add_header Content-Security-Policy "script-src 'self' 'wasm-unsafe-eval'" always;`);
    expect(search).toContain('add_header Cache-Control $kaia_cache always;');
    expect(config.replace(search, '')).not.toContain('wasm-unsafe-eval');
  });

  it('serves each page at its one URL and sends its other spellings on to it', () => {
    expect(config).toMatch(/location \/ \{\s+try_files \$uri \$uri\.html =404;/);
    expect(config).toMatch(/location = \/ \{\s+try_files \/index\.html =404;/);
    expect(config).toMatch(/location = \/index\.html \{\s+return 301 \/\$is_args\$args;/);
    expect(config).toContain('if (-f $document_root$kaia_page.html) {\n        return 301 $kaia_page$is_args$args;');
  });

  it('answers the errors nginx makes itself with the site page, never stored', () => {
    expect(config).toContain('error_page 405 413 505 /_hosting/error;');
    expect(config).toMatch(/location = \/_hosting\/error \{\s+internal;\s+set \$kaia_cache "no-store";\s+try_files \/404\.html =404;/);
  });
});

describe('_headers', () => {
  it('sends security headers and Vary everywhere and caches hashed assets for ever', () => {
    const file = headersFile({ 'X-Content-Type-Options': 'nosniff' });
    expect(file).toMatch(/^\/\*\n {2}X-Content-Type-Options: nosniff\n {2}Vary: Accept-Encoding\n/);
    expect(file).toContain('/_astro/*\n  Cache-Control: public, max-age=31536000, immutable');
    expect(file).toContain('/sw.js\n  Cache-Control: no-cache');
  });

  it('replaces the policy on the search page by the one allowing WebAssembly', () => {
    const file = headersFile({ 'Content-Security-Policy': "script-src 'self'" }, "script-src 'self' 'wasm-unsafe-eval'");
    expect(file).toContain(`\n/search\n  ! Content-Security-Policy\n  Content-Security-Policy: script-src 'self' 'wasm-unsafe-eval'\n`);
    expect(file.match(/wasm-unsafe-eval/g)).toHaveLength(1);
  });

  it('reads back as the headers each path gets: the search page its own policy, assets their cache rule', () => {
    const rules = parseHeadersFile(
      headersFile({ 'Content-Security-Policy': "script-src 'self'", 'X-Content-Type-Options': 'nosniff' }, "script-src 'self' 'wasm-unsafe-eval'"),
    );
    expect(headersForPath(rules, '/')).toEqual({
      'content-security-policy': "script-src 'self'",
      'x-content-type-options': 'nosniff',
      vary: 'Accept-Encoding',
    });
    expect(headersForPath(rules, '/search')['content-security-policy']).toBe("script-src 'self' 'wasm-unsafe-eval'");
    // Only the page's one URL: /search/ is a redirect to it on every host.
    expect(headersForPath(rules, '/search/')['content-security-policy']).toBe("script-src 'self'");
    expect(headersForPath(rules, '/searching')['content-security-policy']).toBe("script-src 'self'");
    expect(headersForPath(rules, '/_astro/app.js')).toMatchObject({
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
  });
});

describe('precompressed copies', () => {
  it('decompress to the file, brotli smaller than gzip, also at the quick quality', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kaia-precompress-'));
    const page = Buffer.from(`<!doctype html><title>Kino</title>${'<li class="showing">Kjøp billett</li>'.repeat(500)}`);
    try {
      for (const place of ['asset', 'view'] as const) {
        const file = join(dir, `${place}.html`);
        writeFileSync(file, page);
        expect(await precompressFiles([file], () => place)).toEqual({ compressed: 1, reused: 0 });
        const [gzipped, brotlied] = [readFileSync(`${file}.gz`), readFileSync(`${file}.br`)];
        expect(gunzipSync(gzipped).equals(page)).toBe(true);
        expect(brotliDecompressSync(brotlied).equals(page)).toBe(true);
        expect(brotlied.length).toBeLessThan(gzipped.length);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('use brotli at its best for assets, a fast level short of its slow search for the sitemap’s pages, and a faster one for huge files and the rest', () => {
    expect(brotliQuality(200 * 1024)).toBe(11);
    expect(brotliQuality(BEST_BROTLI_MAX_BYTES)).toBe(11);
    expect(brotliQuality(5 * 1024 * 1024)).toBe(9);
    expect(brotliQuality(200 * 1024, 'page')).toBe(6);
    expect(brotliQuality(5 * 1024 * 1024, 'page')).toBe(6);
    expect(brotliQuality(200 * 1024, 'view')).toBe(5);
    expect(brotliQuality(5 * 1024 * 1024, 'view')).toBe(5);
  });

  it('sort the build’s files: the sitemap’s pages, other HTML and calendar files, and assets', () => {
    const sitemap = new Set(['kinoprogram.html', 'film/onkel-olav.html']);
    expect(compressionPlace('kinoprogram.html', sitemap)).toBe('page');
    expect(compressionPlace('film/onkel-olav.html', sitemap)).toBe('page');
    expect(compressionPlace('kinoprogram/dag/2026-11-28.html', sitemap)).toBe('view');
    expect(compressionPlace('kalender/onkel-olav.ics', sitemap)).toBe('view');
    expect(compressionPlace('_astro/client.abc.js', sitemap)).toBe('asset');
    expect(compressionPlace('sitemap.xml', sitemap)).toBe('asset');
    expect(compressionPlace('pagefind/pagefind-entry.json', sitemap)).toBe('asset');
  });

  it('are made for bytes handed over while the caller goes on, and a failure reaches the caller', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kaia-precompress-'));
    try {
      const compressor = precompressor(undefined, { threads: 2, queued: 1 });
      const bodies = ['kino', 'kultur', 'bad', 'aktuelt'].map(
        (name) => [join(dir, `${name}.html`), Buffer.from(`<h1>${name}</h1>${'<p>Kjøp billett</p>'.repeat(200)}`)] as const,
      );
      for (const [file, body] of bodies) await compressor.add(file, body, 'page');
      await compressor.add(join(dir, 'tiny.html'), Buffer.from('<p>liten</p>'), 'page');
      expect(await compressor.done()).toEqual({ compressed: 4, reused: 0 });
      for (const [file, body] of bodies) expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(body)).toBe(true);
      expect(existsSync(join(dir, 'tiny.html.br'))).toBe(false);

      // A copy that cannot be written (its folder is missing) fails the run, not silently.
      const failing = precompressor(undefined, { threads: 1 });
      await failing.add(join(dir, 'missing', 'page.html'), Buffer.from('x'.repeat(2 * MIN_PRECOMPRESS_BYTES)), 'page');
      await expect(failing.done()).rejects.toThrow(/ENOENT/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('are written beside files of at least 1 KiB only', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kaia-precompress-'));
    try {
      const big = join(dir, 'page.html');
      const small = join(dir, 'visit.ics');
      writeFileSync(big, 'x'.repeat(MIN_PRECOMPRESS_BYTES));
      writeFileSync(small, 'x'.repeat(MIN_PRECOMPRESS_BYTES - 1));
      expect(await precompressFiles([big, small])).toEqual({ compressed: 1, reused: 0 });
      expect(existsSync(`${big}.br`) && existsSync(`${big}.gz`)).toBe(true);
      expect(existsSync(`${small}.br`) || existsSync(`${small}.gz`)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('are taken from the cache for files compressed before, and made again for a changed file or rule', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kaia-precompress-'));
    const cache = { dir: join(dir, 'cache') };
    const page = (text: string) => Buffer.from(`<!doctype html><title>${text}</title>${'<li class="showing">Kjøp billett</li>'.repeat(100)}`);
    try {
      const [kino, kultur] = [join(dir, 'kino.html'), join(dir, 'kultur.html')];
      writeFileSync(kino, page('Kino'));
      writeFileSync(kultur, page('Kultur'));
      expect(await precompressFiles([kino, kultur], () => 'page', cache)).toEqual({ compressed: 2, reused: 0 });
      // The next build: the same bytes, the copies from the cache, and they still decompress to the file.
      rmSync(`${kino}.br`);
      rmSync(`${kino}.gz`);
      writeFileSync(kultur, page('Kultur i morgon'));
      expect(await precompressFiles([kino, kultur], () => 'page', cache)).toEqual({ compressed: 2, reused: 1 });
      expect(brotliDecompressSync(readFileSync(`${kino}.br`)).equals(page('Kino'))).toBe(true);
      expect(gunzipSync(readFileSync(`${kino}.gz`)).equals(page('Kino'))).toBe(true);
      expect(brotliDecompressSync(readFileSync(`${kultur}.br`)).equals(page('Kultur i morgon'))).toBe(true);
      // Another brotli quality for the same bytes is another copy.
      expect(await precompressFiles([kino], () => 'view', cache)).toEqual({ compressed: 1, reused: 0 });
      expect(readdirSync(cache.dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lets go of cached copies nobody has used for a week', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kaia-precompress-'));
    const cache = { dir: join(dir, 'cache') };
    try {
      const file = join(dir, 'page.html');
      writeFileSync(file, 'y'.repeat(2 * MIN_PRECOMPRESS_BYTES));
      await precompressFiles([file], () => 'page', cache);
      const kept = readdirSync(cache.dir);
      const stale = join(cache.dir, 'old.q10.br');
      writeFileSync(stale, 'x');
      const longAgo = new Date(Date.now() - CACHE_KEEP_MS - 60_000);
      utimesSync(stale, longAgo, longAgo);
      // Used again in this run, so kept even though it is as old.
      for (const name of kept) utimesSync(join(cache.dir, name), longAgo, longAgo);
      expect(await precompressFiles([file], () => 'page', cache)).toEqual({ compressed: 1, reused: 1 });
      expect(readdirSync(cache.dir).sort()).toEqual(kept.sort());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
