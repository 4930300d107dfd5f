#!/usr/bin/env node
/**
 * Makes the demo site's images: every image the content snapshot names under /media/ gets an
 * illustrated banner (or poster) with its record's title, at the width and height the content
 * declares, as WebP in public/. Deterministic: the same content gives the same pictures.
 * Existing files are kept unless --force is given. Real content brings its own images.
 *
 *   npm run images [-- --force]
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';

const root = new URL('..', import.meta.url).pathname;
const force = process.argv.includes('--force');

const palettes = [
  ['#0b3954', '#087e8b', '#ffb703'],
  ['#5b1a3a', '#b93a0c', '#ffd166'],
  ['#1d3557', '#457b9d', '#f1faee'],
  ['#264653', '#2a9d8f', '#e9c46a'],
  ['#3d2c8d', '#916bbf', '#ffd6a5'],
  ['#7a1e2c', '#c9485b', '#f6d6ad'],
  ['#14342b', '#3a7d44', '#f4e285'],
  ['#22223b', '#4a4e69', '#f2e9e4'],
];

function hash(text) {
  let value = 2166136261;
  for (const char of text) value = Math.imul(value ^ char.codePointAt(0), 16777619) >>> 0;
  return value;
}

function escapeXml(text) {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]);
}

/** Greedy word wrap to at most `max` characters a line. */
function wrap(text, max) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && (line + ' ' + word).length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

function artwork({ width, height, title, url }) {
  const seed = hash(url);
  const [deep, mid, light] = palettes[seed % palettes.length];
  const portrait = height > width;
  const shapes = [];
  for (let i = 0; i < 7; i += 1) {
    const r = ((seed >> (i * 3)) % 40) / 100 + 0.12;
    const cx = (((seed >> i) % 100) / 100) * width;
    const cy = (((seed >> (i + 5)) % 100) / 100) * height;
    shapes.push(`<circle cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" r="${(r * Math.min(width, height)).toFixed(0)}" fill="${i % 2 ? mid : light}" opacity="${i % 2 ? 0.55 : 0.22}"/>`);
  }
  const wave = (y, amp, colour, opacity) =>
    `<path d="M0 ${y} C ${width * 0.25} ${y - amp}, ${width * 0.5} ${y + amp}, ${width * 0.75} ${y} S ${width} ${y - amp}, ${width} ${y} V ${height} H 0 Z" fill="${colour}" opacity="${opacity}"/>`;
  const fontSize = Math.round((portrait ? width / 9 : height / 9) * (title.length > 40 ? 0.75 : 1));
  const lines = wrap(title, portrait ? 14 : 24);
  const lineHeight = fontSize * 1.15;
  const textTop = portrait ? height * 0.62 : height / 2 - ((lines.length - 1) * lineHeight) / 2;
  const text = lines
    .map((line, i) => `<text x="${width * 0.07}" y="${(textTop + i * lineHeight).toFixed(0)}" font-family="DejaVu Serif, serif" font-weight="700" font-size="${fontSize}" fill="#ffffff">${escapeXml(line)}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${deep}"/><stop offset="1" stop-color="${mid}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  ${shapes.join('')}
  ${wave(height * 0.78, height * 0.06, deep, 0.5)}
  ${wave(height * 0.88, height * 0.04, light, 0.35)}
  <rect x="${width * 0.05}" y="${textTop - fontSize * 1.1}" width="${width * 0.9}" height="${lines.length * lineHeight + fontSize * 0.7}" rx="${fontSize * 0.3}" fill="${deep}" opacity="0.72"/>
  ${text}
</svg>`;
}

/** Every image object under /media/ in the snapshot, with the title of the record it belongs to. */
function collectImages() {
  const found = new Map();
  const visit = (value, title) => {
    if (Array.isArray(value)) return value.forEach((item) => visit(item, title));
    if (!value || typeof value !== 'object') return;
    const ownTitle = typeof value.title === 'string' ? value.title : title;
    if (typeof value.url === 'string' && value.url.startsWith('/media/') && value.width && value.height) {
      found.set(value.url, { url: value.url, width: value.width, height: value.height, title: ownTitle ?? 'Kulturhuset Kaia' });
    }
    for (const child of Object.values(value)) visit(child, ownTitle);
  };
  for (const file of ['block-data.json', 'articles.json', 'productions.json']) {
    visit(JSON.parse(readFileSync(join(root, 'content', file), 'utf8')));
  }
  return [...found.values()];
}

const images = collectImages();
let made = 0;
for (const image of images) {
  const target = join(root, 'public', image.url);
  if (!force && existsSync(target)) continue;
  mkdirSync(dirname(target), { recursive: true });
  await sharp(Buffer.from(artwork(image))).webp({ quality: 72, effort: 5 }).toFile(target);
  made += 1;
}
console.log(`images: ${made} made, ${images.length - made} kept, ${images.length} named by the content`);
