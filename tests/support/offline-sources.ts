/**
 * Import settings that point every source at a closed port (127.0.0.1:9), for tests of the
 * publish service that never import: routes, guards and the repair at start.
 */
export const UNREACHABLE_SOURCES: Readonly<Record<string, string>> = {
  KAIA_SITE_ID: 'kaia',
  MANAGEMENT_API_URL: 'http://127.0.0.1:9/management/',
  IDP_TOKEN_URL: 'http://127.0.0.1:9/idp/token',
  IDP_CLIENT_ID: 'id',
  IDP_CLIENT_SECRET: 'secret',
  RUNTIME_API_URL: 'http://127.0.0.1:9/runtime/',
  RUNTIME_SITE: 'site',
  PLATFORM_API_URL: 'http://127.0.0.1:9/platform/',
  PLATFORM_API_USER: 'user',
  PLATFORM_API_PASSWORD: 'password',
};
