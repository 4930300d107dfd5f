#!/usr/bin/env node
/**
 * Makes the demo site's images: every image the content snapshot names under /media/ gets an
 * illustrated scene (`scripts/demo-images/scenes.mjs`) at the width and height the content
 * declares, with film grain so it weighs what a photograph does, as WebP in public/.
 * Deterministic: the same content gives the same pictures, byte for byte.
 * Existing files are kept unless --force is given. With --alts the content's alt texts are set
 * to the sentence describing each picture, so the two always agree. Real content brings its own.
 *
 *   npm run images [-- --force] [-- --alts]
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { hash, random, scene } from './demo-images/scenes.mjs';

const root = new URL('..', import.meta.url).pathname;
const force = process.argv.includes('--force');
const writeAlts = process.argv.includes('--alts');
const files = ['block-data.json', 'articles.json', 'productions.json'];

/** Every image object under /media/ in the snapshot, by URL. */
function collectImages(documents) {
  const found = new Map();
  const visit = (value) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object') return;
    if (typeof value.url === 'string' && value.url.startsWith('/media/') && value.width && value.height) {
      found.set(value.url, value);
      if (writeAlts) value.alt = scene(value.url, value.width, value.height).alt;
    }
    Object.values(value).forEach(visit);
  };
  documents.forEach(visit);
  return [...found.values()];
}

/** Seeded grey noise, centred on mid-grey: overlaid, it gives the grain of a photograph. */
function grain(width, height, seed, amount) {
  const next = random(seed);
  const data = Buffer.alloc(width * height);
  for (let i = 0; i < data.length; i += 1) data[i] = 128 + Math.round((next() + next() + next() - 1.5) * amount);
  return data;
}

const documents = files.map((file) => JSON.parse(readFileSync(join(root, 'content', file), 'utf8')));
const images = collectImages(documents);
if (writeAlts) files.forEach((file, i) => writeFileSync(join(root, 'content', file), `${JSON.stringify(documents[i], null, 2)}\n`));

let made = 0;
let bytes = 0;
for (const { url, width, height } of images) {
  const target = join(root, 'public', url);
  if (!force && existsSync(target)) continue;
  mkdirSync(dirname(target), { recursive: true });
  const picture = await sharp(Buffer.from(scene(url, width, height).svg))
    .blur(0.6)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const noise = await sharp(grain(width, height, hash(url), 33), { raw: { width, height, channels: 1 } })
    .toColourspace('srgb')
    .raw()
    .toBuffer();
  const info = await sharp(picture.data, { raw: picture.info })
    .composite([{ input: noise, raw: { width, height, channels: 3 }, blend: 'soft-light' }])
    .webp({ quality: 78, effort: 4 })
    .toFile(target);
  bytes += info.size;
  made += 1;
}
console.log(
  `images: ${made} made (${Math.round(bytes / 1024)} KiB), ${images.length - made} kept, ${images.length} named by the content${writeAlts ? '; alt texts written' : ''}`,
);
