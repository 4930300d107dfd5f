/**
 * After the build: hash every inline script for the Content-Security-Policy, write the static-host
 * files (_headers, _redirects) and check the build against the CDNs' limits; then, for nginx
 * (the default), write its config and precompress text files with gzip and brotli so the server
 * never compresses on the fly. A CDN build (HOSTING_TARGET=cdn) stops after the check, and
 * fails when a limit would be broken.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { nginxServerConfig } from '../lib/hosting/nginx';
import { contentSecurityPolicy, securityHeaders, type CspInput } from '../lib/hosting/policy';
import { redirectRules } from '../lib/hosting/redirects';
import { MIN_PRECOMPRESS_BYTES, precompressFiles } from '../lib/hosting/precompress';
import { hostingTarget, precompressCacheDirectory } from '../lib/config/build-env';
import { CDN_LIMITS, cdnLimitProblems, inCdnUpload, type CdnFile } from '../lib/hosting/cdn';
import { headersFile, redirectsFile } from '../lib/hosting/static-host';
import { sitemapPageFiles } from '../lib/seo/sitemap-files';

const COMPRESSIBLE = /\.(html|css|js|mjs|json|xml|txt|svg|webmanifest|ics)$/;

async function listFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** The files of the build a CDN upload holds (src/lib/hosting/cdn.ts), with their sizes. */
async function cdnUpload(root: string): Promise<CdnFile[]> {
  const files = (await listFiles(root)).map((file) => relative(root, file).split(sep).join('/')).filter(inCdnUpload);
  return Promise.all(files.map(async (path) => ({ path, bytes: (await stat(join(root, path))).size })));
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
        const headersText = headersFile(headers, searchCsp);
        const redirectsText = redirectsFile(rules);
        await writeFile(join(root, '_headers'), headersText);
        await writeFile(join(root, '_redirects'), redirectsText);

        // What a CDN upload of this build would hold, and whether a CDN would take it.
        const upload = await cdnUpload(root);
        const problems = cdnLimitProblems(upload, headersText, redirectsText);
        if (hostingTarget() === 'cdn') {
          if (problems.length > 0) throw new Error(`This build would break a CDN's limits:\n- ${problems.join('\n- ')}`);
          logger.info(
            `${hashes.size} inline script hashes in the CSP, ${rules.length} redirect rules; for a CDN: ${upload.length} files to upload (at most ${CDN_LIMITS.filesPerDeployment.toLocaleString('en')}), no precompressed copies, no nginx config`,
          );
          return;
        }
        if (problems.length > 0) logger.warn(`A CDN would refuse this build as it is:\n- ${problems.join('\n- ')}`);
        await mkdir(join(root, '_hosting'), { recursive: true });
        await writeFile(join(root, '_hosting', 'nginx.conf'), nginxServerConfig({ headers, searchHeaders, redirects: rules }));

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
          `${hashes.size} inline script hashes in the CSP, ${rules.length} redirect rules, ${upload.length} files for a CDN upload, ${compressed} of ${compressible.length} text files precompressed (the rest under ${MIN_PRECOMPRESS_BYTES} bytes), ${reused} of them from the cache (${relative(process.cwd(), cache.dir)})`,
        );
      },
    },
  };
}
