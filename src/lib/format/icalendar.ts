/**
 * The text rules of iCalendar files (RFC 5545) that every calendar file of the site follows:
 * the build's showtime calendars (lib/calendar/ics.ts) and the tickets a member adds to their
 * calendar in the browser (lib/filmclub/ticket-calendar.ts).
 */

/** A TEXT value (RFC 5545 3.3.11): backslash, semicolon, comma and line breaks escaped. */
export function icsText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** 20261124T183000Z */
export function utcStamp(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** UTF-8 octets of one character (a code point). */
function octetsOf(character: string): number {
  const point = character.codePointAt(0) ?? 0;
  return point < 0x80 ? 1 : point < 0x800 ? 2 : point < 0x10000 ? 3 : 4;
}

/**
 * A content line folded at 75 octets (RFC 5545 3.1): each continuation starts with a space.
 * Folds fall between characters, never inside an 'æ' or another multi-octet character.
 */
export function foldLine(line: string): string {
  // At most 3 octets per UTF-16 unit: a line of 25 units always fits.
  if (line.length <= 25) return line;
  const parts: string[] = [];
  let start = 0;
  let octets = 0;
  let index = 0;
  for (const character of line) {
    const size = octetsOf(character);
    // The first line holds 75 octets, the following 74 after their leading space.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(line.slice(start, index));
      start = index;
      octets = 0;
    }
    octets += size;
    index += character.length;
  }
  parts.push(line.slice(start));
  return parts.join('\r\n ');
}
