/**
 * The one place build-time settings are read from the environment, validated with Zod.
 * A bad value stops the build with a message that names the variable.
 */
import { resolve } from 'node:path';
import { z } from 'astro/zod';
import { GTM_ID_PATTERN } from '../analytics/services';

/**
 * A comma-separated list of http(s) addresses, read as their origins ('https://img.example/a/'
 * gives 'https://img.example'). An address that is not an http(s) URL, or carries a user name
 * or password, is refused by name.
 */
const originList = z.string().transform((value, context) => {
  const origins: string[] = [];
  for (const item of value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    let url: URL | null = null;
    try {
      url = new URL(item);
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
      context.addIssue({ code: z.ZodIssueCode.custom, message: 'expected comma-separated http(s) addresses without user name or password' });
      return z.NEVER;
    }
    if (!origins.includes(url.origin)) origins.push(url.origin);
  }
  return origins;
});

export const buildEnvSchema = z.object({
  /**
   * The content snapshot the site is built from, relative to the project: content/ unless set
   * (the import benchmark builds a generated dataset this way; tests import into temporary copies).
   */
  CONTENT_DIR: z
    .string()
    .min(1)
    .default('content')
    .describe(
      'The content snapshot the site is built from, relative to the project. The import benchmark builds a generated dataset this way. Example: `.demo/content`',
    ),
  /**
   * The build's idea of 'now' (ISO 8601 with offset). Tests pin it so the programme is
   * repeatable; unset means the real clock.
   */
  SITE_NOW: z
    .string()
    .datetime({ offset: true })
    .optional()
    .describe('The moment the build treats as now (ISO 8601 with offset). Unset: the real clock. Tests pin it. Example: `2026-11-23T10:00:00+01:00`'),
  /**
   * 1: a build no search engine may index (the publish service's draft previews): every page
   * says noindex, nofollow and robots.txt disallows everything. Unset or 0: a public build.
   */
  SITE_NOINDEX: z
    .enum(['0', '1'])
    .optional()
    .describe(
      '`1` builds a site no search engine may index: every page says `noindex, nofollow` and `robots.txt` disallows all. The publish service builds its draft previews so. Unset or `0`: a public build. Example: `1`',
    ),
  /**
   * A draft preview (the publish service sets both): when the drafts were fetched from the CMS
   * (ISO 8601 with offset). Every page then carries the preview banner, «Førehandsvising – ikkje
   * publisert», with that time and a link back to the status page.
   */
  SITE_PREVIEW_DRAFT_AT: z
    .string()
    .datetime({ offset: true })
    .optional()
    .describe(
      'A draft preview (the publish service sets it with `SITE_PREVIEW_STATUS_URL`; both or neither): when the drafts were fetched (ISO 8601 with offset). Every page then opens with the banner *Førehandsvising – ikkje publisert*, that time in Oslo time and a link back to the status page. Example: `2026-11-24T09:15:00+01:00`',
    ),
  /** The staff status page the preview banner links back to (http or https). */
  SITE_PREVIEW_STATUS_URL: z
    .string()
    .url()
    .refine((value) => /^https?:\/\//.test(value), 'expected an http or https URL')
    .optional()
    .describe(
      'The staff status page the preview banner links back to (http or https); set with `SITE_PREVIEW_DRAFT_AT`. Example: `https://www.kulturhuset-kaia.example/staff/`',
    ),
  /**
   * Where compressed copies are kept between builds, relative to the project
   * (node_modules/.cache/kaia-precompress unless set; src/lib/hosting/precompress.ts). The import
   * benchmark gives each build a fresh one, so it measures a build from nothing.
   */
  PRECOMPRESS_CACHE_DIR: z
    .string()
    .min(1)
    .default('node_modules/.cache/kaia-precompress')
    .describe(
      'Where the build keeps its compressed copies (`.gz`, `.br`) between builds, relative to the project. Copies of files that have not changed are taken from it instead of compressed again; copies unused for 7 days are deleted. The import benchmark gives each build a fresh one.',
    ),
  /**
   * What the build is shaped for: nginx (default; precompressed copies and
   * _hosting/nginx.conf), or cdn (npm run build:cdn: what a Cloudflare Pages or Netlify upload
   * needs, no precompressed copies and no nginx config, and the build fails when the upload
   * would break one of their limits; src/lib/hosting/cdn.ts).
   */
  HOSTING_TARGET: z
    .enum(['nginx', 'cdn'])
    .default('nginx')
    .describe(
      '`nginx`: precompressed copies and `_hosting/nginx.conf` beside the site. `cdn` (`npm run build:cdn`): what a Cloudflare Pages or Netlify upload needs, no precompressed copies and no nginx config, and a build that fails when the upload would break one of their limits (see [Deploy](deploy.md#on-a-cdn-cloudflare-pages-or-netlify)). Example: `cdn`',
    ),
  /** Where the newsletter form posts; without it the block offers sign-up by e-mail. */
  PUBLIC_NEWSLETTER_ENDPOINT: z
    .string()
    .url()
    .optional()
    .describe(
      "Where the newsletter form posts (`email`, `consent`, form-encoded; answers `{status}` or `{error}` as JSON, or a page to a form posted without JavaScript; see `sandbox/README.md`). Unset: the block offers sign-up by e-mail. Its origin goes into the CSP's `connect-src` and `form-action`. Example: `http://127.0.0.1:4400/newsletter/subscribe`",
    ),
  /**
   * Google Tag Manager container id ('GTM-…'). Loaded only after the visitor consents; without
   * it, consented events still reach window.dataLayer but no tag manager script loads.
   */
  PUBLIC_GTM_ID: z
    .string()
    .regex(GTM_ID_PATTERN, 'expected a container id such as GTM-ABC123')
    .optional()
    .describe(
      'Google Tag Manager container id, loaded only after consent. Unset: consented events still reach `window.dataLayer`, but no tag manager loads. Example: `GTM-ABC123`',
    ),
  /** Film-club API of partner 118 (used when it is the first partner in the site config). */
  PUBLIC_FILMCLUB_API_118: z
    .string()
    .url()
    .optional()
    .describe(
      "Base URL of cinema partner 118's film-club API. The first partner id in `content/config.json` picks one of the two; if it has no URL, or the id is neither 118 nor 178, the film club is left out of the build entirely (no links, no screens, no islands, and no island code in the build). Its origin goes into the CSP's `connect-src` only when 118 is the partner in use. Example: `http://localhost:4410/`",
    ),
  /** Film-club API of partner 178. */
  PUBLIC_FILMCLUB_API_178: z
    .string()
    .url()
    .optional()
    .describe("Base URL of cinema partner 178's film-club API, as for 118. Example: `http://localhost:4411/`"),
  /**
   * Where partner 118 serves film pictures (posters on tickets, the watch list and movie info):
   * comma-separated addresses whose origins go into the CSP's img-src. Unset: none beyond the
   * site's own, and a partner picture from elsewhere gives way to the content's poster.
   */
  PUBLIC_FILMCLUB_IMAGES_118: originList
    .optional()
    .describe(
      "Where partner 118 serves film pictures (posters on tickets, the watch list and a film's panel): comma-separated addresses, whose origins go into the CSP's `img-src` (nginx, `_headers`) only when 118 is the partner in use. Unset: only the site's own images; a partner picture from another host is then blocked and the production's own poster stands in. An address that is not http(s) or carries a user name stops the build. Example: `https://bilete.partner-118.example`",
    ),
  /** Where partner 178 serves film pictures, as for 118. */
  PUBLIC_FILMCLUB_IMAGES_178: originList
    .optional()
    .describe('Where partner 178 serves film pictures, as for 118. Example: `https://bilete.partner-178.example,https://cdn.partner-178.example`'),
  /** The box office's API (current events: times, availability, ticket links), named after the platform's runtime API. */
  PUBLIC_RUNTIME_API: z
    .string()
    .url()
    .optional()
    .describe(
      "Base URL of the box office's API (current events: times, availability, ticket links); the variable is named after the ticketing platform's runtime API. Ticket lists on production pages refresh from it in the browser; unset, the build's data stands. Example: `http://localhost:4400/runtime/`",
    ),
  /**
   * Where browsers send Content-Security-Policy violation reports (report-uri and report-to).
   * Unset: the policy names no endpoint. It goes into a header as it is, so it must be a plain
   * https URL (http only on loopback, for local collectors).
   */
  CSP_REPORT_ENDPOINT: z
    .string()
    .url()
    .refine(isReportEndpoint, 'expected an https URL without quotes, commas, semicolons or spaces (http only on localhost)')
    .optional()
    .describe(
      'Where browsers report Content-Security-Policy violations: the policy gets `report-uri` and `report-to csp`, and every response a `Reporting-Endpoints` header naming it. An https URL (http only on localhost) with no quotes, commas, semicolons or spaces. Unset: no report directives, nothing is reported. See [Deploy](deploy.md#csp-violation-reports). Example: `https://csp.kulturhuset-kaia.example/report`',
    ),
});

/** A URL that may stand in a CSP directive and a Reporting-Endpoints header as it is. */
export function isReportEndpoint(value: string): boolean {
  if (/[\s"',;\\]/.test(value)) return false;
  try {
    const url = new URL(value);
    if (url.username || url.password) return false;
    return url.protocol === 'https:' || (url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname));
  } catch {
    return false;
  }
}

export type BuildEnv = z.infer<typeof buildEnvSchema>;

/** The two preview settings come together or not at all. */
const checkedBuildEnv = buildEnvSchema.superRefine((env, context) => {
  if ((env.SITE_PREVIEW_DRAFT_AT === undefined) !== (env.SITE_PREVIEW_STATUS_URL === undefined))
    context.addIssue({
      code: z.ZodIssueCode.custom,
      path: [env.SITE_PREVIEW_DRAFT_AT === undefined ? 'SITE_PREVIEW_DRAFT_AT' : 'SITE_PREVIEW_STATUS_URL'],
      message: 'a preview build needs both SITE_PREVIEW_DRAFT_AT and SITE_PREVIEW_STATUS_URL',
    });
});

export function readBuildEnv(env: Record<string, string | undefined> = process.env): BuildEnv {
  const parsed = checkedBuildEnv.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid build settings (${problems}). See .env.example.`);
  }
  return parsed.data;
}

/** The moment the build treats as now. */
export function buildNow(env: Record<string, string | undefined> = process.env): Date {
  const { SITE_NOW } = readBuildEnv(env);
  return SITE_NOW ? new Date(SITE_NOW) : new Date();
}

/** True for a build that must never be indexed (SITE_NOINDEX=1). */
export function buildIsNoIndex(env: Record<string, string | undefined> = process.env): boolean {
  return readBuildEnv(env).SITE_NOINDEX === '1';
}

/** What the build is shaped for: 'nginx' unless HOSTING_TARGET=cdn. */
export function hostingTarget(env: Record<string, string | undefined> = process.env): 'nginx' | 'cdn' {
  return readBuildEnv(env).HOSTING_TARGET;
}

/** A draft preview's banner settings, or undefined for a build of the live site. */
export interface PreviewBuild {
  /** When the drafts were fetched from the CMS. */
  readonly draftAt: Date;
  /** The staff status page. */
  readonly statusUrl: string;
}

/** SITE_PREVIEW_DRAFT_AT and SITE_PREVIEW_STATUS_URL: set for a draft preview, else undefined. */
export function buildPreview(env: Record<string, string | undefined> = process.env): PreviewBuild | undefined {
  const { SITE_PREVIEW_DRAFT_AT, SITE_PREVIEW_STATUS_URL } = readBuildEnv(env);
  return SITE_PREVIEW_DRAFT_AT && SITE_PREVIEW_STATUS_URL ? { draftAt: new Date(SITE_PREVIEW_DRAFT_AT), statusUrl: SITE_PREVIEW_STATUS_URL } : undefined;
}

/** Where the content snapshot of this build lives: content/ of the project, or CONTENT_DIR. */
export function contentDirectory(projectRoot: string, env: Record<string, string | undefined> = process.env): string {
  return resolve(projectRoot, readBuildEnv(env).CONTENT_DIR);
}

/** Where compressed copies are kept between builds: PRECOMPRESS_CACHE_DIR, or node_modules/.cache/kaia-precompress. */
export function precompressCacheDirectory(projectRoot: string, env: Record<string, string | undefined> = process.env): string {
  return resolve(projectRoot, readBuildEnv(env).PRECOMPRESS_CACHE_DIR);
}
