export { createHttpClient, joinUrl, defaultXsrf, AUTH_RETRIES } from './client';
export type { HttpClient, HttpClientOptions, CallOptions, Method, Query, XsrfOptions } from './client';
export { noAuth, basicHeader, clientCredentials } from './auth';
export type { Auth, TokenSource, ClientCredentialsOptions } from './auth';
export { fillEndpoint } from './endpoint';
export { HttpError, isHttpError } from './errors';
export type { HttpErrorKind } from './errors';
