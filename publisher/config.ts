/**
 * Every setting of the publish service, read from the environment in this one module and
 * checked before anything is served: its own (below) and, through import/config.ts's readers,
 * the import's and the paths. All problems are named at once, never a secret's value.
 */
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'astro/zod';
import { DEFAULT_DEPLOY_ENV, NEVER_DEPLOY_ENV, type GoLive } from '../release/go-live';
import { ConfigError, readImportConfig, readPaths, readSettings, secret, url, whole, type Env, type ImportConfig, type Paths } from '../import/config';

/** Minutes between the box-office checks when PUBLISHER_SYNC_MINUTES is unset (schedule/schedule.ts). */
const DEFAULT_SYNC_MINUTES = 5;

const publisherSettings = {
  PUBLISHER_PORT: whole('port', 0, 4450, 65535).describe('Loopback port of the service.'),
  PUBLISHER_HOOK_SECRET: secret(16).describe('The secret the CMS signs its webhook with (at least 16 characters). Required.'),
  PUBLISHER_STAFF_PASSWORD: secret(12).describe(
    'The service password (at least 12 characters): scripts read `GET /status` with it as a bearer token. People log in with their own accounts (`PUBLISHER_ACCOUNTS_FILE`). Required.',
  ),
  PUBLISHER_STATE_DIR: z.string().trim().optional().describe('Run log and seen webhook ids. Unset: `$RELEASES_DIR/.publisher`.'),
  PUBLISHER_ACCOUNTS_FILE: z
    .string()
    .trim()
    .optional()
    .describe(
      'The staff accounts, written by `npm run staff-user` (see [Staff accounts](publishing.md#staff-accounts)). Unset: `$PUBLISHER_STATE_DIR/accounts.json`.',
    ),
  PUBLISHER_BUILD_COMMAND: z
    .string()
    .trim()
    .optional()
    .describe('A shell command that builds `$CONTENT_DIR` into `$BUILD_OUT_DIR`. Unset: the Astro build; tests use a small stand-in.'),
  // How a release goes live: switch `current` (nginx on this host), or run a deploy command (a CDN).
  PUBLISHER_GO_LIVE: z
    .enum(['switch', 'deploy'], { errorMap: () => ({ message: 'must be switch (nginx serves the releases folder) or deploy (run PUBLISHER_DEPLOY_COMMAND)' }) })
    .default('switch')
    .describe(
      'How a release goes live: `switch` (`current` is pointed at it, for nginx) or `deploy` (for a CDN: the release is built for a CDN and `PUBLISHER_DEPLOY_COMMAND` is run on it; `current` moves only when that succeeded). See [Going live on a CDN](publishing.md#going-live-on-a-cdn).',
    ),
  PUBLISHER_DEPLOY_COMMAND: z
    .string()
    .trim()
    .optional()
    .describe(
      "With `deploy`: the shell command that deploys a release, its folder as `{dir}` (quoted for the shell) and `$DEPLOY_DIR`, its name as `$DEPLOY_RELEASE`. Required with `deploy`, refused with `switch`. Its credentials come from the service's environment, through `PUBLISHER_DEPLOY_ENV`. Example: `npx wrangler pages deploy {dir} --project-name kaia --branch main`",
    ),
  PUBLISHER_DEPLOY_ENV: z
    .string()
    .trim()
    .optional()
    .transform((value) =>
      value
        ? value
            .split(',')
            .map((name) => name.trim())
            .filter((name) => name !== '')
        : [...DEFAULT_DEPLOY_ENV],
    )
    .refine(
      (names) => names.every((name) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(name)),
      'must be names of environment variables separated by commas (e.g. PATH,HOME,CLOUDFLARE_API_TOKEN)',
    )
    .refine((names) => !names.some((name) => NEVER_DEPLOY_ENV.includes(name)), `must not name the service's secrets (${NEVER_DEPLOY_ENV.join(', ')})`)
    .describe(
      "The only environment variables the deploy command gets (`PUBLISHER_GO_LIVE=deploy`), separated by commas; besides them it gets `DEPLOY_DIR` and `DEPLOY_RELEASE`. The default is what a shell, Node, wrangler and netlify need; `NODE_OPTIONS` is left out (it can load code into the command). Naming one of the service's secrets is refused, and they are never passed. Example: `PATH,HOME,CLOUDFLARE_API_TOKEN,CLOUDFLARE_ACCOUNT_ID`",
    ),
  PUBLISHER_DEPLOY_TIMEOUT_SECONDS: whole('seconds', 1, 900, 24 * 60 * 60).describe(
    'A deploy still running after this many seconds is stopped, all it started with it, and counts as failed.',
  ),
  PUBLISHER_NOTIFY_URL: url
    .optional()
    .describe(
      'A chat webhook that gets one JSON message per run the CMS or staff started that went live (`{text, run, state: "published", release}`) or failed (`{text, run, state: "failed", step, reason}`), each once, also across a restart (runs only the schedule asked for, box-office checks and day builds, send none); and one (`{text, warning, state}`) when a freshness warning starts and one when it ends, never one per failed scheduled run.',
    ),
  PUBLISHER_PUBLIC_ORIGIN: url
    .optional()
    .describe(
      "The address staff use through the proxy: actions are accepted only from it (or the service's own address), and the cookie is `Secure` when it is https. Example: `https://www.kulturhuset-kaia.example`",
    ),
  PUBLISHER_PREVIEW_ORIGIN: url
    .optional()
    .describe(
      "The preview's public address, which the status page links and opens signed in. Unset: `http://127.0.0.1:<preview port>`, for a machine of one's own. Example: `https://preview.kulturhuset-kaia.example`",
    ),
  PUBLISHER_MAX_BODY_BYTES: whole('bytes', 64, 64 * 1024, 10 * 1024 * 1024).describe('Largest webhook body accepted, in bytes.'),
  PUBLISHER_MAX_SECONDS: whole('seconds', 0, 0).describe('For tests: stop after that many seconds (0: never).'),
  PUBLISHER_PREVIEW_PORT: whole('port', 0, 0, 65535).optional().describe("Loopback port of the draft preview. Unset: the service's port + 1."),
  PUBLISHER_RUN_ON_START: z
    .enum(['0', '1'], { errorMap: () => ({ message: 'must be 1 or 0' }) })
    .default('0')
    .describe('For `npm start` and tests: `1` queues a run as soon as the service starts.'),
  PUBLISHER_SITE_PORT: whole('port', 1, 0, 65535).optional().describe('For `npm start`: also serve the live release on this port (production uses nginx).'),
  // Minutes between box-office checks; a fraction for the demo (0.5: every 30 s); 0 turns the schedule off.
  PUBLISHER_SYNC_MINUTES: z.coerce
    .number({ invalid_type_error: 'must be a number of minutes' })
    .min(0, 'must be 0 (no schedule) or more')
    .max(24 * 60, 'must be 1440 (a day) or less')
    .refine((minutes) => minutes === 0 || minutes >= 0.1, 'must be 0 (no schedule) or at least 0.1 (6 seconds)')
    .default(DEFAULT_SYNC_MINUTES)
    .describe(
      'Minutes between box-office checks (a fraction such as `0.5` for a demo, at least 0.1 and at most 1440; `0` turns the schedule off, leaving only webhooks and staff). The day build at 00:00 Oslo time comes with the schedule. The variable keeps the name it had when the check was called a sync, so deployments keep working.',
    ),
  PUBLISHER_TRUSTED_PROXY: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value.split(',').map((address) => address.trim()) : []))
    .refine((addresses) => addresses.every((address) => isIP(address) !== 0), 'must be IP addresses separated by commas (e.g. 127.0.0.1)')
    .describe(
      "Addresses of the proxy whose `X-Real-IP` names the client for the password throttle, separated by commas; unset, the peer's own address counts. Example: `127.0.0.1` (nginx on the same host)",
    ),
} as const;

