/**
 * The links of the project's Markdown (README.md, CONTRIBUTING.md, docs/), read with a Markdown
 * parser (mdast-util-from-markdown with GitHub's extensions), and the anchors each page offers,
 * named by GitHub's own slug rules (github-slugger), so a test can tell when a relative link or
 * an anchor points at nothing.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import GithubSlugger from 'github-slugger';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toString } from 'mdast-util-to-string';
import { gfm } from 'micromark-extension-gfm';
import type { Nodes, Root } from 'mdast';

/** The Markdown files whose links must hold, relative to the root. */
export function projectDocs(root: string): string[] {
  const walk = (directory: string): string[] =>
    readdirSync(directory).flatMap((name) => {
      const path = join(directory, name);
      return statSync(path).isDirectory() ? walk(path) : name.endsWith('.md') ? [path] : [];
    });
  const docs = existsSync(join(root, 'docs')) ? walk(join(root, 'docs')) : [];
  return ['README.md', 'CONTRIBUTING.md', ...docs.map((file) => relative(root, file))]
    .filter((file) => existsSync(join(root, file)))
    .map((file) => file.split('\\').join('/'));
}

export function parseMarkdown(text: string): Root {
  return fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
}

function visit(node: Nodes, each: (node: Nodes) => void): void {
  each(node);
  if ('children' in node) for (const child of node.children) visit(child, each);
}

/** The anchors a page offers: its headings' slugs as GitHub makes them, and `<a id>` / `<a name>`. */
export function anchorsOf(tree: Root): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  visit(tree, (node) => {
    if (node.type === 'heading') anchors.add(slugger.slug(toString(node)));
    if (node.type === 'html') for (const match of node.value.matchAll(/<a\s[^>]*\b(?:id|name)="([^"]+)"/g)) anchors.add(match[1]!);
  });
  return anchors;
}

/** The link targets of a page (links and reference definitions), as written. */
export function linksOf(tree: Root): string[] {
  const links: string[] = [];
  visit(tree, (node) => {
    if (node.type === 'link' || node.type === 'definition') links.push(node.url);
  });
  return links;
}

/** The text of every inline code span of a page (code blocks are left out). */
export function inlineCodeOf(tree: Root): string[] {
  const spans: string[] = [];
  visit(tree, (node) => {
    if (node.type === 'inlineCode') spans.push(node.value);
  });
  return spans;
}

export interface BrokenLink {
  /** The page, relative to the root. */
  file: string;
  link: string;
  reason: string;
}

/**
 * Every relative link of `files` (relative to `root`) that does not resolve: a file or folder
 * that does not exist, or an anchor its Markdown page does not offer. Links with a scheme
 * (https:, mailto:) are left to the reader.
 */
export function brokenLinks(root: string, files: readonly string[], read: (path: string) => string = (path) => readFileSync(path, 'utf8')): BrokenLink[] {
  const trees = new Map<string, Root>();
  const treeOf = (path: string) => {
    let tree = trees.get(path);
    if (!tree) trees.set(path, (tree = parseMarkdown(read(path))));
    return tree;
  };
  const broken: BrokenLink[] = [];
  for (const file of files) {
    const path = resolve(root, file);
    for (const link of linksOf(treeOf(path))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith('//')) continue;
      const hash = link.indexOf('#');
      const target = decodeURIComponent(hash === -1 ? link : link.slice(0, hash));
      const anchor = hash === -1 ? undefined : decodeURIComponent(link.slice(hash + 1));
      const targetPath = target === '' ? path : resolve(dirname(path), target);
      if (!targetPath.startsWith(resolve(root))) broken.push({ file, link, reason: 'points outside the project' });
      else if (target !== '' && !existsSync(targetPath)) broken.push({ file, link, reason: 'no such file' });
      else if (anchor !== undefined && anchor !== '') {
        if (!targetPath.endsWith('.md')) broken.push({ file, link, reason: 'an anchor into a file that is not Markdown' });
        else if (!anchorsOf(treeOf(targetPath)).has(anchor)) broken.push({ file, link, reason: `no heading or anchor «${anchor}» there` });
      }
    }
  }
  return broken;
}
