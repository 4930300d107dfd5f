/**
 * A step of the post-build pass (post-build.ts), before the service worker and the hosting
 * files are made: removes the film-club islands' code when no page uses it
 * (src/lib/offline/unused-islands.ts), as in a build whose partner id has no film club. The pass
 * hands it the files each page names as it reads the page.
 */
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { AstroIntegrationLogger } from 'astro';
import { unusedIslandsOf } from '../lib/offline/unused-islands';
import { namedBuildFiles } from '../lib/offline/worker-rules';

export interface IslandCheck {
  /** Notes the build files a page names. */
  page(html: string): void;
  /** Removes the islands no page named; gives the removed files (relative to the build). */
  removeUnused(files: readonly string[], logger: AstroIntegrationLogger): Promise<string[]>;
}

export function islandCheck(root: string): IslandCheck {
  const named = new Set<string>();
  return {
    page(html) {
      for (const file of namedBuildFiles(html)) named.add(file);
    },
    async removeUnused(files, logger) {
      const readModule = (file: string) => {
        try {
          return readFileSync(join(root, file), 'utf8');
        } catch {
          return undefined;
        }
      };
      const unused = unusedIslandsOf(
        files.filter((file) => file.startsWith('_astro/')),
        named,
        readModule,
      );
      await Promise.all(unused.map((file) => rm(join(root, file))));
      if (unused.length > 0) logger.info(`${unused.length} files of islands no page uses left out: ${unused.join(', ')}`);
      return unused;
    },
  };
}
