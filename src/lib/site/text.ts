/** Plain text from the CMS's HTML, for excerpts and meta descriptions. */
import { unescapeHtml } from '../format/text';

export function plainText(html: string): string {
  return unescapeHtml(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

/** At most `length` characters, cut at a word boundary with an ellipsis. */
export function excerpt(html: string, length = 160): string {
  const text = plainText(html);
  if (text.length <= length) return text;
  const cut = text.slice(0, length - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : cut.length)}…`;
}
