/**
 * Where each collection comes from (SPEC §6, §7 and the design card):
 *
 *   articles     management API  GET site/:siteId/article?stable=1      identity-provider token
 *   block-data   management API  GET site/:siteId/block-data?stable=1   identity-provider token
 *   events       box office      GET sites/:site/basic_events           none   (the runtime API)
 *   site         platform API    GET sites                              basic
 *   productions  platform API    GET sites/:siteId/events               basic
 *
 * The platform calls a film or a culture production an "event"; its performances and
 * showtimes come from the box office, through the API the platform calls the runtime API: its
 * basic_events, which we call events.
 */
import { clientCredentials, createHttpClient, type HttpClient } from '../src/lib/http';
import type { ImportConfig } from './config';

/** Published content only (SPEC §9: stable flag 1); without the flag the management API answers drafts. */
export const STABLE = 1;

const stableQuery = (drafts: boolean) => (drafts ? {} : { stable: STABLE });

export interface Clients {
  readonly management: HttpClient;
  /** The box office (the platform's runtime API). */
  readonly boxOffice: HttpClient;
  readonly platform: HttpClient;
}

export function createClients(config: ImportConfig): Clients {
  const tokens = clientCredentials({ ...config.identityProvider, timeout: config.timeout });
  return {
    management: createHttpClient({ baseURL: config.management.baseURL, auth: { type: 'bearer', tokens }, timeout: config.timeout }),
    boxOffice: createHttpClient({ baseURL: config.boxOffice.baseURL, timeout: config.timeout }),
    platform: createHttpClient({
      baseURL: config.platform.baseURL,
      auth: { type: 'basic', username: config.platform.username, password: config.platform.password },
      timeout: config.timeout,
    }),
  };
}

export interface Download {
  /** Human name for progress and errors. */
  readonly label: string;
  readonly fetch: (clients: Clients, config: ImportConfig, options: { readonly drafts: boolean }) => Promise<unknown>;
}

export const downloads = {
  articles: {
    label: 'articles (management API)',
    fetch: (c, config, { drafts }) => c.management.request('site/:siteId/article', { params: { siteId: config.siteId }, query: stableQuery(drafts) }),
  },
  blockData: {
    label: 'block-data (management API)',
    fetch: (c, config, { drafts }) => c.management.request('site/:siteId/block-data', { params: { siteId: config.siteId }, query: stableQuery(drafts) }),
  },
  events: {
    label: 'events (runtime API basic_events)',
    fetch: (c, config) => c.boxOffice.request('sites/:site/basic_events', { params: { site: config.boxOffice.site } }),
  },
  sites: {
    label: 'sites (platform API)',
    fetch: (c) => c.platform.request('sites'),
  },
  productions: {
    label: 'productions (platform API events)',
    fetch: (c, config) => c.platform.request('sites/:siteId/events', { params: { siteId: config.siteId } }),
  },
} as const satisfies Record<string, Download>;
