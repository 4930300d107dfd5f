/**
 * What the site answers with besides its files: cache rules, security headers and the
 * Content-Security-Policy. One source for nginx, _headers and the tests.
 */

export interface CspInput {
  /** 'sha256-…' hashes of every inline script in the build. */
  scriptHashes: string[];
  /** Origins scripts may load from besides the site: analytics, loaded only after consent. */
  scriptOrigins?: string[];
  /** Origins the browser may call: the film club's and the box office's APIs, analytics after consent. */
  connectOrigins: string[];
  /** Origins forms may post to besides the site itself. */
  formOrigins: string[];
  /** Origins that may be framed (the trailer player). */
  frameOrigins: string[];
  /** Origins images may come from besides the site (the CMS media host). */
  imageOrigins: string[];
  /** Where browsers report violations (CSP_REPORT_ENDPOINT); none, no report directives. */
  reportEndpoint?: string | undefined;
}

export interface CspOptions {
  /** Allow compiling WebAssembly: only the search page (Pagefind) needs it. */
  webAssembly?: boolean;
}

/** The Reporting API endpoint name the policy's report-to names (Reporting-Endpoints). */
export const REPORT_GROUP = 'csp';

/**
 * The path of the one page that runs WebAssembly, the search page (/search; its other
 * spellings are redirects to it). Every other response gets no 'wasm-unsafe-eval'.
 */
export const WASM_PAGE_PATH = '/search';

export function contentSecurityPolicy(input: CspInput, { webAssembly = false }: CspOptions = {}): string {
  const list = (...values: string[]) => [...new Set(values)].join(' ');
  return [
    `default-src 'self'`,
    // 'wasm-unsafe-eval' lets the search (Pagefind) compile its WebAssembly; it allows no JS eval.
    `script-src ${list(`'self'`, ...(webAssembly ? [`'wasm-unsafe-eval'`] : []), ...(input.scriptOrigins ?? []), ...input.scriptHashes.map((hash) => `'${hash}'`))}`,
    // Astro inlines small stylesheets and the image focal point is a style attribute.
    `style-src 'self' 'unsafe-inline'`,
    `img-src ${list(`'self'`, 'data:', ...input.imageOrigins)}`,
    `font-src 'self'`,
    `connect-src ${list(`'self'`, ...input.connectOrigins)}`,
    `frame-src ${input.frameOrigins.length ? list(...input.frameOrigins) : `'none'`}`,
    `worker-src 'self'`,
    `manifest-src 'self'`,
    `form-action ${list(`'self'`, ...input.formOrigins)}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `frame-ancestors 'none'`,
    // report-uri for browsers without the Reporting API; report-to for those with it.
    ...(input.reportEndpoint ? [`report-uri ${input.reportEndpoint}`, `report-to ${REPORT_GROUP}`] : []),
  ].join('; ');
}

/** Headers every response carries; Reporting-Endpoints only when reports have somewhere to go. */
export function securityHeaders(csp: string, reportEndpoint?: string): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    ...(reportEndpoint ? { 'Reporting-Endpoints': `${REPORT_GROUP}="${reportEndpoint}"` } : {}),
    'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_REVALIDATE = 'no-cache';
export const CACHE_MEDIA = 'public, max-age=86400, stale-while-revalidate=604800';
/** Error responses nginx makes before the site's rules apply: never kept by any cache. */
export const CACHE_ERROR = 'no-store';

/** Paths that must always be revalidated besides HTML: the worker and the search index entry. */
export const ALWAYS_FRESH = ['/sw.js', '/pagefind/pagefind.js', '/pagefind/pagefind-entry.json'];

/**
 * Search index files whose names carry their content hash (Pagefind's fragments, word and
 * filter chunks and metadata): cached for ever. The rest of /pagefind/ (entry, scripts, WASM)
 * keeps its name across builds and is revalidated like HTML.
 */
export const PAGEFIND_HASHED_PATTERN =
  '^/pagefind/(?:(?:fragment|index|filter)/[A-Za-z0-9_-]+\\.pf_(?:fragment|index|filter)|pagefind\\.[A-Za-z0-9_-]+\\.pf_meta)$';
/** The same files as static-host globs. */
export const PAGEFIND_HASHED_GLOBS = ['/pagefind/fragment/*', '/pagefind/index/*', '/pagefind/filter/*', '/pagefind/pagefind.*.pf_meta'];

/** The origin of a URL, or null when it is not an absolute http(s) URL. */
export function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}
