/**
 * The project's import graph, read from the source files themselves: relative imports of
 * .ts/.tsx/.mjs files and of .astro frontmatter and scripts. Used by the architecture test.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|mjs|astro)$/;
const EXTENSIONS = ['', '.ts', '.tsx', '.mjs', '.js', '.astro', '/index.ts', '/index.tsx'];

export interface ImportEdge {
  /** Importing file, relative to the root, with forward slashes. */
  from: string;
  /** Imported file, relative to the root. */
  to: string;
}

function walk(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : walk(path);
    return SOURCE.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The code an .astro file runs: its frontmatter and its <script> elements. */
function astroCode(source: string): string {
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(source)?.[1] ?? '';
  const scripts = [...source.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
  return [frontmatter, ...scripts].join('\n');
}

function resolveImport(fromFile: string, specifier: string): string | undefined {
  const base = resolve(dirname(fromFile), specifier);
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  // TypeScript's convention: './x.js' may name './x.ts'.
  const withoutJs = base.replace(/\.js$/, '');
  return ['.ts', '.tsx'].map((extension) => withoutJs + extension).find((candidate) => existsSync(candidate));
}

/** Every relative import between source files under the given folders of `root`. */
export function importGraph(root: string, folders: readonly string[]): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const folder of folders) {
    for (const file of walk(join(root, folder))) {
      const source = readFileSync(file, 'utf8');
      const code = file.endsWith('.astro') ? astroCode(source) : source;
      const { importedFiles } = ts.preProcessFile(code, true, true);
      for (const { fileName } of importedFiles) {
        if (!fileName.startsWith('.')) continue;
        const target = resolveImport(file, fileName);
        if (target) edges.push({ from: relative(root, file).split('\\').join('/'), to: relative(root, target).split('\\').join('/') });
      }
    }
  }
  return edges;
}

/** Cycles of the graph: its strongly connected components of more than one file (or a file importing itself). */
export function cyclesOf(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let counter = 0;
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of next.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      const selfLoop = component.length === 1 && (next.get(node) ?? []).includes(node);
      if (component.length > 1 || selfLoop) components.push(component.sort());
    }
  };
  for (const node of next.keys()) if (!index.has(node)) visit(node);
  return components;
}
