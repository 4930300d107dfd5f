/**
 * The consent dialog (ConsentDialog.astro) and the footer button that reopens it.
 * - No choice stored: the dialog shows (the inline script beside it opens it while the page
 *   is parsed, so the page never shifts). It does not take focus or block anything.
 * - 'granted': analytics.ts is imported and started; 'denied': nothing is loaded.
 * - Withdrawing stops reporting at once and removes tracking cookies; when third-party scripts
 *   had been loaded into the page, it reloads, since only that unloads them.
 * Only the choice itself is stored (lib/analytics/consent.ts).
 */
import { CONSENT_KEY, parseConsent, serialiseConsent, type ConsentChoice } from '../lib/analytics/consent';
import type { RunningAnalytics } from './analytics';

function readChoice(): ConsentChoice | null {
  try {
    return parseConsent(localStorage.getItem(CONSENT_KEY), new Date());
  } catch {
    return null;
  }
}

function storeChoice(choice: ConsentChoice): void {
  try {
    localStorage.setItem(CONSENT_KEY, serialiseConsent(choice, new Date()));
  } catch {
    // Storage refused (private mode, full): the choice holds for this page only.
  }
}

// Texts only a page with JavaScript shows, kept here rather than in every page's HTML.
const CURRENT: Record<ConsentChoice, string> = {
  granted: 'No har du godteke statistikk.',
  denied: 'No har du valt berre nødvendige.',
};
const CONFIRMED: Record<ConsentChoice, string> = {
  granted: 'Takk! Du har godteke statistikk. Du kan endre valet ditt nedst på sida.',
  denied: 'Valet ditt er lagra: berre nødvendige. Du kan endre det nedst på sida.',
};

export function setUpConsent(doc: Document): void {
  const dialog = doc.querySelector<HTMLDialogElement>('dialog[data-consent]');
  if (!dialog) return;
  const question = dialog.querySelector<HTMLElement>('[data-consent-question]');
  const status = doc.querySelector<HTMLElement>('[data-consent-status]');
  const opener = doc.querySelector<HTMLButtonElement>('[data-consent-open]');
  const services = { gtmId: dialog.dataset['gtmId'] || undefined, pixelId: dialog.dataset['pixelId'] || undefined };

  let choice = readChoice();
  let running: Promise<RunningAnalytics | undefined> | undefined;
  let returnTo: HTMLElement | null = null;

  const start = () => {
    running ??= import('./analytics')
      .then((module) => module.startAnalytics(doc, services))
      .catch((error: unknown) => {
        console.error('analytics: could not load', error);
        return undefined;
      });
  };

  const stop = () => {
    const was = running;
    running = undefined;
    void was?.then((analytics) => {
      if (analytics?.stop()) doc.defaultView?.location.reload();
    });
  };

  const showCurrent = () => {
    const line = dialog.querySelector<HTMLElement>('[data-consent-current]');
    if (!line) return;
    line.textContent = choice ? CURRENT[choice] : '';
    line.hidden = choice === null;
  };

  const open = (from: HTMLElement | null) => {
    showCurrent();
    // The attribute, not show(): show() would move focus into the dialog on a first visit.
    if (!dialog.open) dialog.setAttribute('open', '');
    if (from) {
      returnTo = from;
      // How far focus scrolls differs between engines (Chromium centres; an engine that stops at
      // the question's own edge leaves its ring above the screen): bring the whole dialog, at
      // the top of the page, into view instead.
      // The browser may still owe the opener its own focus scroll (it runs on the next frame, and
      // would carry the page back down to the footer): bring the dialog into view again after it.
      question?.focus({ preventScroll: true });
      const toDialog = () => dialog.scrollIntoView({ block: 'start' });
      toDialog();
      const view = doc.defaultView;
      view?.requestAnimationFrame(() => view.requestAnimationFrame(toDialog));
    }
  };

  // Answered (or put away) on a first visit, focus goes to the start of the page, the skip link,
  // so the next Tab reaches the header instead of skipping it. Shown only to a keyboard visitor
  // (its :focus-visible style), with the top of the page brought into view so its ring is whole.
  const toPageStart = () => {
    const start = doc.querySelector<HTMLElement>('[data-page-start]') ?? doc.querySelector<HTMLElement>('main');
    if (!start) return;
    start.focus({ preventScroll: true });
    if (start.matches(':focus-visible')) doc.defaultView?.scrollTo({ top: 0, behavior: 'instant' });
  };

  const close = () => {
    const hadFocus = dialog.contains(doc.activeElement);
    dialog.close();
    if (hadFocus) {
      if (returnTo) returnTo.focus();
      else toPageStart();
    }
    returnTo = null;
  };

  const choose = (next: ConsentChoice) => {
    const previous = choice;
    choice = next;
    storeChoice(next);
    close();
    if (status) {
      status.textContent = '';
      status.textContent = CONFIRMED[next];
    }
    if (next === 'granted') start();
    else if (previous === 'granted') stop();
  };

  dialog.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-consent-choice]') : null;
    const value = button?.dataset['consentChoice'];
    if (value === 'granted' || value === 'denied') choose(value);
  });
  // Escape puts the question away for this page; it comes back on the next one.
  dialog.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') close();
  });

  if (opener) {
    if (opener.parentElement) opener.parentElement.hidden = false;
    opener.addEventListener('click', () => open(opener));
  }

  if (choice === 'granted') start();
  else if (choice === null) open(null);
  else if (dialog.open) dialog.close();
}
