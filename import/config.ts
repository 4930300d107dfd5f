/**
 * Every setting of the server side (the import, `npm run reimport`/`rollback` and the publish
 * service), read from the environment in this one module and checked before anything is
 * fetched or served. Error messages name the setting, never its value (several are secrets),
 * and say what to set.
 */
import { resolve } from 'node:path';
import { z } from 'astro/zod';
import { defaultRetryPolicy, type RetryPolicy } from './retry';

type Env = Readonly<Record<string, string | undefined>>;

const url = z
  .string({ required_error: 'is missing' })
  .trim()
  .min(1, 'is missing')
  .url('is not a valid URL')
  .refine((value) => /^https?:\/\//.test(value), 'must start with http:// or https://');
const text = z.string({ required_error: 'is missing' }).trim().min(1, 'is missing');
const whole = (unit: string, min: number, fallback: number, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce
    .number({ invalid_type_error: `must be a number of ${unit}` })
    .int(`must be a whole number of ${unit}`)
    .min(min, `must be ${min} or more`)
    .max(max, `must be ${max} or less`)
    .default(fallback);
const secret = (min: number) => text.refine((value) => value.length >= min, `must be at least ${min} characters long`);

const importSettings = {
  KAIA_SITE_ID: text.regex(/^[A-Za-z0-9_-]+$/, 'may hold only letters, digits, - and _'),
  MANAGEMENT_API_URL: url,
  IDP_TOKEN_URL: url,
  IDP_CLIENT_ID: text,
  IDP_CLIENT_SECRET: text,
  RUNTIME_API_URL: url,
  RUNTIME_SITE: text.regex(/^[A-Za-z0-9_-]+$/, 'may hold only letters, digits, - and _'),
  PLATFORM_API_URL: url,
  PLATFORM_API_USER: text,
  PLATFORM_API_PASSWORD: text,
  IMPORT_TIMEOUT_MS: z.coerce
    .number({ invalid_type_error: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(0, 'must be 0 (no time-out) or more')
    .default(60_000),
  IMPORT_TRIES: whole('tries', 1, defaultRetryPolicy.tries, 10),
  IMPORT_RETRY_DELAY_MS: whole('milliseconds', 0, defaultRetryPolicy.baseDelayMs),
} as const;

const pathSettings = {
  CONTENT_DIR: z.string().trim().default('content'),
  RELEASES_DIR: z.string().trim().default('releases'),
} as const;

const publisherSettings = {
  PUBLISHER_PORT: whole('port', 0, 4450, 65535),
  PUBLISHER_HOOK_SECRET: secret(16),
  PUBLISHER_STAFF_PASSWORD: secret(12),
  PUBLISHER_STATE_DIR: z.string().trim().optional(),
  PUBLISHER_ACCOUNTS_FILE: z.string().trim().optional(),
  PUBLISHER_BUILD_COMMAND: z.string().trim().optional(),
  PUBLISHER_NOTIFY_URL: url.optional(),
  PUBLISHER_PUBLIC_ORIGIN: url.optional(),
  PUBLISHER_MAX_BODY_BYTES: whole('bytes', 64, 64 * 1024, 10 * 1024 * 1024),
  PUBLISHER_MAX_SECONDS: whole('seconds', 0, 0),
  PUBLISHER_PREVIEW_PORT: whole('port', 0, 0, 65535).optional(),
  PUBLISHER_RUN_ON_START: z.enum(['0', '1'], { errorMap: () => ({ message: 'must be 1 or 0' }) }).default('0'),
  PUBLISHER_SITE_PORT: whole('port', 1, 0, 65535).optional(),
} as const;

export type SettingName = keyof typeof importSettings | keyof typeof pathSettings | keyof typeof publisherSettings;

export class ConfigError extends Error {}

/** Parses every named setting; throws one ConfigError listing all that are missing or malformed. */
function readSettings<S extends Record<string, z.ZodTypeAny>>(settings: S, env: Env, who: string): { [K in keyof S]: z.infer<S[K]> } {
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
  readonly runtime: { readonly baseURL: string; readonly site: string };
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
    runtime: { baseURL: values.RUNTIME_API_URL, site: values.RUNTIME_SITE },
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

export interface PublisherConfig extends Paths {
  readonly import: ImportConfig;
  readonly port: number;
  readonly hookSecret: string;
  readonly staffPassword: string;
  /** Run log and seen delivery ids (absolute). */
  readonly stateDir: string;
  /** The staff accounts (absolute; publisher/accounts.ts). */
  readonly accountsFile: string;
  /** A shell command that builds the site from $CONTENT_DIR into $BUILD_OUT_DIR; unset: astro build. */
  readonly buildCommand: string | undefined;
  readonly notifyUrl: string | undefined;
  /** The origin staff reach the status page at through the proxy, e.g. https://www.example.no. */
  readonly publicOrigin: string | undefined;
  readonly maxBodyBytes: number;
  /** Stop by itself after this many seconds (0: never), for tests. */
  readonly maxSeconds: number;
  /** Port of the staff-only preview server (default: the service's port + 1). */
  readonly previewPort: number | undefined;
  /** Queue a run as soon as the service starts (`npm start` does, to import the demo). */
  readonly runOnStart: boolean;
  /** For the demo only: also serve the live release publicly on this port (production uses nginx). */
  readonly sitePort: number | undefined;
}

/** Every setting of the publish service, the import's and the paths included. */
export function readPublisherConfig(env: Env = process.env): PublisherConfig {
  const problems: string[] = [];
  const attempt = <T>(read: () => T): T | undefined => {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems.push(
        ...error.message
          .split('\n')
          .slice(1)
          .map((line) => line.trim()),
      );
      return undefined;
    }
  };
  const importConfig = attempt(() => readImportConfig(env));
  const paths = attempt(() => readPaths(env));
  const values = attempt(() => readSettings(publisherSettings, env, 'The publish service'));
  if (problems.length > 0 || !importConfig || !paths || !values)
    throw new ConfigError(`The publish service cannot start; check these settings (see .env.example):\n  ${problems.join('\n  ')}`);
  return {
    ...paths,
    import: importConfig,
    port: values.PUBLISHER_PORT,
    hookSecret: values.PUBLISHER_HOOK_SECRET,
    staffPassword: values.PUBLISHER_STAFF_PASSWORD,
    stateDir: stateDirOf(env),
    accountsFile: accountsFilePath(env),
    buildCommand: values.PUBLISHER_BUILD_COMMAND || undefined,
    notifyUrl: values.PUBLISHER_NOTIFY_URL,
    publicOrigin: values.PUBLISHER_PUBLIC_ORIGIN ? new URL(values.PUBLISHER_PUBLIC_ORIGIN).origin : undefined,
    maxBodyBytes: values.PUBLISHER_MAX_BODY_BYTES,
    maxSeconds: values.PUBLISHER_MAX_SECONDS,
    previewPort: values.PUBLISHER_PREVIEW_PORT,
    runOnStart: values.PUBLISHER_RUN_ON_START === '1',
    sitePort: values.PUBLISHER_SITE_PORT,
  };
}

/** The publish service's state folder: PUBLISHER_STATE_DIR, or `.publisher` in the releases folder. */
function stateDirOf(env: Env): string {
  const state = env['PUBLISHER_STATE_DIR']?.trim();
  return resolve(state || resolve(readPaths(env).releasesDir, '.publisher'));
}

/**
 * Where the staff accounts are kept (`npm run staff-user` writes them, the service reads them):
 * PUBLISHER_ACCOUNTS_FILE, or accounts.json in the state folder. Needs none of the secrets.
 */
export function accountsFilePath(env: Env = process.env): string {
  const file = env['PUBLISHER_ACCOUNTS_FILE']?.trim();
  return file ? resolve(file) : resolve(stateDirOf(env), 'accounts.json');
}
