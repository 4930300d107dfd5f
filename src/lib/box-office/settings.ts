/**
 * Where the browser reads the box office's current event data (times, availability, ticket
 * links): the platform's runtime API, with its site key 'site' + the first partner id + 'a'
 * (SPEC §7). Off when the box office's API is not configured (PUBLIC_RUNTIME_API, named after
 * the platform's API); the build's data then stands as it is. Serialisable: the build writes it
 * into the pages that refresh their ticket lists.
 */
export interface BoxOfficeSettings {
  /** Base URL of the box office's API (the platform's runtime API). */
  readonly apiUrl: string;
  /** The site key the API asks for (`site` on the wire): 'site' + partner id + 'a'. */
  readonly site: string;
}

export function boxOfficeSiteKey(partner: number): string {
  return `site${partner}a`;
}

export function boxOfficeSettings(partners: readonly number[], apiUrl: string | undefined): BoxOfficeSettings | null {
  const partner = partners[0];
  if (!apiUrl || partner === undefined) return null;
  return { apiUrl, site: boxOfficeSiteKey(partner) };
}
