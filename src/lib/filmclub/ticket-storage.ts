/**
 * The member's upcoming tickets, kept on the device so they can be shown at the cinema door
 * without a signal. They are private: kept in localStorage under 'cw-tickets' with the member
 * who fetched them (never in the service worker's caches, which every visitor of the device
 * shares), read back only for that member, and dropped at sign-out, when the partner ends the
 * session, when another member signs in, and ticket by ticket once its showing is over.
 * Anything stored that is not such a record counts as none and is removed.
 */
import { readTicket, type Ticket } from './model';
import { deviceStorage, type Store } from './device-storage';

export const TICKETS_KEY = 'cw-tickets';

/** How long after its start a showing counts as over when its ticket gives no end. */
export const SHOWING_FALLBACK_MS = 4 * 60 * 60 * 1000;

/** Tickets as kept: whose they are, when they were fetched, and the tickets. */
export interface StoredTickets {
  readonly fetchedAt: Date;
  readonly tickets: Ticket[];
}

/** The same member whichever case the address is written in. */
const ownerOf = (email: string) => email.trim().toLowerCase();

/** When a ticket's showing is over: its expiry (the end of the show), else a while after its start. */
export function showingOver(ticket: Pick<Ticket, 'startTime' | 'expirationDate'>): number | null {
  const end = Date.parse(ticket.expirationDate);
  if (!Number.isNaN(end)) return end;
  const start = Date.parse(ticket.startTime);
  return Number.isNaN(start) ? null : start + SHOWING_FALLBACK_MS;
}

/** The tickets whose showing is not over at `now` (a ticket without a readable time is kept). */
export function upcomingTickets(tickets: readonly Ticket[], now: Date): Ticket[] {
  return tickets.filter((ticket) => {
    const over = showingOver(ticket);
    return over === null || over > now.getTime();
  });
}

/** Keeps the upcoming ones of `tickets` for the member `email`, fetched at `now`. */
export function storeTickets(email: string, tickets: readonly Ticket[], now: Date, store: Store | null = deviceStorage()): void {
  writeTickets(ownerOf(email), now, upcomingTickets(tickets, now), store);
}

function writeTickets(owner: string, fetchedAt: Date, tickets: readonly Ticket[], store: Store | null): void {
  try {
    store?.setItem(TICKETS_KEY, JSON.stringify({ owner, fetchedAt: fetchedAt.toISOString(), tickets }));
  } catch {
    // Full or blocked storage: the tickets are still shown while online.
  }
}

export function clearStoredTickets(store: Store | null = deviceStorage()): void {
  try {
    store?.removeItem(TICKETS_KEY);
  } catch {
    // Nothing to do.
  }
}

/**
 * The tickets kept for the member `email` whose showing is not over at `now`; null when none
 * are kept for them. Tickets of another member, or a malformed record, are removed.
 */
export function readStoredTickets(email: string, now: Date, store: Store | null = deviceStorage()): StoredTickets | null {
  if (!store) return null;
  let raw: string | null;
  try {
    raw = store.getItem(TICKETS_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as { owner?: unknown; fetchedAt?: unknown; tickets?: unknown } | null;
    const fetchedAt = typeof value?.fetchedAt === 'string' ? new Date(value.fetchedAt) : null;
    if (value && value.owner === ownerOf(email) && fetchedAt && !Number.isNaN(fetchedAt.getTime()) && Array.isArray(value.tickets)) {
      const kept = value.tickets.map((ticket) => readTicket(ticket).value);
      const tickets = upcomingTickets(kept, now);
      // Ended tickets leave the device too, not only the list: their codes are kept no longer.
      if (tickets.length < kept.length) writeTickets(value.owner, fetchedAt, tickets, store);
      return { fetchedAt, tickets };
    }
  } catch {
    // Corrupt JSON: fall through and remove it.
  }
  clearStoredTickets(store);
  return null;
}
