/**
 * What visitors read is nynorsk: no common bokmål form (the consent text once said «bruker»)
 * in the site's code or its content, and the logo's name is drawn, not set in a font the
 * visitor may lack (live SVG text in Georgia fell back to a Times-like serif on Linux and Android).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Bokmål forms whose nynorsk differs (bruker → brukar, ikke → ikkje, hvis → viss, være → vere,
 * fra → frå, uke → veke ...), none of them an English word, so the code's comments cannot trip them.
 */
const BOKMAL = [
  'bruker',
  'brukere',
  'ikke',
  'hvis',
  'hva',
  'hvordan',
  'hvorfor',
  'hvor',
  'jeg',
  'noen',
  'noe',
  'mye',
  'mer',
  'kommer',
  'dere',
  'deres',
  'hjem',
  'hverandre',
  'kun',
  'blitt',
  'ble',
  'være',
  'gjøre',
  'fra',
  'uke',
  'uker',
  'mandag',
  'tirsdag',
  'lørdag',
  'hennes',
];
const PATTERN = new RegExp(`(?<![\\p{L}\\p{N}_-])(${BOKMAL.join('|')})(?![\\p{L}\\p{N}_-])`, 'giu');

/** The bokmål forms in a text, each with a little of what surrounds it. */
function bokmalForms(text: string): string[] {
  return [...text.matchAll(PATTERN)].map((match) => text.slice(Math.max(0, match.index - 20), match.index + match[0].length + 20).replace(/\s+/g, ' '));
}

function files(folder: string, extensions: RegExp): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && extensions.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Every string of a JSON value, but addresses and the search's word forms (which take bokmål queries on purpose). */
function strings(value: unknown, key = ''): string[] {
  if (key === 'wordForms' || key === 'url' || key === 'href' || key === 'pageReference' || key === 'path' || key === 'slug') return [];
  if (typeof value === 'string') return [value.replace(/https?:\/\/\S+|\/[\w./-]+/g, '')];
  if (Array.isArray(value)) return value.flatMap((item) => strings(item));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([name, item]) => strings(item, name));
  return [];
}

describe('visitor texts', () => {
  it('finds a bokmål form, and leaves nynorsk and English alone', () => {
    expect(bokmalForms('Nettstaden bruker informasjonskapslar')).toHaveLength(1);
    expect(bokmalForms('Ikke kjøp billett fra oss')).toHaveLength(2);
    expect(bokmalForms('Nettstaden brukar informasjonskapslar, ikkje meir frå oss; a bare URL, /eit-brev-fra-lisboa')).toEqual([]);
  });

  it('has no bokmål forms in the site’s code', () => {
    const found = files('src', /\.(astro|tsx?|mjs)$/).flatMap((file) =>
      bokmalForms(readFileSync(file, 'utf8')).map((hit) => `${relative(ROOT, file)}: …${hit}…`),
    );
    expect(found).toEqual([]);
  });

  it('has no bokmål forms in the content', () => {
    const found = files('content', /\.json$/).flatMap((file) =>
      strings(JSON.parse(readFileSync(file, 'utf8'))).flatMap((text) => bokmalForms(text).map((hit) => `${relative(ROOT, file)}: …${hit}…`)),
    );
    expect(found).toEqual([]);
  });
});

describe('the logo', () => {
  it('draws «Kulturhuset Kaia» as outlines, with no live text in a font the visitor may not have', () => {
    const logo = readFileSync(join(ROOT, 'public/logo.svg'), 'utf8');
    expect(logo).not.toMatch(/<text|font-family|@font-face/i);
    // Named for screen readers all the same.
    expect(logo).toMatch(/<title>Kulturhuset Kaia<\/title>/);
  });
});
