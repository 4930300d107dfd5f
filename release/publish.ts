/**
 * One run of the pipeline from the CMS to the live site, shared by `npm run reimport` and the
 * publish service: import into a copy of the live release's content (never into content/),
 * stop as *unchanged* when that changed nothing, else build into a new release and switch
 * `current` to it. Whatever happens, content/ is then made to match the live release again,
 * so a developer or the next run never reads an import that was not published.
 */
import { existsSync } from 'node:fs';
import type { ImportConfig } from '../import/config';
import { runImport, type ImportOptions } from '../import/run';
import type { CollectionChange } from '../import/summary';
import { runBuild, type BuildCommand } from './build';
import { goLive, type DeployRecord, type GoLive } from './go-live';
import { matchLiveContent } from './live-content';
import { noteBuildGroup } from './lock';
import { currentRelease, publishRelease, releaseContentDir, type PublishResult, type ReleaseStep } from './releases';

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
  /** Build and publish even when the import changed nothing (the day build, «Bygg sida på nytt»). */
  readonly force?: boolean;
  /** The import digest known to match the live release's content (see import/run.ts). */
  readonly knownDigest?: string;
  /** Told per download whether it answered (import/run.ts `onDownload`). */
  readonly onDownload?: ImportOptions['onDownload'];
  /** Aborting abandons the run: its build is ended, nothing is switched. */
  readonly signal?: AbortSignal;
  /**
   * How the release goes live (go-live.ts; default: switch `current`). With a deploy, the
   * release is built in its CDN shape (HOSTING_TARGET=cdn: no precompressed copies, no nginx
   * config, the CDN's limits checked) and deployed before `current` moves. Drafts always switch.
   */
  readonly goLive?: GoLive;
  /** Told what a deploy did, whether it succeeded or not. */
  readonly onDeploy?: (record: DeployRecord) => void;
}

export type PublishRunResult = PublishResult & {
  readonly changes: CollectionChange[];
  /** The digest of what the import downloaded, once it got that far. */
  readonly digest: string | undefined;
};

export async function publishFromCms(options: PublishRunOptions): Promise<PublishRunResult> {
  const { config, releasesDir, contentDir, build, drafts = false, progress = () => {}, now = new Date(), signal, force = false } = options;
  const deploy = !drafts && options.goLive?.mode === 'deploy' ? options.goLive : undefined;
  const buildEnv = deploy ? { ...options.buildEnv, HOSTING_TARGET: 'cdn' } : (options.buildEnv ?? {});
  const live = currentRelease(releasesDir);
  // Without a content copy beside the live release (releases made before they kept one),
  // nothing can be compared: build.
  const comparable = live !== undefined && existsSync(releaseContentDir(releasesDir, live));
  let changes: CollectionChange[] = [];
  let digest: string | undefined;
  const steps: ReleaseStep[] = [
    {
      name: 'import',
      run: async (_site, context) => {
        const result = await runImport({
          config,
          contentDir: context.contentDir,
          drafts,
          progress,
          // A forced build checks every record: it is also how new import rules reach the content.
          ...(options.knownDigest && comparable && !force ? { knownDigest: options.knownDigest } : {}),
          ...(options.onDownload ? { onDownload: options.onDownload } : {}),
        });
        changes = result.changes;
        digest = result.digest;
        if (result.written.length === 0 && comparable && !force) return 'unchanged';
        return undefined;
      },
    },
    {
      name: 'build',
      run: (siteDir, context) =>
        runBuild(build, context.contentDir, siteDir, {
          extraEnv: buildEnv,
          progress,
          signal,
          // Noted in the lock, so the next run can end this build if this process is killed.
          onGroup: (group) => noteBuildGroup(releasesDir, group),
        }),
    },
  ];
  try {
    const result = await publishRelease(releasesDir, steps, {
      now,
      progress,
      baseContentDir: contentDir,
      ...(deploy
        ? {
            goLive: async (release: string) => {
              await goLive(deploy, releasesDir, release, {
                progress,
                signal,
                // Noted in the lock like the build's, so the next run can end it if this process is killed.
                onGroup: (group) => noteBuildGroup(releasesDir, group),
                ...(options.onDeploy ? { onDeploy: options.onDeploy } : {}),
              });
            },
          }
        : {}),
    });
    return { ...result, changes, digest };
  } finally {
    if (!drafts) matchLiveContent(releasesDir, contentDir);
  }
}
