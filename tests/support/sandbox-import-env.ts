/** The import's settings for the platform sandbox at `url` (its demo credentials), as tests start it. */
export function sandboxImportEnv(url: string): Record<string, string> {
  return {
    KAIA_SITE_ID: 'kaia',
    MANAGEMENT_API_URL: `${url}/management/`,
    IDP_TOKEN_URL: `${url}/idp/token`,
    IDP_CLIENT_ID: 'kaia-import',
    IDP_CLIENT_SECRET: 'sandbox-secret',
    RUNTIME_API_URL: `${url}/runtime/`,
    RUNTIME_SITE: 'site118a',
    PLATFORM_API_URL: `${url}/platform/`,
    PLATFORM_API_USER: 'kaia-import',
    PLATFORM_API_PASSWORD: 'sandbox-password',
  };
}
