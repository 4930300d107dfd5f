/**
 * After the build, before the service worker and the hosting files are made: removes the
 * film-club islands' code when no page uses it (src/lib/offline/unused-islands.ts), as in a
 * build whose partner id has no film club.
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { unusedIslandFiles } from '../lib/offline/unused-islands';

/**
 * `filmclubShown`: whether the build shows the film club. Then every island is used, and the pass
 * over every built page (thousands on a large site, at every publish) is not made.
 */
export function unusedIslands({ filmclubShown }: { filmclubShown: boolean }): AstroIntegration {
  return {
    name: 'kaia-unused-islands',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        if (filmclubShown) return;
        const root = fileURLToPath(dir);
        const entries = await readdir(root, { withFileTypes: true, recursive: true });
        const files = entries.filter((entry) => entry.isFile()).map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'));
        const pages = await Promise.all(files.filter((file) => file.endsWith('.html')).map((file) => readFile(join(root, file), 'utf8')));
        const readModule = (file: string) => {
          try {
            return readFileSync(join(root, file), 'utf8');
          } catch {
            return undefined;
          }
        };
        const unused = unusedIslandFiles(
          files.filter((file) => file.startsWith('_astro/')),
          pages,
          readModule,
        );
        await Promise.all(unused.map((file) => rm(join(root, file))));
        if (unused.length > 0) logger.info(`${unused.length} files of islands no page uses left out: ${unused.join(', ')}`);
      },
    },
  };
}
