/**
 * The build step of a run: the project's Astro build, or a shell command (tests use a small
 * one), run in a process group of its own (command.ts), so all of it can be ended at once:
 * when the run is abandoned, when this process exits, and, through the group noted in the
 * releases' lock (lock.ts), by the next run when this process was killed outright.
 */
import { resolve } from 'node:path';
import { lastLines, runInOwnGroup } from './command';

/** How the site is built: the project's astro build, or a shell command (tests use a small one). */
export type BuildCommand = { readonly shell: string } | { readonly astro: true };

export interface BuildOptions {
  readonly extraEnv?: Readonly<Record<string, string>>;
  /** Each line of the build's output, as `  build: <line>` (Astro's own log: build-progress.ts reads how far it is). */
  readonly progress?: (line: string) => void;
  /** Aborting ends the build's whole process group. */
  readonly signal?: AbortSignal | undefined;
  /** Told the build's process group as soon as it runs. */
  readonly onGroup?: (group: number) => void;
}

/** Runs the build of `contentDir` into `outDir`; its last lines of output become the reason when it fails. */
export async function runBuild(build: BuildCommand, contentDir: string, outDir: string, options: BuildOptions = {}): Promise<void> {
  const { extraEnv = {}, progress = () => {}, signal, onGroup } = options;
  const env = { ...process.env, ...extraEnv, CONTENT_DIR: contentDir, BUILD_OUT_DIR: outDir, ASTRO_TELEMETRY_DISABLED: '1' };
  const [command, args] =
    'shell' in build ? ['/bin/sh', ['-c', build.shell]] : [process.execPath, [resolve('node_modules/astro/astro.js'), 'build', '--outDir', outDir]];
  if (signal?.aborted) throw new Error('the build was not started: the run was abandoned');
  const outcome = await runInOwnGroup(command, args, { env, onLine: (line) => progress(`  build: ${line}`), signal, ...(onGroup ? { onGroup } : {}) });
  if (outcome.code === 0 && !outcome.aborted) return;
  const last = lastLines(outcome.tail);
  const how = outcome.aborted
    ? 'was stopped: the run was abandoned'
    : outcome.exitSignal
      ? `was stopped (${outcome.exitSignal})`
      : `exited with code ${outcome.code}`;
  throw new Error(`the build ${how}${last ? `: ${last}` : ''}`);
}
