/**
 * The hosting files of the build, the post-build pass's last step (post-build.ts): hash every
 * inline script for the Content-Security-Policy, write the static-host files (_headers,
 * _redirects) and check the build against the CDNs' limits; then, for nginx (the default), write
 * its config. The pass precompresses text files with gzip and brotli for nginx, so the server
 * never compresses on the fly. A CDN build (HOSTING_TARGET=cdn) fails when a limit would be broken.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { AstroIntegrationLogger } from 'astro';
import { nginxServerConfig } from '../lib/hosting/nginx';
import { contentSecurityPolicy, securityHeaders, type CspInput } from '../lib/hosting/policy';
import { redirectRules } from '../lib/hosting/redirects';
import { hostingTarget } from '../lib/config/build-env';
import { CDN_LIMITS, cdnLimitProblems, inCdnUpload, type CdnFile } from '../lib/hosting/cdn';
import { headersFile, redirectsFile } from '../lib/hosting/static-host';

const COMPRESSIBLE = /\.(html|css|js|mjs|json|xml|txt|svg|webmanifest|ics)$/;

export async function listFiles(directory: string): Promise<string[]> {
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

export interface HostingStep {
  /** Whether this build makes compressed copies (nginx, the default; a CDN compresses itself). */
  readonly compresses: boolean;
  /** Notes the inline scripts of a page as it ships, for the CSP. */
  page(html: string): void;
  /**
   * Writes _headers, _redirects and (for nginx) _hosting/nginx.conf, and checks the build against
   * the CDNs' limits (a CDN build fails when one would be broken). Gives a log line's figures.
   */
  finish(root: string, logger: AstroIntegrationLogger): Promise<string>;
}

export function hostingStep(options: HostingOptions): HostingStep {
  const hashes = new Set<string>();
  const target = hostingTarget();
  return {
    compresses: target !== 'cdn',
    page(html) {
      for (const hash of inlineScriptHashes(html)) hashes.add(hash);
    },
    async finish(root, logger) {
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
      const figures = `${hashes.size} inline script hashes in the CSP, ${rules.length} redirect rules, ${upload.length} files for a CDN upload (at most ${CDN_LIMITS.filesPerDeployment.toLocaleString('en')})`;
      if (target === 'cdn') {
        if (problems.length > 0) throw new Error(`This build would break a CDN's limits:\n- ${problems.join('\n- ')}`);
        return `${figures}; no precompressed copies, no nginx config`;
      }
      if (problems.length > 0) logger.warn(`A CDN would refuse this build as it is:\n- ${problems.join('\n- ')}`);
      await mkdir(join(root, '_hosting'), { recursive: true });
      await writeFile(join(root, '_hosting', 'nginx.conf'), nginxServerConfig({ headers, searchHeaders, redirects: rules }));
      return figures;
    },
  };
}

/** Whether a file of the build gets compressed copies (text, not the hosting config). */
export function compressible(root: string, file: string): boolean {
  return COMPRESSIBLE.test(file) && !file.startsWith(join(root, '_hosting') + sep);
}
