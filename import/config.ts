/**
 * The import's settings and the paths every server-side command shares (`npm run import`,
 * `reimport`, `rollback`), read from the environment in this one module and checked before
 * anything is fetched. The publish service adds its own in publisher/config.ts, built on the
 * readers here. Error messages name the setting, never its value (several are secrets), and
 * say what to set.
 */
import { resolve } from 'node:path';
import { z } from 'astro/zod';
import { defaultRetryPolicy, type RetryPolicy } from './retry';

export type Env = Readonly<Record<string, string | undefined>>;

export const url = z
  .string({ required_error: 'is missing' })
  .trim()
  .min(1, 'is missing')
  .url('is not a valid URL')
  .refine((value) => /^https?:\/\//.test(value), 'must start with http:// or https://');
const text = z.string({ required_error: 'is missing' }).trim().min(1, 'is missing');
export const whole = (unit: string, min: number, fallback: number, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce
    .number({ invalid_type_error: `must be a number of ${unit}` })
    .int(`must be a whole number of ${unit}`)
    .min(min, `must be ${min} or more`)
    .max(max, `must be ${max} or less`)
    .default(fallback);
export const secret = (min: number) => text.refine((value) => value.length >= min, `must be at least ${min} characters long`);

const importSettings = {
  KAIA_SITE_ID: text.regex(/^[A-Za-z0-9_-]+$/, 'may hold only letters, digits, - and _').describe("The platform's id for this site. Example: `kaia`"),
  MANAGEMENT_API_URL: url.describe('Management API base URL (articles, block-data). Example: `http://127.0.0.1:4400/management/`'),
  IDP_TOKEN_URL: url.describe("Identity provider token endpoint, for the import's client (OAuth 2 client credentials) to the management API."),
  IDP_CLIENT_ID: text.describe("The import's client id at the identity provider."),
  IDP_CLIENT_SECRET: text.describe("The import's client secret at the identity provider (a secret: keep it in the environment, never in the repository)."),
  RUNTIME_API_URL: url.describe("Base URL of the box office's API (events), named after the ticketing platform's runtime API."),
  RUNTIME_SITE: text
    .regex(/^[A-Za-z0-9_-]+$/, 'may hold only letters, digits, - and _')
    .describe("The box office's site key (the runtime API's `site`): `site` + partner id + `a`. Example: `site118a`"),
  PLATFORM_API_URL: url.describe('Platform data API base URL (site, productions).'),
  PLATFORM_API_USER: text.describe("User name of the platform data API's Basic credentials."),
  PLATFORM_API_PASSWORD: text.describe("Password of the platform data API's Basic credentials (a secret)."),
  IMPORT_TIMEOUT_MS: z.coerce
    .number({ invalid_type_error: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(0, 'must be 0 (no time-out) or more')
    .default(60_000)
    .describe('Time-out per call, in milliseconds; 0 waits for ever.'),
  IMPORT_TRIES: whole('tries', 1, defaultRetryPolicy.tries, 10).describe('Tries per download, the first included (at most 10).'),
  IMPORT_RETRY_DELAY_MS: whole('milliseconds', 0, defaultRetryPolicy.baseDelayMs).describe(
    'The first wait between tries, in milliseconds, doubled each time, with jitter, at most 30 s.',
  ),
} as const;

const pathSettings = {
  CONTENT_DIR: z.string().trim().default('content').describe('Where the import writes and the build reads the content snapshot.'),
  RELEASES_DIR: z
    .string()
    .trim()
    .default('releases')
    .describe('Where `npm run reimport` and the publish service keep releases. Example: `/srv/kulturhuset-kaia/releases`'),
} as const;

/** The import's and the paths' settings as one Zod object keyed by variable name, for docs/configuration.md. */
export const importSchema = z.object({ ...importSettings, ...pathSettings });

export type SettingName = keyof typeof importSettings | keyof typeof pathSettings;

export class ConfigError extends Error {}

/** Parses every named setting; throws one ConfigError listing all that are missing or malformed. */
export function readSettings<S extends Record<string, z.ZodTypeAny>>(settings: S, env: Env, who: string): { [K in keyof S]: z.infer<S[K]> } {
  const problems: string[] = [];
  const values: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(settings)) {
    const raw = env[name];
    const parsed = schema.safeParse(raw === '' ? undefined : raw);
    if (parsed.success) values[name] = parsed.data;
    else problems.push(`${name} ${parsed.error.issues[0]?.message ?? 'is not valid'}`);
  }
  if (problems.length > 0) throw new ConfigError(`${who} cannot start; check these settings (see .env.example):\n  ${problems.join('\n  ')}`);
  return values as { [K in keyof S]: z.infer<S[K]> };
}

export interface ImportConfig {
  readonly siteId: string;
  readonly management: { readonly baseURL: string };
  readonly identityProvider: { readonly tokenUrl: string; readonly clientId: string; readonly clientSecret: string };
  /** The box office: the platform's runtime API (RUNTIME_API_URL, RUNTIME_SITE). */
  readonly boxOffice: { readonly baseURL: string; readonly site: string };
  readonly platform: { readonly baseURL: string; readonly username: string; readonly password: string };
  /** Per-call time-out in milliseconds; 0 means none. */
  readonly timeout: number;
  /** How failed downloads are tried again (see retry.ts). */
  readonly retry: RetryPolicy;
}

/** Reads every setting of the import; throws one ConfigError naming all that are missing or malformed. */
export function readImportConfig(env: Env = process.env): ImportConfig {
  const values = readSettings(importSettings, env, 'The import');
  return {
    siteId: values.KAIA_SITE_ID,
    management: { baseURL: values.MANAGEMENT_API_URL },
    identityProvider: { tokenUrl: values.IDP_TOKEN_URL, clientId: values.IDP_CLIENT_ID, clientSecret: values.IDP_CLIENT_SECRET },
    boxOffice: { baseURL: values.RUNTIME_API_URL, site: values.RUNTIME_SITE },
    platform: { baseURL: values.PLATFORM_API_URL, username: values.PLATFORM_API_USER, password: values.PLATFORM_API_PASSWORD },
    timeout: values.IMPORT_TIMEOUT_MS,
    retry: { ...defaultRetryPolicy, tries: values.IMPORT_TRIES, baseDelayMs: values.IMPORT_RETRY_DELAY_MS },
  };
}

export interface Paths {
  /** The working content snapshot (absolute): what `npm run import` writes and the build reads. */
  readonly contentDir: string;
  /** Where releases are kept (absolute). */
  readonly releasesDir: string;
}

/** CONTENT_DIR and RELEASES_DIR, resolved against the working directory. */
export function readPaths(env: Env = process.env): Paths {
  const values = readSettings(pathSettings, env, 'The import');
  return { contentDir: resolve(values.CONTENT_DIR), releasesDir: resolve(values.RELEASES_DIR) };
}
