/**
 * What the page does as its service worker changes (src/scripts/sw-register.ts wires this to
 * the browser). Plain functions of plain values, so they can be tested without a browser.
 */

/** What the page does when a worker has just taken control of it. */
export type ControllerChange = 'nothing' | 'reload' | 'offer-reload';

/**
 * A new worker controls the page. If an old one controlled it before, the page runs the old
 * version: reload onto the new one, unless that would throw away what the visitor is typing;
 * then offer the reload instead. If no worker controlled it, this is the first install.
 */
export function onControllerChange(input: { wasControlled: boolean; editing: boolean }): ControllerChange {
  if (!input.wasControlled) return 'nothing';
  return input.editing ? 'offer-reload' : 'reload';
}

/** The parts of a DOM element this module looks at. */
export interface FieldLike {
  tagName: string;
  type?: string;
  isContentEditable?: boolean;
  readOnly?: boolean;
  disabled?: boolean;
}

/** Inputs whose value is chosen, not typed: a reload loses little there. */
const NOT_TYPED = new Set(['button', 'submit', 'reset', 'checkbox', 'radio', 'range', 'color', 'file', 'image', 'hidden']);

/** Whether an element takes typed text. */
export function isTextField(element: FieldLike | null | undefined): boolean {
  if (!element || element.disabled || element.readOnly) return false;
  if (element.isContentEditable) return true;
  const tag = element.tagName.toUpperCase();
  if (tag === 'TEXTAREA') return true;
  return tag === 'INPUT' && !NOT_TYPED.has((element.type ?? 'text').toLowerCase());
}

/** Whether the visitor is typing: the focused element is a text field they have changed. */
export function isEditing(focused: FieldLike | null | undefined, changed: { has(element: FieldLike): boolean }): boolean {
  return Boolean(focused) && isTextField(focused) && changed.has(focused as FieldLike);
}

export const MESSAGES = {
  offlineReady: 'Innhaldet er no tilgjengeleg fråkopla.',
  updateReady: 'Ei ny utgåve av nettstaden er klar.',
  reload: 'Last inn på nytt',
  registrationFailed: 'Kunne ikkje registrere service workeren; nettstaden fungerer, men ikkje fråkopla.',
  storedCopy: 'Nettet svarar ikkje no, så du ser sida slik ho var sist du opna ho.',
  tryAgain: 'Prøv igjen',
} as const;

/** The attribute on `<html>` that tells the page it came from the worker's store, not the network (worker-rules.ts markStoredCopy). */
export const STORED_COPY_ATTRIBUTE = 'data-stored-copy';

/** How long the offline notice stays before it goes by itself. */
export const NOTICE_MS = 6000;
