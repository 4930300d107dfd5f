/**
 * The import's settings (import/config.ts) that point it at the platform sandbox at `url`, with
 * the sandbox's demo credentials: what `npm start`, the benchmarks and the tests hand the import
 * and the publish service. `siteId` is the dataset's site (the large dataset has its own).
 */
export function sandboxImportEnv(url: string, siteId = 'kaia'): Record<string, string> {
  return {
    KAIA_SITE_ID: siteId,
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
