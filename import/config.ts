/**
 * The import's settings, read from the environment in one place and checked before anything
 * is fetched. Error messages name the setting, never its value (several are secrets).
 */
import { z } from 'astro/zod';

const url = z
  .string({ required_error: 'is missing' })
  .trim()
  .min(1, 'is missing')
  .url('is not a valid URL')
  .refine((value) => /^https?:\/\//.test(value), 'must start with http:// or https://');
const text = z.string({ required_error: 'is missing' }).trim().min(1, 'is missing');

const settings = {
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
} as const;

export type SettingName = keyof typeof settings;

export interface ImportConfig {
  readonly siteId: string;
  readonly management: { readonly baseURL: string };
  readonly identityProvider: { readonly tokenUrl: string; readonly clientId: string; readonly clientSecret: string };
  readonly runtime: { readonly baseURL: string; readonly site: string };
  readonly platform: { readonly baseURL: string; readonly username: string; readonly password: string };
  /** Per-call time-out in milliseconds; 0 means none. */
  readonly timeout: number;
}

export class ConfigError extends Error {}

/** Reads every setting; throws one ConfigError naming all that are missing or malformed. */
export function readImportConfig(env: Readonly<Record<string, string | undefined>> = process.env): ImportConfig {
  const problems: string[] = [];
  const values: Partial<Record<SettingName, unknown>> = {};
  for (const [name, schema] of Object.entries(settings) as [SettingName, z.ZodTypeAny][]) {
    const raw = env[name];
    const parsed = schema.safeParse(raw === '' ? undefined : raw);
    if (parsed.success) values[name] = parsed.data;
    else problems.push(`${name} ${parsed.error.issues[0]?.message ?? 'is not valid'}`);
  }
  if (problems.length > 0)
    throw new ConfigError(`The import cannot start; check these settings (see .env.example):\n  ${problems.join('\n  ')}`);
  const get = (name: SettingName) => values[name] as string;
  return {
    siteId: get('KAIA_SITE_ID'),
    management: { baseURL: get('MANAGEMENT_API_URL') },
    identityProvider: { tokenUrl: get('IDP_TOKEN_URL'), clientId: get('IDP_CLIENT_ID'), clientSecret: get('IDP_CLIENT_SECRET') },
    runtime: { baseURL: get('RUNTIME_API_URL'), site: get('RUNTIME_SITE') },
    platform: { baseURL: get('PLATFORM_API_URL'), username: get('PLATFORM_API_USER'), password: get('PLATFORM_API_PASSWORD') },
    timeout: values.IMPORT_TIMEOUT_MS as number,
  };
}
