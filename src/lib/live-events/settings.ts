/**
 * Where the browser reads current event data (times, availability, ticket links): the runtime
 * API, with the site key 'site' + the first partner id + 'a' (SPEC §7). Off when the runtime
 * API is not configured; the build's data then stands as it is. Serialisable: the build writes
 * it into the pages that refresh their ticket lists.
 */
export interface LiveEventsSettings {
  /** Base URL of the runtime API. */
  readonly runtimeUrl: string;
  /** The runtime API's site key: 'site' + partner id + 'a'. */
  readonly runtimeSite: string;
}

export function runtimeSiteKey(partner: number): string {
  return `site${partner}a`;
}

export function liveEventsSettings(partners: readonly number[], runtimeUrl: string | undefined): LiveEventsSettings | null {
  const partner = partners[0];
  if (!runtimeUrl || partner === undefined) return null;
  return { runtimeUrl, runtimeSite: runtimeSiteKey(partner) };
}
