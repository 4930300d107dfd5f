#!/usr/bin/env node
/**
 * Compares two builds' HTML byte for byte, normalising nothing:
 * `node scripts/diff-build.mjs <before dist> <after dist> [--ext html] [--show 20]`.
 * Prints the files only in one build, how many are identical, and for each differing file the
 * differing stretch (from the first to the last differing byte, shortened) with 60 bytes of
 * context. Files whose change is the same text are grouped, so a change made on every page is
 * listed once. Exit code 0 when every file is identical, 1 otherwise.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  if (at === -1) return fallback;
  const [value] = args.splice(at, 2).slice(1);
  return value;
};
const ext = option('ext', 'html');
const show = Number(option('show', '20'));
const [before, after] = args;
if (!before || !after) {
  console.error('usage: node scripts/diff-build.mjs <before dist> <after dist> [--ext html] [--show 20]');
  process.exit(2);
}

/** Paths of the files ending in .{ext} under a folder, relative and with '/'. */
function filesOf(dir) {
  return new Set(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith(`.${ext}`))
      .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/')),
  );
}

const CONTEXT = 60;
const SHOWN = 240;
const shorten = (text) => (text.length <= SHOWN ? text : `${text.slice(0, SHOWN / 2)} […${text.length - SHOWN} bytes…] ${text.slice(-SHOWN / 2)}`);

/** The differing stretch of two buffers: common prefix and suffix taken off. */
function difference(a, b) {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const text = (buffer, from, to) => buffer.subarray(from, to).toString('utf8');
  return {
    offset: start,
    context: text(a, Math.max(0, start - CONTEXT), start),
    removed: text(a, start, endA),
    added: text(b, start, endB),
    after: text(a, endA, Math.min(a.length, endA + CONTEXT)),
  };
}

const old = filesOf(before);
const now = filesOf(after);
const onlyBefore = [...old].filter((file) => !now.has(file)).sort();
const onlyAfter = [...now].filter((file) => !old.has(file)).sort();
let identical = 0;
/** Differences grouped by their text: key -> { diff, files }. */
const groups = new Map();
for (const file of [...old].filter((file) => now.has(file)).sort()) {
  const a = readFileSync(join(before, file));
  const b = readFileSync(join(after, file));
  if (a.equals(b)) {
    identical++;
    continue;
  }
  const diff = difference(a, b);
  const key = `${diff.removed}\u0000${diff.added}`;
  const group = groups.get(key) ?? { diff, files: [] };
  group.files.push(file);
  groups.set(key, group);
}

const differing = [...groups.values()].reduce((sum, group) => sum + group.files.length, 0);
console.log(`${before} → ${after} (.${ext}, byte for byte)`);
console.log(`identical: ${identical}, differing: ${differing}, only before: ${onlyBefore.length}, only after: ${onlyAfter.length}`);
if (onlyBefore.length) console.log(`only before: ${onlyBefore.slice(0, show).join(', ')}${onlyBefore.length > show ? ', …' : ''}`);
if (onlyAfter.length) console.log(`only after: ${onlyAfter.slice(0, show).join(', ')}${onlyAfter.length > show ? ', …' : ''}`);
const sorted = [...groups.values()].sort((a, b) => b.files.length - a.files.length);
for (const { diff, files } of sorted.slice(0, show)) {
  console.log(`\n${files.length} file(s), e.g. ${files.slice(0, 3).join(', ')}${files.length > 3 ? ', …' : ''} (first at byte ${diff.offset})`);
  console.log(`  …${JSON.stringify(diff.context)}`);
  console.log(`  - ${JSON.stringify(shorten(diff.removed))}`);
  console.log(`  + ${JSON.stringify(shorten(diff.added))}`);
  console.log(`  ${JSON.stringify(diff.after)}…`);
}
if (sorted.length > show) console.log(`\n… and ${sorted.length - show} more kinds of difference (--show N)`);
process.exit(differing + onlyBefore.length + onlyAfter.length === 0 ? 0 : 1);
