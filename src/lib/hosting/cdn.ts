/**
 * The build as a CDN upload (Cloudflare Pages, Netlify): which files go up, and the limits
 * those hosts set on one deployment, checked so a build that would be refused fails first,
 * with a message that says which limit and why.
 *
 * The limits (free plans, as of wrangler 4.40.0, which refuses the same numbers):
 * - Cloudflare Pages (https://developers.cloudflare.com/pages/platform/limits/): 20,000 files
 *   per deployment (100,000 on paid plans), 25 MiB per file; _headers at most 100 rules,
 *   _redirects at most 2,000 static and 100 dynamic rules, no line over 2,000 characters
 *   (https://developers.cloudflare.com/pages/configuration/headers/ and …/redirects/).
 * - Netlify (https://docs.netlify.com/site-deploys/overview/): no limit on files per deploy,
 *   but at most 54,000 files in one directory.
 */

export interface CdnFile {
  /** Path relative to the build's root, with '/' separators. */
  path: string;
  bytes: number;
}

export const CDN_LIMITS = {
  filesPerDeployment: 20_000,
  bytesPerFile: 25 * 1024 * 1024,
  filesPerDirectory: 54_000,
  headerRules: 100,
  staticRedirects: 2_000,
  dynamicRedirects: 100,
  lineCharacters: 2_000,
} as const;

const SOURCES = {
  cloudflare: 'Cloudflare Pages, free plan: developers.cloudflare.com/pages/platform/limits',
  netlify: 'Netlify: docs.netlify.com/site-deploys/overview',
};

/** Files a CDN never gets: the precompressed copies (CDNs compress themselves) and nginx's config. */
export function inCdnUpload(path: string): boolean {
  return !/\.(br|gz)$/.test(path) && !path.startsWith('_hosting/');
}

/** Files wrangler and Netlify read as configuration rather than upload as pages. */
const CONFIG_FILES = new Set(['_headers', '_redirects']);

function lines(text: string): string[] {
  return text.split('\n').filter((line) => line.trim() !== '' && !line.trimStart().startsWith('#'));
}

/**
 * What would stop a CDN from taking the upload, one plain sentence each; empty when it fits.
 * `files` are the upload's files (inCdnUpload), `headers` and `redirects` the texts of
 * _headers and _redirects.
 */
export function cdnLimitProblems(files: CdnFile[], headers: string, redirects: string): string[] {
  const problems: string[] = [];
  const assets = files.filter((file) => !CONFIG_FILES.has(file.path));
  if (assets.length > CDN_LIMITS.filesPerDeployment)
    problems.push(`${assets.length} files, over the ${CDN_LIMITS.filesPerDeployment.toLocaleString('en')} a deployment may hold (${SOURCES.cloudflare})`);
  for (const file of assets.filter((candidate) => candidate.bytes > CDN_LIMITS.bytesPerFile))
    problems.push(`${file.path} is ${(file.bytes / 1024 / 1024).toFixed(1)} MiB, over the 25 MiB one file may be (${SOURCES.cloudflare})`);
  const perDirectory = new Map<string, number>();
  for (const file of assets) {
    const directory = file.path.includes('/') ? file.path.slice(0, file.path.lastIndexOf('/')) : '.';
    perDirectory.set(directory, (perDirectory.get(directory) ?? 0) + 1);
  }
  for (const [directory, count] of perDirectory)
    if (count > CDN_LIMITS.filesPerDirectory)
      problems.push(
        `${directory}/ holds ${count} files, over the ${CDN_LIMITS.filesPerDirectory.toLocaleString('en')} one directory may hold (${SOURCES.netlify})`,
      );
  const headerRules = lines(headers).filter((line) => !/^\s/.test(line)).length;
  if (headerRules > CDN_LIMITS.headerRules) problems.push(`_headers has ${headerRules} rules, over ${CDN_LIMITS.headerRules} (${SOURCES.cloudflare})`);
  const redirectRules = lines(redirects);
  const dynamic = redirectRules.filter((line) => /[*:]/.test(line.split(/\s+/)[0] ?? '')).length;
  if (redirectRules.length - dynamic > CDN_LIMITS.staticRedirects)
    problems.push(`_redirects has ${redirectRules.length - dynamic} static rules, over ${CDN_LIMITS.staticRedirects} (${SOURCES.cloudflare})`);
  if (dynamic > CDN_LIMITS.dynamicRedirects)
    problems.push(`_redirects has ${dynamic} rules with * or :placeholders, over ${CDN_LIMITS.dynamicRedirects} (${SOURCES.cloudflare})`);
  for (const [name, text] of [
    ['_headers', headers],
    ['_redirects', redirects],
  ] as const) {
    const long = text.split('\n').findIndex((line) => line.length > CDN_LIMITS.lineCharacters);
    if (long >= 0)
      problems.push(`${name} line ${long + 1} has ${text.split('\n')[long]?.length} characters, over ${CDN_LIMITS.lineCharacters} (${SOURCES.cloudflare})`);
  }
  return problems;
}
