/**
 * The pipeline behind `npm run reimport` and the publish service, against the platform sandbox
 * with a small stand-in build: unchanged content builds nothing, an edit is published, and a
 * failed build leaves both the live release and content/ as they were.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readImportConfig } from '../../../import/config';
import type { BuildCommand } from '../../../release/build';
import { matchLiveContent } from '../../../release/live-content';
import { publishFromCms } from '../../../release/publish';
import { currentRelease } from '../../../release/releases';
import { rollback } from '../../../release/rollback';
import { loadDataset, startSandbox, type Sandbox } from '../../../sandbox/server';
import { sandboxImportEnv } from '../../../sandbox/import-env';

let sandbox: Sandbox;
let work: string;
const dataset = loadDataset('content');
const build: BuildCommand = { shell: `"${process.execPath}" tests/support/fake-build.mjs` };
const paths = () => ({ releasesDir: join(work, 'releases'), contentDir: join(work, 'content') });
const builds = () => (existsSync(join(work, 'builds.log')) ? readFileSync(join(work, 'builds.log'), 'utf8').trim().split('\n').length : 0);
const served = () => readFileSync(join(work, 'releases', 'current', 'index.html'), 'utf8');
const snapshot = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir)
      .sort()
      .map((name) => [name, readFileSync(join(dir, name), 'utf8')]),
  );
const article = () => dataset.articles[0] as { id: string; title: string };

const run = (now: number) =>
  publishFromCms({
    config: readImportConfig({
      ...sandboxImportEnv(sandbox.url),
      IMPORT_RETRY_DELAY_MS: '1',
    }),
    ...paths(),
    build,
    buildEnv: { FAKE_BUILD_LOG: join(work, 'builds.log'), FAKE_BUILD_FAIL: join(work, 'fail-build') },
    now: new Date(Date.UTC(2026, 10, 23, 10, now)),
  });

beforeAll(async () => {
  sandbox = await startSandbox({ dataset });
  work = mkdtempSync(join(tmpdir(), 'kaia-publish-'));
  cpSync('content', join(work, 'content'), { recursive: true });
});
afterAll(async () => {
  await sandbox.close();
  rmSync(work, { recursive: true, force: true });
});
beforeEach(() => sandbox.reset());

describe('a publish run', { timeout: 60_000 }, () => {
  it('publishes the first release and keeps content/ matching it', async () => {
    const result = await run(0);
    expect(result.state).toBe('published');
    expect(builds()).toBe(1);
    expect(served()).toContain(article().title);
    expect(snapshot(paths().contentDir)).toEqual(snapshot(join(work, 'releases', `${result.release}.content`)));
  });

  it('ends unchanged without a build when the import is byte-identical', async () => {
    const live = currentRelease(paths().releasesDir);
    const result = await run(1);
    expect(result).toMatchObject({ state: 'unchanged', release: live });
    expect(builds()).toBe(1);
  });

  it('publishes an edit, and reports what changed', async () => {
    article().title = 'Ny tittel frå CMS-et';
    const result = await run(2);
    expect(result.state).toBe('published');
    expect(builds()).toBe(2);
    expect(served()).toContain('Ny tittel frå CMS-et');
    expect(result.changes.find((change) => change.collection === 'articles')?.changed).toEqual([article().id]);
    expect(readFileSync(join(paths().contentDir, 'articles.json'), 'utf8')).toContain('Ny tittel frå CMS-et');
  });

  it('leaves the live release and content/ as they were when the build fails', async () => {
    const releasesBefore = readdirSync(paths().releasesDir).sort();
    const contentBefore = snapshot(paths().contentDir);
    const servedBefore = served();
    article().title = 'Aldri publisert';
    writeFileSync(join(work, 'fail-build'), 'Astro: page /artiklar/x failed to render');
    try {
      await expect(run(3)).rejects.toThrow(/The step "build" failed: the build exited with code 3: Astro: page \/artiklar\/x failed to render/);
    } finally {
      rmSync(join(work, 'fail-build'));
    }
    expect(served()).toBe(servedBefore);
    expect(snapshot(paths().contentDir)).toEqual(contentBefore);
    expect(readdirSync(paths().releasesDir).sort()).toEqual(releasesBefore);
  });

  it('builds a draft preview into its own releases, leaving content/ and the live release alone', async () => {
    const liveBefore = currentRelease(paths().releasesDir);
    const releasesBefore = readdirSync(paths().releasesDir).sort();
    const contentBefore = snapshot(paths().contentDir);
    const servedBefore = served();
    const previewDir = join(paths().releasesDir, 'preview');
    const result = await publishFromCms({
      config: readImportConfig({ ...sandboxImportEnv(sandbox.url), IMPORT_RETRY_DELAY_MS: '1' }),
      releasesDir: previewDir,
      contentDir: paths().contentDir,
      build,
      drafts: true,
      buildEnv: { FAKE_BUILD_LOG: join(work, 'builds.log') },
      now: new Date(Date.UTC(2026, 10, 23, 10, 30)),
    });
    expect(result.state).toBe('published');
    // The sandbox's one draft (cms.ts) is in the preview …
    expect(readFileSync(join(previewDir, 'current', 'index.html'), 'utf8')).toContain('(utkast)');
    // … and nowhere else.
    expect(snapshot(paths().contentDir)).toEqual(contentBefore);
    expect(JSON.stringify(contentBefore)).not.toContain('(utkast)');
    expect(currentRelease(paths().releasesDir)).toBe(liveBefore);
    expect(served()).toBe(servedBefore);
    expect(readdirSync(paths().releasesDir).sort()).toEqual([...new Set([...releasesBefore, 'preview'])].sort());
  });

  it('after a rollback, content/ follows the live release', () => {
    const before = currentRelease(paths().releasesDir);
    rollback(paths().releasesDir);
    expect(currentRelease(paths().releasesDir)).not.toBe(before);
    expect(matchLiveContent(paths().releasesDir, paths().contentDir)).toBe(true);
    expect(readFileSync(join(paths().contentDir, 'articles.json'), 'utf8')).not.toContain('Ny tittel frå CMS-et');
  });
});
