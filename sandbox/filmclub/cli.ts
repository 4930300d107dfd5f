/**
 * `npx tsx sandbox/filmclub/cli.ts`: runs the film-club sandbox for both partners in the
 * foreground, each on its own port with its own members.
 *
 *   FILMCLUB_118_PORT (4410)  FILMCLUB_178_PORT (4411)
 *   FILMCLUB_DATA_DIR (.sandbox-data in the repo; each partner uses filmclub-<partner> inside)
 *   FILMCLUB_ALLOWED_ORIGINS (comma-separated; default the site on 4321 plus 127.0.0.1:4322/4323)
 *   FILMCLUB_MAX_SECONDS (unset: run until Ctrl-C / SIGTERM)
 *
 * `startBothPartners(env)` does the same in-process (for scripts such as npm start).
 */
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { demoMember } from './accounts';
import type { Partner } from './catalogue';
import { defaultAllowedOrigins, normaliseOrigin, startFilmclubSandbox, type FilmclubSandbox } from './server';

export const cliDefaultOrigins: readonly string[] = [...defaultAllowedOrigins, 'http://127.0.0.1:4322', 'http://127.0.0.1:4323'];

/** The repository's git-ignored `.sandbox-data`. */
const defaultDataRoot = fileURLToPath(new URL('../../.sandbox-data', import.meta.url));

export interface BothPartners {
  /** Partner 118 first, then 178. */
  sandboxes: FilmclubSandbox[];
  byPartner: Record<Partner, FilmclubSandbox>;
  /** One line per partner: URL and the demo account. */
  lines: string[];
  close(): Promise<void>;
}

type Env = Record<string, string | undefined>;

function portFromEnv(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) throw new Error(`${name}=${raw} is not a port`);
  return value;
}

function originsFromEnv(env: Env): string[] {
  const raw = env['FILMCLUB_ALLOWED_ORIGINS'];
  if (raw === undefined || raw.trim() === '') return [...cliDefaultOrigins];
  return raw
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '')
    .map((origin) => {
      try {
        return normaliseOrigin(origin);
      } catch (error) {
        throw new Error(`FILMCLUB_ALLOWED_ORIGINS: ${(error as Error).message}`);
      }
    });
}

/** Starts partner 118 and partner 178 as configured by `env`; stops both if either fails. */
export async function startBothPartners(env: Env = process.env): Promise<BothPartners> {
  const dataRoot = env['FILMCLUB_DATA_DIR']?.trim() ? resolve(env['FILMCLUB_DATA_DIR'].trim()) : defaultDataRoot;
  const allowedOrigins = originsFromEnv(env);
  const ports: Record<Partner, number> = {
    118: portFromEnv(env, 'FILMCLUB_118_PORT', 4410),
    178: portFromEnv(env, 'FILMCLUB_178_PORT', 4411),
  };
  const started: FilmclubSandbox[] = [];
  try {
    for (const partner of [118, 178] as const) {
      started.push(
        await startFilmclubSandbox({
          partner,
          port: ports[partner],
          dataDir: resolve(dataRoot, `filmclub-${partner}`),
          allowedOrigins,
        }),
      );
    }
  } catch (error) {
    await Promise.all(started.map((sandbox) => sandbox.close()));
    throw error;
  }
  const [first, second] = started as [FilmclubSandbox, FilmclubSandbox];
  let closing: Promise<void> | undefined;
  return {
    sandboxes: started,
    byPartner: { 118: first, 178: second },
    lines: started.map((sandbox) => `film club ${sandbox.partner}  ${sandbox.url}  demo member ${demoMember.email} / ${demoMember.password}`),
    close: () => {
      closing ??= Promise.all(started.map((sandbox) => sandbox.close())).then(() => undefined);
      return closing;
    },
  };
}

function maxSecondsFromEnv(env: Env): number | undefined {
  const raw = env['FILMCLUB_MAX_SECONDS'];
  if (raw === undefined || raw.trim() === '') return undefined;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error(`FILMCLUB_MAX_SECONDS=${raw} is not a positive number`);
  return seconds;
}

async function main(): Promise<void> {
  const maxSeconds = maxSecondsFromEnv(process.env);
  const both = await startBothPartners(process.env);
  for (const line of both.lines) console.log(line);
  console.log(`film club data in ${process.env['FILMCLUB_DATA_DIR']?.trim() || defaultDataRoot}; Ctrl-C stops it`);

  const stop = (reason: string) => {
    console.log(`film club sandbox: stopping (${reason})`);
    // A second signal while closing ends the process at once.
    process.once('SIGINT', () => process.exit(130));
    void both.close().then(() => process.exit(0));
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  if (maxSeconds !== undefined) {
    // unref: the servers keep the process alive; the timer alone must not.
    setTimeout(() => stop(`FILMCLUB_MAX_SECONDS=${maxSeconds}`), maxSeconds * 1000).unref();
  }
}

// Run only when executed directly, not when imported by a script or a test.
const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(resolve(entry)).href) {
  main().catch((error: unknown) => {
    console.error(`film club sandbox: ${(error as Error).message}`);
    process.exit(2);
  });
}
