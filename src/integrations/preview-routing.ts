/**
 * Makes `astro preview` route pages as every production host does (src/lib/pages/page-files.ts):
 * '/kinoprogram/', '/kinoprogram.html' and '/kinoprogram/index.html' answer a 301 to
 * '/kinoprogram', so a page has one URL there too. Astro's preview server takes no middleware
 * for static builds, so, like the media variants (media-variants.ts), this answers before the
 * server sees the request.
 */
import { statSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { canonicalPagePath } from '../lib/pages/page-files';

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function redirectPageSpellings(outDir: string): void {
  const marker = Symbol.for('kaia.preview-routing');
  const proto = http.Server.prototype as http.Server & { [key: symbol]: boolean };
  if (proto[marker]) return;
  proto[marker] = true;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- kept to be called below with .apply(this), the server as `this`
  const emit = proto.emit;
  const isPage = (file: string) => {
    try {
      return isFile(join(outDir, decodeURIComponent(file)));
    } catch {
      return false;
    }
  };
  proto.emit = function (this: http.Server, event: string, ...args: unknown[]) {
    const request = args[0] as http.IncomingMessage | undefined;
    const response = args[1] as http.ServerResponse | undefined;
    if (event === 'request' && request?.url && response && (request.method === 'GET' || request.method === 'HEAD')) {
      const [pathname = '', search] = request.url.split('?', 2);
      const target = canonicalPagePath(pathname, isPage);
      if (target !== null) {
        response.writeHead(301, { Location: search === undefined ? target : `${target}?${search}` });
        response.end();
        return true;
      }
    }
    return (emit as (this: http.Server, ...all: unknown[]) => boolean).apply(this, [event, ...args]);
  } as typeof proto.emit;
}

export function previewRouting(): AstroIntegration {
  return {
    name: 'kaia-preview-routing',
    hooks: {
      'astro:config:setup': ({ config, command }) => {
        if (command === 'preview') redirectPageSpellings(fileURLToPath(config.outDir));
      },
    },
  };
}
