/**
 * Data tables in editorial HTML, made to reflow (WCAG 1.4.10): a table keeps its rows and
 * columns, and on a narrow screen it scrolls sideways inside a container of its own instead of
 * widening the page. The container is a named region that takes keyboard focus, so it can be
 * scrolled with the arrow keys and a screen reader says what it holds: its name is the table's
 * caption, else «Tabell: » and the nearest heading before it (alone, the heading's words would
 * name two landmarks alike where the footer has a section of the same name), else «Tabell».
 */
import { escapeHtml } from '../format/text';
import { plainText } from './text';

/** Class of the scroll container; global.css gives it its overflow and focus style. */
export const TABLE_SCROLL_CLASS = 'table-scroll';

/**
 * Wraps every top-level `<table>…</table>` of sanitised HTML in the scroll container. Tables
 * inside tables stay where they are (they scroll with their outer table).
 */
export function wrapTables(html: string): string {
  let result = '';
  let position = 0;
  const open = /<table\b[^>]*>/gi;
  for (let match = open.exec(html); match; match = open.exec(html)) {
    const end = closingIndex(html, match.index);
    if (end < 0) break;
    const table = html.slice(match.index, end);
    const label = tableLabel(html.slice(0, match.index), table);
    result += `${html.slice(position, match.index)}<div class="${TABLE_SCROLL_CLASS}" role="region" aria-label="${escapeHtml(label)}" tabindex="0">${table}</div>`;
    position = end;
    open.lastIndex = end;
  }
  return result + html.slice(position);
}

/** Index just after the `</table>` that closes the table opened at `start`, or -1. */
function closingIndex(html: string, start: number): number {
  const tags = /<(\/?)table\b[^>]*>/gi;
  tags.lastIndex = start;
  let depth = 0;
  for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
    depth += tag[1] ? -1 : 1;
    if (depth === 0) return tag.index + tag[0].length;
  }
  return -1;
}

function tableLabel(before: string, table: string): string {
  const caption = /<caption\b[^>]*>([\s\S]*?)<\/caption>/i.exec(table)?.[1];
  if (caption && plainText(caption)) return plainText(caption);
  const headings = [...before.matchAll(/<h([2-6])\b[^>]*>([\s\S]*?)<\/h\1>/gi)];
  const heading = headings.at(-1)?.[2];
  if (heading && plainText(heading)) return `Tabell: ${plainText(heading)}`;
  return 'Tabell';
}
