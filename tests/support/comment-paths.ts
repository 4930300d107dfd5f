/**
 * The project paths that comments name, so a test can tell when a comment points at a file that
 * has moved or gone: paths from the root or from src/ (`src/lib/programme/horizon.ts`,
 * `lib/pages/routes.ts`) and bare file names (`horizon.ts`). Comments are read with TypeScript's
 * scanner (so a `//` inside a string or URL is not one), from .ts/.tsx/.mjs files, .astro
 * frontmatter and HTML comments, and CSS.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { inlineCodeOf, parseMarkdown } from './doc-links';

const SOURCE = /\.(ts|tsx|mjs|astro|css)$/;
const TOP = ['src', 'lib', 'import', 'scripts', 'sandbox', 'tests', 'publisher', 'content', 'public'];
const PATH = new RegExp(`(?<![\\w./@:-])((?:${TOP.join('|')})/[\\w./[\\]-]*[\\w\\]])`, 'g');
const BARE = /(?<![\w./@:-])([\w-]+\.(?:ts|tsx|mjs|astro|css))\b/g;

export interface NamedPath {
  /** The file whose comment names the path, relative to the root. */
  file: string;
  /** The path as written. */
  path: string;
}

function walk(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : walk(path);
    return SOURCE.test(name) ? [path] : [];
  });
}

/** The comments of TypeScript or JavaScript source. */
export function scriptComments(text: string): string[] {
  const found: string[] = [];
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.JSX, text);
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === ts.SyntaxKind.SingleLineCommentTrivia || kind === ts.SyntaxKind.MultiLineCommentTrivia) found.push(scanner.getTokenText());
  }
  return found;
}

function commentsOf(file: string, text: string): string[] {
  if (file.endsWith('.css')) return [...text.matchAll(/\/\*[\s\S]*?\*\//g)].map((match) => match[0]);
  if (!file.endsWith('.astro')) return scriptComments(text);
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '';
  const scripts = [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
  const html = [...text.matchAll(/<!--[\s\S]*?-->/g)].map((match) => match[0]);
  return [...scriptComments(frontmatter), ...scripts.flatMap(scriptComments), ...html];
}

/** The paths a comment names: from the root or src/ (globs left out), and bare file names. */
export function pathsIn(comment: string): { rooted: string[]; bare: string[] } {
  const rooted = [...comment.matchAll(PATH)].map((match) => match[1]!).filter((path) => !/[*{]/.test(path));
  const bare = [...comment.matchAll(BARE)].map((match) => match[1]!);
  return { rooted, bare };
}

/**
 * Every path named in a comment under `folders` of `root` that does not exist: a rooted path
 * must exist from the root (`lib/…` from src/), a bare file name beside the file or anywhere in
 * those folders or the root.
 */
export function missingCommentPaths(root: string, folders: readonly string[]): NamedPath[] {
  const files = folders.flatMap((folder) => walk(join(root, folder)));
  const names = new Set([...files.map((file) => basename(file)), ...readdirSync(root)]);
  const missing: NamedPath[] = [];
  for (const file of files) {
    const from = relative(root, file).split('\\').join('/');
    for (const comment of commentsOf(file, readFileSync(file, 'utf8'))) {
      const { rooted, bare } = pathsIn(comment);
      for (const path of rooted) {
        if (!existsSync(join(root, path.startsWith('lib/') ? `src/${path}` : path))) missing.push({ file: from, path });
      }
      for (const name of bare) {
        if (!existsSync(join(dirname(file), name)) && !names.has(name)) missing.push({ file: from, path: name });
      }
    }
  }
  return missing;
}

/**
 * Every project path that the Markdown `docs` (relative to `root`: README.md, CONTRIBUTING.md,
 * docs/) name in inline code and that does not exist, by the same rules as comments: a rooted
 * path from the root (`lib/…` from src/; `release/` and `docs/` count as roots here too), a bare
 * file name anywhere in `folders` or the root.
 */
export function missingDocPaths(root: string, docs: readonly string[], folders: readonly string[]): NamedPath[] {
  const names = new Set([...folders.flatMap((folder) => walk(join(root, folder))).map((file) => basename(file)), ...readdirSync(root)]);
  const docRoots = new RegExp(`^(?:${[...TOP, 'release', 'docs'].join('|')})/`);
  const missing: NamedPath[] = [];
  for (const file of docs) {
    for (const span of inlineCodeOf(parseMarkdown(readFileSync(join(root, file), 'utf8')))) {
      const whole = span.trim();
      const rooted = docRoots.test(whole) && /^[\w./[\]-]+$/.test(whole) && !/[*{]/.test(whole) ? [whole] : pathsIn(span).rooted;
      for (const path of rooted) {
        if (!existsSync(join(root, path.startsWith('lib/') ? `src/${path}` : path))) missing.push({ file, path });
      }
      for (const name of pathsIn(span).bare) if (!names.has(name)) missing.push({ file, path: name });
    }
  }
  return missing;
}
