/** The build step of a run: the project's Astro build, or a shell command (tests use a small one). */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

/** How the site is built: the project's astro build, or a shell command (tests use a small one). */
export type BuildCommand = { readonly shell: string } | { readonly astro: true };

/** Runs the build of `contentDir` into `outDir`; its last lines of output become the reason when it fails. */
export function runBuild(
  build: BuildCommand,
  contentDir: string,
  outDir: string,
  extraEnv: Readonly<Record<string, string>> = {},
  progress: (line: string) => void = () => {},
): Promise<void> {
  const env = { ...process.env, ...extraEnv, CONTENT_DIR: contentDir, BUILD_OUT_DIR: outDir, ASTRO_TELEMETRY_DISABLED: '1' };
  const [command, args] =
    'shell' in build ? ['/bin/sh', ['-c', build.shell]] : [process.execPath, [resolve('node_modules/astro/astro.js'), 'build', '--silent', '--outDir', outDir]];
  return new Promise((done, fail) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let tail = '';
    const keep = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      for (const line of text.split('\n')) if (line.trim()) progress(`  build: ${line.trimEnd()}`);
      tail = (tail + text).slice(-2000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', fail);
    child.on('exit', (code, signal) => {
      if (code === 0) return done();
      const last = tail.trim().split('\n').filter(Boolean).slice(-3).join(' / ');
      fail(new Error(`the build ${signal ? `was stopped (${signal})` : `exited with code ${code}`}${last ? `: ${last}` : ''}`));
    });
  });
}
