/**
 * After the build: hash every inline script for the Content-Security-Policy, write the nginx
 * config and the static-host files, and precompress text files with gzip and brotli so the
 * server never compresses on the fly.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { nginxServerConfig } from '../lib/hosting/nginx';
import { contentSecurityPolicy, securityHeaders, type CspInput } from '../lib/hosting/policy';
import { redirectRules } from '../lib/hosting/redirects';
import { MIN_PRECOMPRESS_BYTES, precompressFiles } from '../lib/hosting/precompress';
import { precompressCacheDirectory } from '../lib/config/build-env';
import { headersFile, redirectsFile } from '../lib/hosting/static-host';
import { sitemapPageFiles } from '../lib/seo/sitemap-files';

const COMPRESSIBLE = /\.(html|css|js|mjs|json|xml|txt|svg|webmanifest|ics)$/;

async function listFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/**
 * 'sha256-…' of the text of every inline script (no src) in an HTML document. Data blocks
 * such as JSON-LD (`type="application/ld+json"`) never run, so they need no hash.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter((match) => {
      const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(match[1] ?? '')?.[1]?.toLowerCase();
      return type === undefined || type === 'module' || type === 'text/javascript' || type === 'application/javascript';
    })
    .map((match) => match[2] ?? '')
    .filter((text) => text.length > 0)
    .map((text) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`);
}

export interface HostingOptions extends Omit<CspInput, 'scriptHashes'> {
  redirects: { from: string; to: string }[];
}

export function hosting(options: HostingOptions): AstroIntegration {
  return {
    name: 'kaia-hosting',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const files = await listFiles(root);
        const hashes = new Set<string>();
        for (const file of files.filter((name) => name.endsWith('.html'))) {
          for (const hash of inlineScriptHashes(await readFile(file, 'utf8'))) hashes.add(hash);
        }
        const input = { ...options, scriptHashes: [...hashes].sort() };
        const csp = contentSecurityPolicy(input);
        // Only the search page compiles WebAssembly (Pagefind); every other page is denied it.
        const searchCsp = contentSecurityPolicy(input, { webAssembly: true });
        const headers = securityHeaders(csp, options.reportEndpoint);
        const searchHeaders = securityHeaders(searchCsp, options.reportEndpoint);
        const rules = redirectRules(options.redirects);
        await mkdir(join(root, '_hosting'), { recursive: true });
        await writeFile(join(root, '_hosting', 'nginx.conf'), nginxServerConfig({ headers, searchHeaders, redirects: rules }));
        await writeFile(join(root, '_headers'), headersFile(headers, searchCsp));
        await writeFile(join(root, '_redirects'), redirectsFile(rules));

        const compressible = (await listFiles(root)).filter((file) => COMPRESSIBLE.test(file) && !file.includes(`${root}/_hosting/`));
        // Assets hardest, the sitemap's pages nearly as hard, the other HTML quickly (see precompress.ts).
        const sitemapPages = sitemapPageFiles(await readFile(join(root, 'sitemap.xml'), 'utf8'));
        const cache = { dir: precompressCacheDirectory(process.cwd()) };
        const { compressed, reused } = await precompressFiles(
          compressible,
          (file) => (!file.endsWith('.html') ? 'asset' : sitemapPages.has(relative(root, file)) ? 'page' : 'view'),
          cache,
        );
        logger.info(
          `${hashes.size} inline script hashes in the CSP, ${rules.length} redirect rules, ${compressed} of ${compressible.length} text files precompressed (the rest under ${MIN_PRECOMPRESS_BYTES} bytes), ${reused} of them from the cache (${relative(process.cwd(), cache.dir)})`,
        );
      },
    },
  };
}
