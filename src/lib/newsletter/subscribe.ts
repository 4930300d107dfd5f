/**
 * Newsletter sign-up through the shared HTTP layer. The endpoint (PUBLIC_NEWSLETTER_ENDPOINT)
 * takes a form-encoded POST of `email` and `consent` and answers JSON:
 *   200 {status: 'subscribed'} | 200 {status: 'already-subscribed'}
 *   400 {error: 'invalid-email'} | 400 {error: 'consent-required'}
 * The same form posts there without JavaScript; the endpoint then answers with a page.
 * Form encoding keeps the fetch a simple CORS request (no preflight).
 */
import { createHttpClient, HttpError, type HttpClient } from '../http';

export type SubscribeOutcome =
  'subscribed' | 'already-subscribed' | 'missing-email' | 'invalid-email' | 'consent-required' | 'server-error' | 'timeout' | 'network';

/** How long the form waits for an answer before saying so. */
export const SUBSCRIBE_TIMEOUT_MS = 15_000;

/**
 * A plausible address: something@domain.tld, no spaces, at most 254 characters. The endpoint
 * has the last word; this only catches typing mistakes before sending.
 */
export function isEmailAddress(value: string): boolean {
  const email = value.trim();
  return email.length <= 254 && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email);
}

/**
 * What is wrong with the form before anything is sent, in the order the visitor fills it in:
 * no address, an address that cannot be one, no consent; null when it can be sent.
 */
export function formProblem(email: string, consent: boolean): 'missing-email' | 'invalid-email' | 'consent-required' | null {
  if (email.trim() === '') return 'missing-email';
  if (!isEmailAddress(email)) return 'invalid-email';
  return consent ? null : 'consent-required';
}

export function newsletterClient(endpoint: string, timeout = SUBSCRIBE_TIMEOUT_MS): HttpClient {
  return createHttpClient({ baseURL: new URL(endpoint).origin, timeout });
}

export async function subscribe(client: HttpClient, endpoint: string, email: string, consent: boolean): Promise<SubscribeOutcome> {
  const body = new URLSearchParams({ email: email.trim(), ...(consent ? { consent: 'yes' } : {}) });
  try {
    const answer = await client.request<{ status?: unknown } | null>(endpoint, { method: 'POST', body });
    if (answer?.status === 'subscribed' || answer?.status === 'already-subscribed') return answer.status;
    return 'server-error';
  } catch (error) {
    if (!(error instanceof HttpError)) return 'server-error';
    if (error.kind === 'timeout') return 'timeout';
    if (error.kind === 'network') return 'network';
    const code = (error.body as { error?: unknown } | undefined)?.error;
    if (error.status === 400 && (code === 'invalid-email' || code === 'consent-required')) return code;
    return 'server-error';
  }
}

/** What the visitor reads for each outcome (nynorsk). */
export const OUTCOME_MESSAGES: Record<SubscribeOutcome, string> = {
  subscribed: 'Takk! No er du påmeld nyheitsbrevet vårt.',
  'already-subscribed': 'Denne e-postadressa står alt på lista vår, så du får nyheitsbrevet allereie.',
  'missing-email': 'Skriv inn e-postadressa di, så kan vi melde deg på.',
  'invalid-email': 'E-postadressa ser ikkje ut til å vere rett. Sjekk ho og prøv igjen.',
  'consent-required': 'Kryss av for at du vil ha nyheitsbrevet, så kan vi melde deg på.',
  'server-error': 'Noko gjekk gale hos oss, så påmeldinga gjekk kanskje ikkje gjennom. Prøv igjen litt seinare.',
  timeout: 'Det tok for lang tid å få svar, så vi veit ikkje om du vart påmeld. Prøv igjen litt seinare.',
  network: 'Vi får ikkje kontakt med påmeldinga no. Sjekk nettilkoplinga di og prøv igjen.',
};

export function isSuccess(outcome: SubscribeOutcome): boolean {
  return outcome === 'subscribed' || outcome === 'already-subscribed';
}
