/** What a showing's ticket cell says, shared by the build (TicketAction.astro) and the live refresh. */
import type { TicketState } from './programme';

export const FEW_TICKETS = 'Få billettar att';
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

/** The accessible name of a ticket link: which show it buys for. */
export function ticketLinkLabel(title: string, when: string): string {
  return `Kjøp billett til ${title}, ${when}`;
}
