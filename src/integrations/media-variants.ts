/**
 * Local media answer the platform's image query (`?width=`), as the CMS does (SPEC §9):
 *
 * - after the build, every image under dist/media/ gets a copy at each width of IMAGE_WIDTHS
 *   below its own (`name.w640.webp`), made with sharp and kept in a cache keyed by the
 *   original's bytes, so a rebuild of unchanged images costs nothing;
 * - nginx picks the copy for `?width=` (src/lib/hosting/nginx.ts); under `astro preview`, whose
 *   static server takes no Vite plugins, this integration rewrites the request's URL to the copy
 *   before the server sees it (`mediaVariantPath`), so both serve the same bytes for one URL.
 */
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile } from 'node:fs/promises';
import http from 'node:http';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import sharp from 'sharp';
import { IMAGE_WIDTHS, isVariantFile, mediaVariantPath, variantFile } from '../lib/site/images';

const IMAGE = /\.(webp|jpe?g|png|avif)$/i;

async function makeVariants(root: string, cacheDir: string): Promise<{ originals: number; made: number; cached: number }> {
  const mediaDir = join(root, 'media');
  if (!existsSync(mediaDir)) return { originals: 0, made: 0, cached: 0 };
  const entries = await readdir(mediaDir, { withFileTypes: true, recursive: true });
  const originals = entries
    .filter((entry) => entry.isFile() && IMAGE.test(entry.name) && !isVariantFile(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
  await mkdir(cacheDir, { recursive: true });
  let made = 0;
  let cached = 0;
  for (const file of originals) {
    const bytes = await readFile(file);
    const { width = 0, format } = await sharp(bytes).metadata();
    const widths = IMAGE_WIDTHS.filter((candidate) => candidate < width);
    if (widths.length === 0) continue;
    const key = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
    for (const target of widths) {
      const cachedFile = join(cacheDir, `${key}.w${target}.${format}`);
      if (existsSync(cachedFile)) cached += 1;
      else {
        // Same format as the original, at the quality of a CMS image service's scaled copies.
        await sharp(bytes).resize({ width: target }).toFormat(format, { quality: 72 }).toFile(cachedFile);
        made += 1;
      }
      await copyFile(cachedFile, variantFile(file, target));
    }
  }
  return { originals: originals.length, made, cached };
}

/** Makes `astro preview` answer `/media/…?width=N` with the copy nginx would serve. */
function servePreviewVariants(outDir: string): void {
  const marker = Symbol.for('kaia.media-variants');
  const proto = http.Server.prototype as http.Server & { [key: symbol]: boolean };
  if (proto[marker]) return;
  proto[marker] = true;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- kept to be called below with .apply(this), the server as `this`
  const emit = proto.emit;
  const exists = (path: string) => {
    try {
      return statSync(join(outDir, path)).isFile();
    } catch {
      return false;
    }
  };
  proto.emit = function (this: http.Server, event: string, ...args: unknown[]) {
    const request = args[0] as http.IncomingMessage | undefined;
    if (event === 'request' && request?.url?.startsWith('/media/')) {
      const [pathname = '', search = ''] = request.url.split('?', 2);
      const variant = mediaVariantPath(pathname, search, exists);
      if (variant) request.url = variant;
    }
    return (emit as (this: http.Server, ...all: unknown[]) => boolean).apply(this, [event, ...args]);
  } as typeof proto.emit;
}

export function mediaVariants(): AstroIntegration {
  return {
    name: 'kaia-media-variants',
    hooks: {
      'astro:config:setup': ({ config, command }) => {
        if (command === 'preview') servePreviewVariants(fileURLToPath(config.outDir));
      },
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const cacheDir = join(process.cwd(), 'node_modules', '.cache', 'kaia-media-variants');
        const { originals, made, cached } = await makeVariants(root, cacheDir);
        logger.info(`${originals} images under /media/: ${made} sized copies made, ${cached} from the cache (${relative(process.cwd(), cacheDir)})`);
      },
    },
  };
}
