/**
 * Where the browser reads current event data (times, availability, ticket links): the runtime
 * API, with the site key 'site' + the first partner id + 'a' (SPEC §7). Off when the runtime
 * API is not configured; the build's data then stands as it is.
 */
import { runtimeSiteKey } from '../filmclub/settings';

export interface LiveEventsSettings {
  readonly runtimeUrl: string;
  readonly runtimeSite: string;
}

export function liveEventsSettings(partners: readonly number[], runtimeUrl: string | undefined): LiveEventsSettings | null {
  const partner = partners[0];
  if (!runtimeUrl || partner === undefined) return null;
  return { runtimeUrl, runtimeSite: runtimeSiteKey(partner) };
}
