/**
 * The staff guide «Slik publiserer du» (guide/slik-publiserer-du.md): its Markdown parsed into a
 * syntax tree (mdast-util-from-markdown, CommonMark), which views/guide-page.tsx writes as Hono
 * JSX, so every text and attribute is escaped as in the other views. Raw HTML in the file is shown
 * as text, never passed through, and a link goes only to a relative address, http(s) or mailto.
 * The file is read and parsed once, when the service starts.
 */
import { readFileSync } from 'node:fs';
import { fromMarkdown } from 'mdast-util-from-markdown';
import type { Root } from 'mdast';

/** Where the guide is served, to anyone (it holds nothing a visitor may not read). */
export const GUIDE_PATH = '/staff/rettleiing';

export const GUIDE_FILE = new URL('./slik-publiserer-du.md', import.meta.url);

export function parseGuide(markdown: string): Root {
  return fromMarkdown(markdown);
}

/** The address a link in the guide may have: relative, an anchor, http(s) or mailto; anything else is no link. */
export function safeHref(url: string): string | undefined {
  const trimmed = url.trim();
  if (/^(\/(?!\/)|#|\.\/)/.test(trimmed)) return trimmed;
  return /^(https?:\/\/|mailto:)/i.test(trimmed) ? trimmed : undefined;
}

let parsed: Root | undefined;
/** The guide's tree, parsed at the first request and kept. */
export function guideTree(): Root {
  return (parsed ??= parseGuide(readFileSync(GUIDE_FILE, 'utf8')));
}
