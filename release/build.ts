/**
 * The build step of a run: the project's Astro build, or a shell command (tests use a small
 * one). The build runs in a process group of its own, so all of it (Astro and whatever it
 * starts) can be ended at once: when the run is abandoned (its signal aborts), when this
 * process exits, and, through the group noted in the releases' lock (lock.ts), by the next run
 * when this process was killed outright.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { groupAlive, signalGroup } from './processes';

/** How the site is built: the project's astro build, or a shell command (tests use a small one). */
export type BuildCommand = { readonly shell: string } | { readonly astro: true };

export interface BuildOptions {
  readonly extraEnv?: Readonly<Record<string, string>>;
  readonly progress?: (line: string) => void;
  /** Aborting ends the build's whole process group. */
  readonly signal?: AbortSignal | undefined;
  /** Told the build's process group as soon as it runs. */
  readonly onGroup?: (group: number) => void;
}

/** Process groups of builds running now, ended when this process exits. */
const running = new Set<number>();
process.on('exit', () => {
  for (const group of running) signalGroup(group, 'SIGKILL');
});

/** Runs the build of `contentDir` into `outDir`; its last lines of output become the reason when it fails. */
export function runBuild(build: BuildCommand, contentDir: string, outDir: string, options: BuildOptions = {}): Promise<void> {
  const { extraEnv = {}, progress = () => {}, signal, onGroup } = options;
  const env = { ...process.env, ...extraEnv, CONTENT_DIR: contentDir, BUILD_OUT_DIR: outDir, ASTRO_TELEMETRY_DISABLED: '1' };
  const [command, args] =
    'shell' in build ? ['/bin/sh', ['-c', build.shell]] : [process.execPath, [resolve('node_modules/astro/astro.js'), 'build', '--silent', '--outDir', outDir]];
  return new Promise((done, fail) => {
    if (signal?.aborted) return fail(new Error('the build was not started: the run was abandoned'));
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const group = child.pid;
    let tail = '';
    const end = () => {
      if (group) endGroup(group);
    };
    if (group) {
      running.add(group);
      signal?.addEventListener('abort', end, { once: true });
      onGroup?.(group);
    }
    const keep = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      for (const line of text.split('\n')) if (line.trim()) progress(`  build: ${line.trimEnd()}`);
      tail = (tail + text).slice(-2000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', fail);
    child.on('exit', (code, exitSignal) => {
      signal?.removeEventListener('abort', end);
      // Whatever the build left behind in its group goes with it.
      if (group) {
        if (groupAlive(group)) signalGroup(group, 'SIGKILL');
        running.delete(group);
      }
      if (code === 0 && !signal?.aborted) return done();
      const last = tail.trim().split('\n').filter(Boolean).slice(-3).join(' / ');
      const how = signal?.aborted ? 'was stopped: the run was abandoned' : exitSignal ? `was stopped (${exitSignal})` : `exited with code ${code}`;
      fail(new Error(`the build ${how}${last ? `: ${last}` : ''}`));
    });
  });
}

/** Asks the group to stop, and makes it stop a few seconds later if it has not. */
function endGroup(group: number): void {
  signalGroup(group, 'SIGTERM');
  setTimeout(() => {
    if (groupAlive(group)) signalGroup(group, 'SIGKILL');
  }, 5_000).unref();
}
