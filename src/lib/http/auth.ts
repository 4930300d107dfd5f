/**
 * How a client proves who it is: not at all, with HTTP Basic credentials, or with a bearer
 * token from an identity provider (OAuth 2 client credentials), fetched once and reused until
 * it is about to expire.
 */
import { ofetch } from 'ofetch';
import { HttpError, networkError, parseError, statusError, timeoutError } from './errors';

export interface TokenSource {
  /** A token believed valid now; fetched from the provider when none is cached. */
  get(): Promise<string>;
  /** Forget `token` (the server refused it), so the next get() fetches a new one. */
  invalidate(token: string): void;
}

export type Auth =
  | { readonly type: 'none' }
  | { readonly type: 'basic'; readonly username: string; readonly password: string }
  | { readonly type: 'bearer'; readonly tokens: TokenSource };

export const noAuth: Auth = { type: 'none' };

/** The Authorization header value for Basic credentials (UTF-8, as RFC 7617 recommends). */
export function basicHeader(username: string, password: string): string {
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

export interface ClientCredentialsOptions {
  /** Token endpoint of the identity provider. */
  readonly tokenUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Milliseconds; 0 waits as long as it takes. */
  readonly timeout?: number;
  /** Clock, for tests. */
  readonly now?: () => number;
}

/** Seconds before the stated expiry at which a cached token is no longer handed out. */
const EXPIRY_MARGIN_SECONDS = 30;

export function clientCredentials(options: ClientCredentialsOptions): TokenSource {
  const now = options.now ?? Date.now;
  let cached: { token: string; expiresAt: number } | undefined;
  let pending: Promise<string> | undefined;

  async function fetchToken(): Promise<string> {
    const timeout = options.timeout ?? 0;
    const body = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: options.clientId,
      client_secret: options.clientSecret,
    }).toString();
    let response;
    try {
      response = await ofetch.raw<string, 'text'>(options.tokenUrl, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        responseType: 'text',
        ignoreResponseError: true,
        retry: 0,
        ...(timeout > 0 ? { timeout } : {}),
      });
    } catch (error) {
      throw isTimeout(error) ? timeoutError(options.tokenUrl, timeout) : networkError(options.tokenUrl);
    }
    const text = response._data ?? '';
    if (!response.ok) throw statusError(options.tokenUrl, response.status, safeJson(text));
    const answer = safeJson(text) as { access_token?: unknown; expires_in?: unknown } | undefined;
    if (!answer || typeof answer.access_token !== 'string' || answer.access_token === '') throw parseError(options.tokenUrl, response.status, text);
    const lifetime = typeof answer.expires_in === 'number' && answer.expires_in > 0 ? answer.expires_in : 60;
    // Never hand out a token in its last seconds, but a very short-lived one still gets used.
    const usable = lifetime > EXPIRY_MARGIN_SECONDS * 2 ? lifetime - EXPIRY_MARGIN_SECONDS : lifetime / 2;
    cached = { token: answer.access_token, expiresAt: now() + usable * 1000 };
    return answer.access_token;
  }

  return {
    get() {
      if (cached && cached.expiresAt > now()) return Promise.resolve(cached.token);
      // Calls made at the same time share one token request.
      pending ??= fetchToken().finally(() => {
        pending = undefined;
      });
      return pending;
    },
    invalidate(token) {
      if (cached?.token === token) cached = undefined;
    },
  };
}

export function isTimeout(error: unknown): boolean {
  const cause = (error as { cause?: { name?: string } } | undefined)?.cause;
  return (error as { name?: string } | undefined)?.name === 'TimeoutError' || cause?.name === 'TimeoutError';
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export { HttpError };
