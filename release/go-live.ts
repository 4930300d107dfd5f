/**
 * Making a finished release the one visitors get, one of two ways:
 *
 * - `switch` (nginx on this host): point `current` at it (releases.ts switchCurrent).
 * - `deploy` (a CDN: Cloudflare Pages, Netlify): run the operator's deploy command on the
 *   release's folder (`{dir}` in the command, and $DEPLOY_DIR), wait for it, and only when it
 *   succeeded point `current` at the release. `current` is then the record of what the CDN
 *   serves: a failed, timed-out or abandoned deploy leaves it (and the CDN) on the earlier
 *   release, and a restart reads it instead of deploying again.
 *
 * The deploy runs in a process group of its own (command.ts), ended whole when it runs past its
 * time-out or its run is abandoned. While it runs, `.deploying` beside the releases names it,
 * so a service killed in the middle knows at its next start that the CDN may serve either.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { lastLines, runInOwnGroup } from './command';
import { withLock } from './lock';
import { currentRelease, releaseFolder, switchCurrent } from './releases';

export type GoLive =
  | { readonly mode: 'switch' }
  | {
      readonly mode: 'deploy';
      readonly command: string;
      readonly timeoutMs: number;
      /** The names of the environment variables the command gets (default DEFAULT_DEPLOY_ENV); nothing else of the service's environment. */
      readonly env?: readonly string[];
    };

/**
 * What a deploy command gets of the service's environment by default: what a shell and Node
 * need to run (`npx wrangler`, `npx netlify`), proxies and extra CA certificates, and the
 * credentials of Cloudflare Pages and Netlify. Never the service's own secrets; NODE_OPTIONS is
 * left out too (it can load code into the command), and can be named in PUBLISHER_DEPLOY_ENV.
 */
export const DEFAULT_DEPLOY_ENV: readonly string[] = [
  'PATH',
  'HOME',
  'USER',
  'LANG',
  'LC_ALL',
  'TZ',
  'TMPDIR',
  'XDG_CONFIG_HOME',
  'XDG_CACHE_HOME',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'NODE_EXTRA_CA_CERTS',
  'CI',
  'CLOUDFLARE_API_TOKEN',
  'CLOUDFLARE_ACCOUNT_ID',
  'NETLIFY_AUTH_TOKEN',
  'NETLIFY_SITE_ID',
];

/** The service's secrets, which a deploy command never gets, whatever the allow-list names. */
export const NEVER_DEPLOY_ENV: readonly string[] = ['PUBLISHER_HOOK_SECRET', 'PUBLISHER_STAFF_PASSWORD', 'IDP_CLIENT_SECRET', 'PLATFORM_API_PASSWORD'];

/** The environment a deploy command runs with: only the allowed names that are set, and where the release is. */
export function deployEnv(names: readonly string[], from: NodeJS.ProcessEnv, dir: string, release: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of names) {
    const value = from[name];
    if (value !== undefined && !NEVER_DEPLOY_ENV.includes(name)) env[name] = value;
  }
  return { ...env, DEPLOY_DIR: dir, DEPLOY_RELEASE: release };
}

export const SWITCH: GoLive = { mode: 'switch' };

/** What one deploy did, as the run log keeps it. */
export interface DeployRecord {
  readonly release: string;
  readonly ok: boolean;
  /** The command's exit code; null when it was stopped (time-out, abandoned run). */
  readonly exitCode: number | null;
  readonly timedOut?: boolean;
  /** The last lines of its output (at most DEPLOY_OUTPUT_LINES). */
  readonly output: string;
  readonly durationMs: number;
}

export const DEPLOY_OUTPUT_LINES = 8;

/** A deploy that did not succeed; the CDN keeps what it served. */
export class DeployFailed extends Error {
  constructor(
    readonly record: DeployRecord,
    message: string,
  ) {
    super(message);
  }
}

/** The marker of a deploy going on (or cut off by a crash). */
export const DEPLOYING = '.deploying';

/**
 * Beside the releases when they go live by deploy: the release last deployed and when. The
 * commands that only switch `current` (`npm run reimport`, `npm run rollback`) refuse to work on
 * such releases, since the CDN would not follow (remove it when the site moves back to nginx).
 */
export const DEPLOYED = '.deployed';

/** Refuses, with what to do instead, when these releases go live on a CDN (a switch of `current` alone would not reach it). */
export function assertSwitchable(releasesDir: string, command: string): void {
  if (existsSync(join(releasesDir, DEPLOYED)))
    throw new Error(
      `${command} only switches ${join(releasesDir, 'current')}, but these releases go live by deploy to a CDN (PUBLISHER_GO_LIVE=deploy; ${join(releasesDir, DEPLOYED)}): the CDN would not follow. Use the publish service's status page.`,
    );
}

export interface GoLiveOptions {
  readonly progress?: (line: string) => void;
  /** Aborting ends the deploy's whole process group; nothing goes live. */
  readonly signal?: AbortSignal | undefined;
  /** Told the deploy's process group (noted in the releases' lock). */
  readonly onGroup?: (group: number) => void;
  /** Told what the deploy did, whether it succeeded or not. */
  readonly onDeploy?: (record: DeployRecord) => void;
}

