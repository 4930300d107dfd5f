/**
 * One showing cut out of a production's calendar file, in the browser: 'Legg i kalender' links
 * the production's file (every upcoming showing, /kalender/{production}.ics), which works with no
 * JavaScript; with it, the page fetches that file and offers only the chosen showing. One file
 * per production instead of one per showing keeps a large site's CDN upload small (issue 36).
 *
 * Browser-safe: it imports only the text rules of lib/format/icalendar.ts.
 */
import { foldLine, icsText } from '../format/icalendar';

/** The lines of an iCalendar text, with folded lines joined again (RFC 5545 3.1). */
function unfoldedLines(text: string): string[] {
  return text
    .replace(/\r\n[ \t]/g, '')
    .split(/\r\n/)
    .filter((line) => line !== '');
}

/** The name a showing's file is saved under: '{event id}.ics', anything unsafe in the id made '-'. */
export function showingDownloadName(eventId: string): string {
  return `${eventId.replace(/[^A-Za-z0-9_-]/g, '-')}.ics`;
}

/**
 * The calendar with only the VEVENT of an event (its UID is '{event id}@{site host}',
 * lib/calendar/ics.ts), or null when the file has no such event. The calendar's own properties
 * are kept as they are.
 */
export function singleEventCalendar(text: string, eventId: string): string | null {
  const uid = `UID:${icsText(`${eventId}@`)}`;
  const header: string[] = [];
  let current: string[] | null = null;
  let found: string[] | null = null;
  for (const line of unfoldedLines(text)) {
    if (line === 'BEGIN:VEVENT') current = [line];
    else if (current) {
      current.push(line);
      if (line === 'END:VEVENT') {
        if (!found && current.some((property) => property.startsWith(uid))) found = current;
        current = null;
      }
    } else if (line !== 'END:VCALENDAR') header.push(line);
  }
  if (!found || header[0] !== 'BEGIN:VCALENDAR') return null;
  return `${[...header, ...found, 'END:VCALENDAR'].map(foldLine).join('\r\n')}\r\n`;
}
