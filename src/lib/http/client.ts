/**
 * The one HTTP layer of the project, on ofetch: the import (Node) and every browser island
 * call APIs through it, so auth, time-outs and error texts behave the same everywhere.
 *
 * - `:name` placeholders in paths are filled and URL-encoded (see endpoint.ts);
 * - auth none, basic, or bearer from an identity provider; a 401 on a bearer call drops the
 *   token, fetches a new one and retries exactly once;
 * - no time-out unless one is set, per client or per call;
 * - the XSRF cookie is echoed in a header when configured; credentials included when configured;
 * - failures are HttpErrors with the texts of SPEC §8, keeping status and body.
 */
import { ofetch } from 'ofetch';
import { basicHeader, isTimeout, type Auth } from './auth';
import { fillEndpoint, type PathParams } from './endpoint';
import { networkError, parseError, statusError, timeoutError } from './errors';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Query = Readonly<Record<string, string | number | boolean | undefined>>;

export interface XsrfOptions {
  /** Cookie the server sets with the anti-forgery token. */
  readonly cookieName: string;
  /** Header the token is sent back in. */
  readonly headerName: string;
}

/** The names most servers use (and axios defaults to). */
export const defaultXsrf: XsrfOptions = { cookieName: 'XSRF-TOKEN', headerName: 'X-XSRF-TOKEN' };

export interface HttpClientOptions {
  /** Base URL every path is relative to. */
  readonly baseURL: string;
  readonly auth?: Auth;
  /** Milliseconds; 0 (the default) means no time-out. */
  readonly timeout?: number;
  /** 'include' sends cookies to other origins too (the film-club APIs need this). */
  readonly credentials?: RequestCredentials;
  readonly xsrf?: XsrfOptions;
  /** Headers sent with every call. */
  readonly headers?: Readonly<Record<string, string>>;
}

export interface CallOptions {
  readonly method?: Method;
  /** Values for the path's `:name` placeholders. */
  readonly params?: PathParams;
  readonly query?: Query;
  /** Sent as JSON unless it is a string or URLSearchParams. */
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  /** Overrides the client's time-out for this call. */
  readonly timeout?: number;
}

export interface HttpClient {
  /** Calls the endpoint and resolves with the parsed JSON (text when not JSON, null when empty). */
  request<T = unknown>(path: string, call?: CallOptions): Promise<T>;
}

/** Auth retries on 401 (SPEC §9). */
export const AUTH_RETRIES = 1;

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const auth = options.auth ?? { type: 'none' };

  async function attempt(path: string, call: CallOptions, token: string | undefined) {
    const url = joinUrl(options.baseURL, fillEndpoint(path, call.params));
    const timeout = call.timeout ?? options.timeout ?? 0;
    const headers = new Headers({ accept: 'application/json', ...options.headers, ...call.headers });
    if (auth.type === 'basic') headers.set('authorization', basicHeader(auth.username, auth.password));
    if (token) headers.set('authorization', `Bearer ${token}`);
    const xsrfToken = options.xsrf ? readCookie(options.xsrf.cookieName) : undefined;
    if (options.xsrf && xsrfToken) headers.set(options.xsrf.headerName, xsrfToken);

    let response;
    try {
      response = await ofetch.raw<string, 'text'>(url, {
        method: call.method ?? 'GET',
        headers,
        ...(call.query ? { query: withoutUndefined(call.query) } : {}),
        ...(call.body !== undefined ? { body: encodeBody(call.body, headers) } : {}),
        ...(options.credentials ? { credentials: options.credentials } : {}),
        ...(timeout > 0 ? { timeout } : {}),
        responseType: 'text',
        ignoreResponseError: true,
        retry: 0,
      });
    } catch (error) {
      throw isTimeout(error) ? timeoutError(url, timeout) : networkError(url);
    }
    return {
      url,
      status: response.status,
      ok: response.ok,
      contentType: response.headers.get('content-type') ?? '',
      retryAfter: response.headers.get('retry-after') ?? undefined,
      text: response._data ?? '',
    };
  }

  return {
    async request<T>(path: string, call: CallOptions = {}): Promise<T> {
      let token = auth.type === 'bearer' ? await auth.tokens.get() : undefined;
      let answer = await attempt(path, call, token);
      for (let retry = 0; answer.status === 401 && auth.type === 'bearer' && token && retry < AUTH_RETRIES; retry += 1) {
        auth.tokens.invalidate(token);
        token = await auth.tokens.get();
        answer = await attempt(path, call, token);
      }
      const body = parseBody(answer);
      if (!answer.ok) throw statusError(answer.url, answer.status, body.ok ? body.value : answer.text, answer.retryAfter);
      if (!body.ok) throw parseError(answer.url, answer.status, answer.text);
      return body.value as T;
    },
  };
}

function parseBody(answer: { contentType: string; text: string }): { ok: true; value: unknown } | { ok: false } {
  if (answer.text.trim() === '') return { ok: true, value: null };
  if (!/\bjson\b/i.test(answer.contentType)) return { ok: true, value: answer.text };
  try {
    return { ok: true, value: JSON.parse(answer.text) as unknown };
  } catch {
    return { ok: false };
  }
}

function encodeBody(body: unknown, headers: Headers): string | URLSearchParams {
  if (typeof body === 'string' || body instanceof URLSearchParams) return body;
  headers.set('content-type', 'application/json');
  return JSON.stringify(body);
}

function withoutUndefined(query: Query): Record<string, string | number | boolean> {
  const result: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined) result[key] = value;
  return result;
}

/** Joins without losing the base's own path: ('https://x/api/', 'login') → 'https://x/api/login'. */
export function joinUrl(base: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}
