/**
 * Events state (SPEC §4): the ids asked for so far and the events loaded, in a nanostore with
 * one function per transition; loadEvents runs the call and moves the store. A failure is only
 * logged (SPEC §8): the ticket lists keep what the build wrote.
 */
import { atom, task } from 'nanostores';
import type { BoxOfficeApi } from './client';

export interface EventsState {
  /** Ids asked for so far; never asked for twice. */
  readonly requested: string[];
  /** What the box office answered, as it answered it (the page checks each item before use). */
  readonly items: unknown[];
}

export const initialEvents: EventsState = { requested: [], items: [] };
export const $events = atom<EventsState>(initialEvents);

/** Records ids as requested; returns those not requested before. */
export function eventsRequested(ids: readonly string[]): string[] {
  const state = $events.get();
  const fresh = [...new Set(ids)].filter((id) => !state.requested.includes(id));
  if (fresh.length > 0) $events.set({ ...state, requested: [...state.requested, ...fresh] });
  return fresh;
}

/** Loaded events are appended to the item list. */
export function eventsLoaded(items: readonly unknown[]): void {
  const state = $events.get();
  $events.set({ ...state, items: [...state.items, ...items] });
}

/** Loads the events not asked for before (a nanostores task, so allTasks() waits for it). */
export function loadEvents(boxOffice: BoxOfficeApi, ids: readonly string[]): Promise<void> {
  const fresh = eventsRequested(ids);
  if (fresh.length === 0) return Promise.resolve();
  return task(async () => {
    try {
      eventsLoaded(await boxOffice.events(fresh));
    } catch (error) {
      console.error('Box office: events could not be loaded', error);
    }
  });
}
