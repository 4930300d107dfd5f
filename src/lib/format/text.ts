/** Small text helpers shared by every layer that writes visible text. */

/** 'tysdag 24. november' → 'Tysdag 24. november': the first letter in upper case, the rest as it is. */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const XML_ESCAPES: Record<string, string> = { ...HTML_ESCAPES, "'": '&apos;' };

/** Text safe inside HTML elements and quoted attributes, for markup written as a string. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/** Text safe inside XML elements and attributes; characters XML 1.0 forbids are dropped. */
export function xmlEscape(text: string): string {
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '').replace(/[&<>"']/g, (character) => XML_ESCAPES[character] ?? character);
}
