/**
 * Every failure of an HTTP call is one HttpError, whose message is one of the fixed texts of
 * SPEC §8, so callers and screens can rely on them whatever went wrong underneath.
 */
export type HttpErrorKind = 'network' | 'timeout' | 'status' | 'parse';

export class HttpError extends Error {
  override readonly name = 'HttpError';

  constructor(
    message: string,
    /** What kind of failure this was. */
    readonly kind: HttpErrorKind,
    /** The URL that was called, without credentials or query secrets. */
    readonly url: string,
    /** HTTP status, when the server answered. */
    readonly status?: number,
    /** Parsed (or raw) body of the failing answer, for the caller to inspect. */
    readonly body?: unknown,
    /** The answer's Retry-After header (a 429 or 503 may send one), as sent. */
    readonly retryAfter?: string,
  ) {
    super(message);
  }
}

export const networkError = (url: string): HttpError => new HttpError('Network Error', 'network', url);

export const timeoutError = (url: string, ms: number): HttpError => new HttpError(`timeout of ${ms}ms exceeded`, 'timeout', url);

export const statusError = (url: string, status: number, body: unknown, retryAfter?: string): HttpError =>
  new HttpError(`Request failed with status code ${status}`, 'status', url, status, body, retryAfter);

export const parseError = (url: string, status: number, body: string): HttpError => new HttpError('Malformed JSON in response', 'parse', url, status, body);

export const isHttpError = (error: unknown): error is HttpError => error instanceof HttpError;
