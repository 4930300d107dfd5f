/**
 * Makes `astro preview` answer as nginx does, from the build's own rules
 * (src/lib/hosting/static-answer.ts, which the publish service's static serving uses too):
 * '/kinoprogram/', '/kinoprogram.html' and '/kinoprogram/index.html' answer a 301 to
 * '/kinoprogram' (src/lib/pages/page-files.ts), the redirect list answers real 301s, and every
 * answer carries the headers the build's `_headers` gives its path: the site's
 * Content-Security-Policy, and at '/search' alone the one allowing WebAssembly. Astro's preview
 * server takes no middleware for static builds, so, like the media variants
 * (media-variants.ts), this answers (or sets the headers) before the server sees the request.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { readHostRules, staticAnswer } from '../lib/hosting/static-answer';

/**
 * Answers `request` as nginx would when the rules say a redirect or the 404 page (true: answered),
 * or sets the headers for the file the preview server then sends (false).
 */
export function answerAsNginx(outDir: string, request: http.IncomingMessage, response: http.ServerResponse): boolean {
  if (!request.url || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
  const [pathname = '', search] = request.url.split('?', 2);
  // Read on every request: the files are small, and a new build in the folder counts at once.
  const answer = staticAnswer(outDir, readHostRules(outDir), pathname, search === undefined ? '' : `?${search}`);
  if (answer.status === 301) {
    response.writeHead(301, { ...answer.headers, location: answer.location });
    response.end();
    return true;
  }
  if (answer.status === 404) {
    // The 404 page, for hosting files and dotfiles too (the preview server would send those).
    response.writeHead(404, { ...answer.headers, 'content-type': 'text/html; charset=utf-8' });
    response.end(answer.file && request.method === 'GET' ? readFileSync(answer.file) : undefined);
    return true;
  }
  for (const [name, value] of Object.entries(answer.headers)) response.setHeader(name, value);
  return false;
}

function answerAsNginxInPreview(outDir: string): void {
  const marker = Symbol.for('kaia.preview-routing');
  const proto = http.Server.prototype as http.Server & { [key: symbol]: boolean };
  if (proto[marker]) return;
  proto[marker] = true;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- kept to be called below with .apply(this), the server as `this`
  const emit = proto.emit;
  proto.emit = function (this: http.Server, event: string, ...args: unknown[]) {
    const request = args[0] as http.IncomingMessage | undefined;
    const response = args[1] as http.ServerResponse | undefined;
    if (event === 'request' && request && response && answerAsNginx(outDir, request, response)) return true;
    return (emit as (this: http.Server, ...all: unknown[]) => boolean).apply(this, [event, ...args]);
  } as typeof proto.emit;
}

export function previewRouting(): AstroIntegration {
  return {
    name: 'kaia-preview-routing',
    hooks: {
      'astro:config:setup': ({ config, command }) => {
        if (command === 'preview') answerAsNginxInPreview(fileURLToPath(config.outDir));
      },
    },
  };
}
