/**
 * The catalogue of messages the status page shows after an action, in nynorsk, chosen by key so
 * nothing from the address is echoed into the page.
 */

/** Messages after an action, chosen by key so nothing from the address is echoed into the page. */
export const messages = {
  queued: { text: 'Henting av innhaldet er sett i kø. Sida viser korleis det går.', error: false },
  'preview-queued': { text: 'Ei ny førehandsvising er sett i kø. Sida viser korleis det går.', error: false },
  'rolled-back': { text: 'Nettstaden viser no den førre versjonen.', error: false },
  'no-rollback': { text: 'Det finst inga eldre versjon å gå tilbake til.', error: true },
  busy: { text: 'Ei publisering køyrer no. Prøv igjen når ho er ferdig.', error: true },
  'rollback-disk-full': {
    text: 'Disken på tenaren er full, så nettstaden kunne ikkje byte versjon. Han viser framleis same versjon som før. Be driftsansvarleg frigjere plass, og prøv igjen.',
    error: true,
  },
  'rollback-error': {
    text: 'Nettstaden kunne ikkje byte versjon. Han viser framleis same versjon som før; feilen står i loggen til publiseringstenesta.',
    error: true,
  },
  'rebuild-queued': { text: 'Sida blir bygd på nytt, også om ingenting er endra. Sida viser korleis det går.', error: false },
  'rebuild-held': {
    text: 'Automatisk publisering står på pause, så sida blir bygd på nytt først når du trykkjer «Publiser att». Til då viser nettstaden den versjonen du gjekk tilbake til.',
    error: false,
  },
  'already-rolled-back': { text: 'Nettstaden viser alt den versjonen. Ingenting vart endra.', error: false },
  'rollback-failed': {
    text: 'Den førre versjonen kunne ikkje leggjast ut på CDN-et att. Nettstaden viser framleis same versjon som før; sjå feilen i loggen under.',
    error: true,
  },
  'rollback-moved': { text: 'Ein annan versjon vart publisert medan du stadfesta. Ingenting vart endra; sjå på nytt kva som er live.', error: true },
  resumed: { text: 'Automatisk publisering er i gang att. Det som venta, blir publisert no.', error: false },
} as const;
export type MessageKey = keyof typeof messages;

/** The message a `?melding=` value names; anything else (`toString` too) is no message. */
export function messageKey(value: string | null): MessageKey | undefined {
  return value !== null && Object.hasOwn(messages, value) ? (value as MessageKey) : undefined;
}
