/**
 * content/ is the working copy of what the live release was built from: a developer's build
 * and `npm run import` read it. After every run and rollback it is made to match the live
 * release again, so nobody ever reads an import that was not published.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { changedFiles, swapInContent } from '../import/write';
import { currentRelease, releaseContentDir } from './releases';

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
