/**
 * Analytics, loaded only after the visitor has consented (consent.ts imports this module
 * dynamically). It wires the site's two events to their destinations:
 * - VIEW_ITEM once for a production page (the element marked data-view-item);
 * - BUY_TICKET for every click on a ticket link (one delegated listener on the document);
 * and forwards each event to the tag manager data layer (window.dataLayer, GA4 events) and to
 * the pixel when one is configured.
 *
 * A ticket click is reported synchronously in the capture phase and the click is left alone:
 * no preventDefault, no waiting, so the browser goes to the ticket provider at once.
 */
import { expiryAssignments, trackingCookieNames } from '../lib/analytics/cookies';
import { createEmitter } from '../lib/analytics/events';
import { dataLayerEntries, type DataLayerEntry } from '../lib/analytics/ga4';
import { itemFromElement } from '../lib/analytics/items';
import { PIXEL_SCRIPT_URL, pixelCall } from '../lib/analytics/pixel';
import { gtmScriptUrl, type AnalyticsServices } from '../lib/analytics/services';

/** The pixel's command queue, shaped as Meta's loader snippet makes it. */
interface Fbq {
  (...args: unknown[]): void;
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[][];
  push: Fbq;
  loaded: boolean;
  version: string;
}

declare global {
  interface Window {
    dataLayer?: DataLayerEntry[];
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

/** Ticket links to the external provider (the time buttons of ShowingTime.astro). */
const TICKET_LINK = 'a[data-ticket-link]';

export interface RunningAnalytics {
  /**
   * Stops reporting and removes the tracking cookies on our domain. Returns true when
   * third-party scripts were loaded into this page: only leaving the page unloads them.
   */
  stop(): boolean;
}

function addScript(doc: Document, src: string): void {
  const script = doc.createElement('script');
  script.async = true;
  script.src = src;
  doc.head.append(script);
}

function loadPixel(win: Window, doc: Document, pixelId: string): Fbq {
  if (win.fbq) return win.fbq;
  const fbq = function (...args: unknown[]) {
    if (fbq.callMethod) fbq.callMethod(...args);
    else fbq.queue.push(args);
  } as Fbq;
  fbq.push = fbq;
  fbq.loaded = true;
  fbq.version = '2.0';
  fbq.queue = [];
  win.fbq = fbq;
  win._fbq = fbq;
  addScript(doc, PIXEL_SCRIPT_URL);
  fbq('init', pixelId);
  fbq('track', 'PageView');
  return fbq;
}

export function startAnalytics(doc: Document, services: AnalyticsServices): RunningAnalytics {
  const win = doc.defaultView ?? window;
  // Read each time: the tag manager may take the array over.
  const push = (entry: DataLayerEntry) => (win.dataLayer ??= []).push(entry);
  let thirdParty = false;

  if (services.gtmId) {
    push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    addScript(doc, gtmScriptUrl(services.gtmId));
    thirdParty = true;
  }
  const fbq = services.pixelId ? loadPixel(win, doc, services.pixelId) : undefined;
  if (fbq) thirdParty = true;

  const emitter = createEmitter();
  const unsubscribe = emitter.subscribe((event) => {
    for (const entry of dataLayerEntries(event)) push(entry);
    const call = fbq ? pixelCall(event) : null;
    if (fbq && call) fbq('track', call.name, call.parameters);
  });

  const onClick = (event: MouseEvent) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLElement>(TICKET_LINK) : null;
    const item = link ? itemFromElement(link) : null;
    if (item) emitter.emit({ type: 'BUY_TICKET', item });
  };
  doc.addEventListener('click', onClick, { capture: true });

  const viewed = doc.querySelector<HTMLElement>('[data-view-item]');
  const item = viewed ? itemFromElement(viewed) : null;
  if (item) emitter.emit({ type: 'VIEW_ITEM', items: [item] });

  return {
    stop() {
      unsubscribe();
      doc.removeEventListener('click', onClick, { capture: true });
      fbq?.('consent', 'revoke');
      for (const name of trackingCookieNames(doc.cookie)) {
        for (const assignment of expiryAssignments(name, win.location.hostname)) doc.cookie = assignment;
      }
      return thirdParty;
    },
  };
}
