/** Small text helpers shared by every layer that writes visible text. */

/** 'tysdag 24. november' → 'Tysdag 24. november': the first letter in upper case, the rest as it is. */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The characters markup must escape, and the entity each is written as: the one table both ways. */
const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const XML_ESCAPES: Record<string, string> = { ...HTML_ESCAPES, "'": '&apos;' };
/** What entities read back as: those escapeHtml writes, and the no-break space as a plain space. */
const HTML_UNESCAPES: Record<string, string> = {
  ...Object.fromEntries(Object.entries(HTML_ESCAPES).map(([character, entity]) => [entity, character])),
  '&nbsp;': ' ',
};
const ENTITY = new RegExp(Object.keys(HTML_UNESCAPES).join('|'), 'g');

/** Text safe inside HTML elements and quoted attributes, for markup written as a string. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/** Text safe inside XML elements and attributes; characters XML 1.0 forbids are dropped. */
export function xmlEscape(text: string): string {
  // eslint-disable-next-line no-control-regex -- the control characters XML 1.0 forbids are what this drops
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '').replace(/[&<>"']/g, (character) => XML_ESCAPES[character] ?? character);
}

/** Text with the entities escapeHtml writes (and &nbsp;, as a plain space) read back; other entities stay as they are. */
export function unescapeHtml(text: string): string {
  return text.replace(ENTITY, (entity) => HTML_UNESCAPES[entity] ?? entity);
}
