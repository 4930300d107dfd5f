/**
 * The platform's newsletter sign-up, as the sandbox plays it: `POST /newsletter/subscribe`
 * with `{email, consent}` as JSON or as an ordinary form. Browsers call it from the site's
 * origins (CORS); without JavaScript the form posts to it directly and gets a small page back.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Where the site runs in development, preview and the browser tests. */
export const defaultSiteOrigins: readonly string[] = [
  'http://localhost:4321',
  'http://127.0.0.1:4321',
  'http://localhost:4322',
  'http://127.0.0.1:4322',
  'http://localhost:4323',
  'http://127.0.0.1:4323',
];

/** The subscribers, by normalised address (trimmed, lower case), in sign-up order. */
export class NewsletterList {
  readonly #addresses = new Set<string>();

  add(email: string): 'subscribed' | 'already-subscribed' {
    const key = email.trim().toLowerCase();
    if (this.#addresses.has(key)) return 'already-subscribed';
    this.#addresses.add(key);
    return 'subscribed';
  }

  list(): string[] {
    return [...this.#addresses];
  }

  clear(): void {
    this.#addresses.clear();
  }
}

/** The platform's check: local part, '@', a domain with a top-level part of two or more. */
export function isValidEmail(value: string): boolean {
  return value.length <= 254 && /^[^\s@]+@([^\s@.]+\.)+[^\s@.]{2,}$/.test(value);
}

const YES = new Set(['yes', 'on', 'true']);

type Parsed = { email: string; consent: boolean; page?: string } | { status: number; error: string };

/** Reads `{email, consent}` from a JSON or form-encoded body. */
export function parseSubscription(contentType: string, text: string): Parsed {
  const type = contentType.toLowerCase();
  if (type.startsWith('application/json')) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return { status: 400, error: 'invalid-body' };
    }
    const { email, consent } = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
    return {
      email: typeof email === 'string' ? email.trim() : '',
      consent: consent === true || (typeof consent === 'string' && YES.has(consent.toLowerCase())),
    };
  }
  if (type.startsWith('application/x-www-form-urlencoded')) {
    const form = new URLSearchParams(text);
    const page = form.get('page');
    return { email: (form.get('email') ?? '').trim(), consent: YES.has((form.get('consent') ?? '').toLowerCase()), ...(page ? { page } : {}) };
  }
  return { status: 415, error: 'unsupported-media-type' };
}

export interface NewsletterAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/** Handles one sign-up; `text` is the request body (undefined: too large). */
export function subscribeAnswer(req: IncomingMessage, text: string | undefined, list: NewsletterList, origins: readonly string[]): NewsletterAnswer {
  const parsed: Parsed = text === undefined ? { status: 413, error: 'request body too large' } : parseSubscription(req.headers['content-type'] ?? '', text);
  let status = 200;
  let outcome: string;
  if ('error' in parsed) {
    status = parsed.status;
    outcome = parsed.error;
  } else if (!isValidEmail(parsed.email)) {
    status = 400;
    outcome = 'invalid-email';
  } else if (!parsed.consent) {
    status = 400;
    outcome = 'consent-required';
  } else {
    outcome = list.add(parsed.email);
  }
  if (wantsPage(req)) {
    const page = 'page' in parsed ? parsed.page : undefined;
    return { status, body: resultPage(outcome, backLink(req, origins, page)), headers: { 'content-type': 'text/html; charset=utf-8' } };
  }
  return { status, body: status === 200 ? { status: outcome } : { error: outcome }, headers: {} };
}

/** A form posted without JavaScript asks for a page; the site's fetch asks for JSON. */
function wantsPage(req: IncomingMessage): boolean {
  const accept = req.headers.accept ?? '';
  return accept.includes('text/html') && !accept.includes('application/json');
}

/**
 * The page the visitor came from: the site's origin (Origin header, else Referer, and only one
 * of the site's) with the path the form names in `page` (browsers send cross-origin referrers
 * as the bare origin).
 */
function backLink(req: IncomingMessage, origins: readonly string[], page: string | undefined): string | undefined {
  let origin: string | undefined;
  try {
    origin = req.headers.origin ?? (req.headers.referer ? new URL(req.headers.referer).origin : undefined);
  } catch {
    return undefined;
  }
  if (!origin || !origins.includes(origin)) return undefined;
  const path = page && /^\/(?![/\\])[^\s]*$/.test(page) ? page : '/';
  return `${origin}${path}`;
}

const PAGES: Record<string, { title: string; text: string }> = {
  subscribed: { title: 'Takk!', text: 'No er du påmeld nyheitsbrevet vårt.' },
  'already-subscribed': { title: 'Du er alt påmeld', text: 'Denne e-postadressa står alt på lista vår, så du får nyheitsbrevet allereie.' },
  'invalid-email': { title: 'Sjekk e-postadressa', text: 'E-postadressa ser ikkje ut til å vere rett. Gå tilbake, sjekk ho og prøv igjen.' },
  'consent-required': { title: 'Vi treng samtykket ditt', text: 'Kryss av for at du vil ha nyheitsbrevet, så kan vi melde deg på.' },
};
const FALLBACK_PAGE = { title: 'Noko gjekk gale', text: 'Vi kunne ikkje ta imot påmeldinga. Prøv igjen litt seinare.' };

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

export function resultPage(outcome: string, back: string | undefined): string {
  const page = PAGES[outcome] ?? FALLBACK_PAGE;
  const link = back ? `<p><a href="${escapeHtml(back)}">Tilbake til sida du kom frå</a></p>` : '';
  return `<!doctype html><html lang="nn"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Nyheitsbrev: ${escapeHtml(page.title)}</title></head><body><main><h1>${escapeHtml(page.title)}</h1><p>${escapeHtml(page.text)}</p>${link}</main></body></html>`;
}

/**
 * CORS for the site's origins: sets the headers on every answer of the API (faults included,
 * so the browser can read them), and answers a preflight itself. True when it answered.
 */
export function applyCors(req: IncomingMessage, res: ServerResponse, origins: readonly string[]): boolean {
  const origin = req.headers.origin;
  res.setHeader('vary', 'Origin');
  if (origin && origins.includes(origin)) res.setHeader('access-control-allow-origin', origin);
  if (req.method !== 'OPTIONS') return false;
  res.writeHead(204, {
    'access-control-allow-methods': 'POST',
    'access-control-allow-headers': 'content-type, accept',
    'access-control-max-age': '600',
  });
  res.end();
  return true;
}
