/** What a showing's time button says, shared by the build (ShowingTime.astro) and the live refresh. */
import type { TicketState } from './programme';

// Not «Få billettar att», which also reads as «get tickets again»; the box office says the same.
export const FEW_TICKETS = 'Nesten utselt';
export const BUY_TICKET = 'Kjøp billett';

/** The reason there is no ticket link, or null when tickets are on sale. */
export function noTicketReason(state: TicketState): string | null {
  switch (state.kind) {
    case 'on-sale':
      return null;
    case 'sold-out':
      return 'Utselt';
    case 'cancelled':
      return 'Avlyst';
    case 'postponed':
      return 'Utsett, ny dato kjem';
    case 'started':
      return 'Har starta';
  }
}

/**
 * The hidden start of a time button's accessible name, before its visible time: 'Kjøp billett
 * til Dune, ty. 24. nov. kl. '. The visible text (time, hall, state) follows it, so the name
 * contains what is seen (WCAG 2.5.3) and still says which show it buys for. Without `day`, for a
 * button that shows its day itself: 'Kjøp billett til Dune, ' (the day and a hidden 'kl.' follow).
 */
export function ticketLinkPrefix(title: string, day?: string): string {
  return day === undefined ? `${BUY_TICKET} til ${title}, ` : `${BUY_TICKET} til ${title}, ${day} kl. `;
}
