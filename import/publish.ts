/**
 * One run of the pipeline from the CMS to the live site, shared by `npm run reimport` and the
 * publish service: import into a copy of the live release's content (never into content/),
 * stop as *unchanged* when that changed nothing, else build into a new release and switch
 * `current` to it. Whatever happens, content/ is then made to match the live release again,
 * so a developer or the next run never reads an import that was not published.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ImportConfig } from './config';
import { cleanUpInterrupted, currentRelease, publishRelease, releaseContentDir, type PublishResult, type ReleaseStep } from './releases';
import { runImport } from './run';
import type { CollectionChange } from './summary';
import { changedFiles, swapInContent } from './write';

/** How the site is built: the project's astro build, or a shell command (tests use a small one). */
export type BuildCommand = { readonly shell: string } | { readonly astro: true };

export interface PublishRunOptions {
  readonly config: ImportConfig;
  readonly releasesDir: string;
  /** The working content folder kept matching the live release. */
  readonly contentDir: string;
  readonly build: BuildCommand;
  readonly drafts?: boolean;
  readonly progress?: (line: string) => void;
  readonly now?: Date;
  /** Extra environment for the build (the tests' stand-in build takes its switches from it). */
  readonly buildEnv?: Readonly<Record<string, string>>;
}

export type PublishRunResult = PublishResult & { readonly changes: CollectionChange[] };

export async function publishFromCms(options: PublishRunOptions): Promise<PublishRunResult> {
  const { config, releasesDir, contentDir, build, drafts = false, progress = () => {}, now = new Date(), buildEnv = {} } = options;
  const live = currentRelease(releasesDir);
  // Without a content copy beside the live release (releases made before they kept one),
  // nothing can be compared: build.
  const comparable = live !== undefined && existsSync(releaseContentDir(releasesDir, live));
  let changes: CollectionChange[] = [];
  const steps: ReleaseStep[] = [
    {
      name: 'import',
      run: async (_site, context) => {
        const result = await runImport({ config, contentDir: context.contentDir, drafts, progress });
        changes = result.changes;
        if (result.written.length === 0 && comparable) return 'unchanged';
        return undefined;
      },
    },
    { name: 'build', run: (siteDir, context) => runBuild(build, context.contentDir, siteDir, buildEnv, progress) },
  ];
  try {
    const result = await publishRelease(releasesDir, steps, { now, progress, baseContentDir: contentDir });
    return { ...result, changes };
  } finally {
    if (!drafts) matchLiveContent(releasesDir, contentDir);
  }
}

/** Makes content/ hold what the live release was built from (no-op when it already does). */
export function matchLiveContent(releasesDir: string, contentDir: string): boolean {
  const live = currentRelease(releasesDir);
  if (!live) return false;
  const source = releaseContentDir(releasesDir, live);
  if (!existsSync(source) || !existsSync(contentDir)) return false;
  const files = Object.fromEntries(
    readdirSync(source, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => [entry.name, readFileSync(join(source, entry.name), 'utf8')]),
  );
  if (changedFiles(contentDir, files).length === 0) return false;
  swapInContent(contentDir, files);
  return true;
}

export { cleanUpInterrupted };

/** Runs the build; its last lines of output become the reason when it fails. */
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
