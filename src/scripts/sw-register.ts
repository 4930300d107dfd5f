/**
 * Registers the service worker (/sw.js) and tells the visitor what it means: a short notice on
 * the first install, and a reload onto a new version when one takes over (or a button offering
 * it, if the visitor is typing). A failed registration is logged and changes nothing else.
 * Plain DOM, no framework: this runs on every page.
 */
import { MESSAGES, NOTICE_MS, STORED_COPY_ATTRIBUTE, isEditing, onControllerChange, type FieldLike } from '../lib/offline/update';

const WORKER_URL = '/sw.js';
/** The status region's look while it offers the reload: floating in the corner, where it is seen while typing. */
const OFFER_CLASS = 'sw-status--offer';

function statusRegion(): HTMLElement | null {
  return document.querySelector<HTMLElement>('[data-sw-status]');
}

function announce(text: string): void {
  const region = statusRegion();
  if (!region) return;
  region.classList.remove(OFFER_CLASS);
  region.replaceChildren(text);
  window.setTimeout(() => {
    if (region.textContent === text) region.replaceChildren();
  }, NOTICE_MS);
}

/**
 * The status region as an offer to load the page again, floating where it is seen: `text`, then
 * a button labelled `label`. An offer already there stays (both load the page again).
 */
function offerReload(text: string, label: string): void {
  const region = statusRegion();
  if (!region || region.querySelector('button')) return;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'button';
  button.textContent = label;
  button.addEventListener('click', () => window.location.reload());
  region.classList.add(OFFER_CLASS);
  region.replaceChildren(`${text} `, button);
}

/** Same-origin images the page shows (the worker decides which it keeps). */
function shownImages(): string[] {
  const urls = [...document.images].map((image) => image.currentSrc).filter((url) => url.startsWith(`${window.location.origin}/`));
  return [...new Set(urls)];
}

export function registerServiceWorker(): void {
  // `astro dev` builds no worker (and no search index): only built sites register one.
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  // The page came from the worker's store because the network did not answer: say so, and offer to try again.
  if (document.documentElement.hasAttribute(STORED_COPY_ATTRIBUTE)) offerReload(MESSAGES.storedCopy, MESSAGES.tryAgain);
  const container = navigator.serviceWorker;
  // Fields the visitor has typed in; a reload must not take that text away unasked.
  const changed = new WeakSet<FieldLike>();
  document.addEventListener(
    'input',
    (event) => {
      if (event.target instanceof HTMLElement) changed.add(event.target);
    },
    true,
  );

  let controlled = container.controller !== null;
  let reloading = false;
  container.addEventListener('controllerchange', () => {
    const action = onControllerChange({ wasControlled: controlled, editing: isEditing(document.activeElement, changed) });
    controlled = true;
    if (action === 'offer-reload') offerReload(MESSAGES.updateReady, MESSAGES.reload);
    if (action === 'reload' && !reloading) {
      reloading = true;
      window.location.reload();
    }
  });

  const watchFirstInstall = (worker: ServiceWorker) => {
    worker.addEventListener('statechange', () => {
      if (worker.state !== 'activated') return;
      announce(MESSAGES.offlineReady);
      // The images of this page loaded before the worker existed; let it keep them too.
      worker.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: shownImages() } });
    });
  };

  const register = async () => {
    try {
      const registration = await container.register(WORKER_URL, { scope: '/' });
      // A worker installing with none active yet is the first install.
      if (registration.installing && !registration.active) watchFirstInstall(registration.installing);
      registration.addEventListener('updatefound', () => {
        if (registration.installing && !registration.active) watchFirstInstall(registration.installing);
      });
      // A tab left open checks for a new version when the visitor comes back to it.
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') registration.update().catch(() => undefined);
      });
    } catch (error) {
      console.error(MESSAGES.registrationFailed, error);
    }
  };
  // After the page's own resources, so the precache never competes with them.
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