/** The service's own settings as one Zod object keyed by variable name, for docs/configuration.md. */
export const publisherSchema = z.object(publisherSettings);

export interface PublisherConfig extends Paths {
  readonly import: ImportConfig;
  readonly port: number;
  readonly hookSecret: string;
  readonly staffPassword: string;
  /** Run log and seen delivery ids (absolute). */
  readonly stateDir: string;
  /** The staff accounts (absolute; publisher/accounts/accounts.ts). */
  readonly accountsFile: string;
  /** A shell command that builds the site from $CONTENT_DIR into $BUILD_OUT_DIR; unset: astro build. */
  readonly buildCommand: string | undefined;
  /** How a live release goes live: switch `current`, or deploy it to a CDN with the operator's command (release/go-live.ts). */
  readonly goLive: GoLive;
  readonly notifyUrl: string | undefined;
  /** The origin staff reach the status page at through the proxy, e.g. https://www.example.no. */
  readonly publicOrigin: string | undefined;
  /** The preview's public address, e.g. https://preview.kulturhuset-kaia.example (unset: its loopback port). */
  readonly previewOrigin: string | undefined;
  readonly maxBodyBytes: number;
  /** Stop by itself after this many seconds (0: never), for tests. */
  readonly maxSeconds: number;
  /** Port of the staff-only preview server (default: the service's port + 1). */
  readonly previewPort: number | undefined;
  /** Queue a run as soon as the service starts (`npm start` does, to import the demo). */
  readonly runOnStart: boolean;
  /** For the demo only: also serve the live release publicly on this port (production uses nginx). */
  readonly sitePort: number | undefined;
  /** Minutes between box-office checks (the day build comes with it); 0: no schedule, only hooks and staff. */
  readonly boxOfficeMinutes: number;
  /** Proxies whose X-Real-IP names the client for the password throttle (nginx on this host: 127.0.0.1); none: the peer itself. */
  readonly trustedProxies: readonly string[];
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
  if (values) problems.push(...goLiveProblems(values.PUBLISHER_GO_LIVE, values.PUBLISHER_DEPLOY_COMMAND));
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
    goLive:
      values.PUBLISHER_GO_LIVE === 'deploy' && values.PUBLISHER_DEPLOY_COMMAND
        ? {
            mode: 'deploy',
            command: values.PUBLISHER_DEPLOY_COMMAND,
            timeoutMs: values.PUBLISHER_DEPLOY_TIMEOUT_SECONDS * 1000,
            env: values.PUBLISHER_DEPLOY_ENV,
          }
        : { mode: 'switch' },
    notifyUrl: values.PUBLISHER_NOTIFY_URL,
    publicOrigin: values.PUBLISHER_PUBLIC_ORIGIN ? new URL(values.PUBLISHER_PUBLIC_ORIGIN).origin : undefined,
    previewOrigin: values.PUBLISHER_PREVIEW_ORIGIN ? new URL(values.PUBLISHER_PREVIEW_ORIGIN).origin : undefined,
    maxBodyBytes: values.PUBLISHER_MAX_BODY_BYTES,
    maxSeconds: values.PUBLISHER_MAX_SECONDS,
    previewPort: values.PUBLISHER_PREVIEW_PORT,
    runOnStart: values.PUBLISHER_RUN_ON_START === '1',
    sitePort: values.PUBLISHER_SITE_PORT,
    boxOfficeMinutes: values.PUBLISHER_SYNC_MINUTES,
    trustedProxies: values.PUBLISHER_TRUSTED_PROXY,
  };
}

/** A deploy needs its command, and a command is only run in deploy mode (a command set by mistake would otherwise be silently ignored). */
function goLiveProblems(mode: 'switch' | 'deploy', command: string | undefined): string[] {
  if (mode === 'deploy' && !command)
    return [
      'PUBLISHER_DEPLOY_COMMAND is missing: PUBLISHER_GO_LIVE=deploy needs the command that deploys a release, e.g. npx wrangler pages deploy {dir} --project-name kaia',
    ];
  if (mode === 'switch' && command)
    return ['PUBLISHER_DEPLOY_COMMAND is set, but PUBLISHER_GO_LIVE is switch: set PUBLISHER_GO_LIVE=deploy to use it, or remove it'];
  return [];
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
