/**
 * Writes the site's stylesheet into every built page that links it
 * (src/lib/pages/inline-stylesheet.ts), a step of the post-build pass (post-build.ts): after the
 * search index has taken the page, before the worker (which stores the pages with the
 * stylesheet linked again, and counts them so) and compression.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AstroIntegrationLogger } from 'astro';
import { withInlineStylesheet } from '../lib/pages/inline-stylesheet';

export interface StylesheetInliner {
  /** The page with its stylesheet written in. */
  inline(html: string): string;
  report(logger: AstroIntegrationLogger): void;
}

export function stylesheetInliner(root: string): StylesheetInliner {
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
  let pages = 0;
  let changed = 0;
  return {
    inline(html) {
      pages += 1;
      const shipped = withInlineStylesheet(html, read);
      if (shipped !== html) changed += 1;
      return shipped;
    },
    report(logger) {
      const missing = [...stylesheets].filter(([, css]) => css === undefined).map(([href]) => href);
      if (missing.length > 0) logger.warn(`Stylesheets linked but not in the build, left linked: ${missing.join(', ')}`);
      logger.info(`${changed} of ${pages} pages carry the stylesheet inline (${[...stylesheets.keys()].join(', ')})`);
    },
  };
}