/** The command line with `{dir}` replaced by the release's folder, quoted for the shell. */
export function deployCommandLine(command: string, dir: string): string {
  return command.replaceAll('{dir}', `'${dir.replaceAll("'", `'\\''`)}'`);
}

/**
 * Makes `release` live the configured way; call only while holding the releases' lock. In
 * deploy mode, answers what the deploy did, and throws DeployFailed (with `current` unchanged)
 * when it did not succeed.
 */
export async function goLive(way: GoLive, releasesDir: string, release: string, options: GoLiveOptions = {}): Promise<DeployRecord | undefined> {
  // Checked before anything runs: only a whole release folder is ever deployed or made live.
  const folder = releaseFolder(releasesDir, release);
  if (way.mode === 'switch') {
    switchCurrent(releasesDir, release);
    return undefined;
  }
  const marker = markDeploying(releasesDir, release);
  try {
    const record = await deploy(way, folder, release, options);
    options.onDeploy?.(record);
    if (!record.ok) throw new DeployFailed(record, failureMessage(record, options.signal?.aborted ?? false, way.timeoutMs));
    switchCurrent(releasesDir, release);
    writeFileSync(join(releasesDir, DEPLOYED), `${JSON.stringify({ release, at: new Date().toISOString() })}\n`);
    return record;
  } finally {
    rmSync(marker, { force: true });
  }
}

/** Marks `release` as being deployed (DEPLOYING); answers the marker's path. */
function markDeploying(releasesDir: string, release: string): string {
  const marker = join(releasesDir, DEPLOYING);
  writeFileSync(marker, JSON.stringify({ release, pid: process.pid }));
  return marker;
}

/** The release a deploy cut off by a crash was making live, if one was: the CDN may serve it, or the one before. */
export function interruptedDeploy(releasesDir: string): string | undefined {
  const marker = join(releasesDir, DEPLOYING);
  if (!existsSync(marker)) return undefined;
  try {
    const data = JSON.parse(readFileSync(marker, 'utf8')) as { release?: unknown };
    return typeof data.release === 'string' ? data.release : '';
  } catch {
    // Malformed: a deploy was cut off, which one is unknown.
    return '';
  }
}

/**
 * After a deploy was cut off (the service was killed in the middle), deploys what `current`
 * names again, so the CDN serves what the record says; answers what that deploy did (nothing
 * when no release is live). When it fails, the mark stays, and the next start tries again.
 */
export async function redeployCurrent(releasesDir: string, way: GoLive, options: GoLiveOptions = {}): Promise<DeployRecord | undefined> {
  return withLock(releasesDir, async () => {
    const live = currentRelease(releasesDir);
    if (!live || way.mode !== 'deploy') {
      rmSync(join(releasesDir, DEPLOYING), { force: true });
      return undefined;
    }
    try {
      return await goLive(way, releasesDir, live, options);
    } catch (error) {
      markDeploying(releasesDir, live);
      throw error;
    }
  });
}

async function deploy(
  way: { command: string; timeoutMs: number; env?: readonly string[] },
  dir: string,
  release: string,
  options: GoLiveOptions,
): Promise<DeployRecord> {
  const { progress = () => {}, signal, onGroup } = options;
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  if (signal?.aborted) return { release, ok: false, exitCode: null, output: '', durationMs: 0 };
  progress(`  deploy: ${deployCommandLine(way.command, dir)}`);
  const env = deployEnv(way.env ?? DEFAULT_DEPLOY_ENV, process.env, dir, release);
  try {
    const outcome = await runInOwnGroup('/bin/sh', ['-c', deployCommandLine(way.command, dir)], {
      env,
      onLine: (line) => progress(`  deploy: ${line}`),
      signal,
      timeoutMs: way.timeoutMs,
      ...(onGroup ? { onGroup } : {}),
    });
    const ok = outcome.code === 0 && !outcome.aborted && !outcome.timedOut;
    return {
      release,
      ok,
      exitCode: outcome.timedOut || outcome.aborted ? null : outcome.code,
      ...(outcome.timedOut ? { timedOut: true } : {}),
      output: outputOf(outcome.tail),
      durationMs: took(),
    };
  } catch (error) {
    return { release, ok: false, exitCode: null, output: error instanceof Error ? error.message : String(error), durationMs: took() };
  }
}

/** The last lines of an output, each cut to 300 characters. */
function outputOf(tail: string): string {
  return tail
    .trim()
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(-DEPLOY_OUTPUT_LINES)
    .map((line) => (line.length > 300 ? `${line.slice(0, 299)}…` : line.trimEnd()))
    .join('\n');
}

function failureMessage(record: DeployRecord, aborted: boolean, timeoutMs: number): string {
  const last = lastLines(record.output);
  const how = aborted
    ? 'was stopped: the run was abandoned'
    : record.timedOut
      ? `did not finish within ${Math.round(timeoutMs / 1000)} s and was stopped`
      : record.exitCode === null
        ? 'could not be run'
        : `exited with code ${record.exitCode}`;
  return `the deploy of ${record.release} ${how}${last ? `: ${last}` : ''}`;
}
