/**
 * Writes the site's stylesheet into every built page that links it
 * (src/lib/pages/inline-stylesheet.ts). Runs after the search index and before the service
 * worker (which stores the pages with the stylesheet linked again, and counts them so) and
 * hosting (which precompresses the pages).
 */
import { readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { withInlineStylesheet } from '../lib/pages/inline-stylesheet';

export function inlineStylesheet(): AstroIntegration {
  return {
    name: 'kaia-inline-stylesheet',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const stylesheets = new Map<string, string | undefined>();
        const read = (href: string): string | undefined => {
          if (!stylesheets.has(href)) {
            try {
              stylesheets.set(href, readFileSync(join(root, href), 'utf8'));
            } catch {
              stylesheets.set(href, undefined);
            }
          }
          return stylesheets.get(href);
        };
        const files = (await readdir(root, { recursive: true })).filter((file) => file.endsWith('.html'));
        let changed = 0;
        for (const file of files) {
          const html = await readFile(join(root, file), 'utf8');
          const shipped = withInlineStylesheet(html, read);
          if (shipped === html) continue;
          await writeFile(join(root, file), shipped);
          changed++;
        }
        const missing = [...stylesheets].filter(([, css]) => css === undefined).map(([href]) => href);
        if (missing.length > 0) logger.warn(`Stylesheets linked but not in the build, left linked: ${missing.join(', ')}`);
        logger.info(`${changed} of ${files.length} pages carry the stylesheet inline (${[...stylesheets.keys()].join(', ')})`);
      },
    },
  };
}
