/**
 * Which film-club partner the site talks to (SPEC §1, §7): the first partner id in the site
 * config. Partners 118 and 178 each have a base URL set at build time; any other id, or a
 * partner without a URL, turns the whole film-club feature off (no links, no islands).
 */
export const FILMCLUB_PARTNERS = [118, 178] as const;
export type FilmclubPartner = (typeof FILMCLUB_PARTNERS)[number];

/** What the browser needs to reach the film club; serialisable, passed to islands as a prop. */
export interface FilmclubSettings {
  readonly partner: FilmclubPartner;
  /** Base URL of the partner's film-club API. */
  readonly apiUrl: string;
}

export interface FilmclubEnv {
  readonly PUBLIC_FILMCLUB_API_118?: string | undefined;
  readonly PUBLIC_FILMCLUB_API_178?: string | undefined;
}

const isPartner = (id: number | undefined): id is FilmclubPartner => FILMCLUB_PARTNERS.includes(id as FilmclubPartner);

export function filmclubSettings(partners: readonly number[], env: FilmclubEnv): FilmclubSettings | null {
  const partner = partners[0];
  if (!isPartner(partner)) return null;
  const apiUrl = partner === 118 ? env.PUBLIC_FILMCLUB_API_118 : env.PUBLIC_FILMCLUB_API_178;
  if (!apiUrl) return null;
  return { partner, apiUrl };
}

export interface FilmclubHostEnv extends FilmclubEnv {
  /** Origins partner 118 serves pictures from (build-env.ts reads the list as origins). */
  readonly PUBLIC_FILMCLUB_IMAGES_118?: readonly string[] | undefined;
  readonly PUBLIC_FILMCLUB_IMAGES_178?: readonly string[] | undefined;
}

/**
 * What the site's Content-Security-Policy must allow for the film club (astro.config.mjs):
 * the API origin and picture origins of the one partner the build talks to, and nothing when
 * the film club is off (partner 999, or a partner without its URL). The other partner's origins
 * never go in, even when they are set.
 */
export function filmclubOrigins(partners: readonly number[], env: FilmclubHostEnv): { connect: string[]; image: string[] } {
  const settings = filmclubSettings(partners, env);
  if (!settings) return { connect: [], image: [] };
  const images = settings.partner === 118 ? env.PUBLIC_FILMCLUB_IMAGES_118 : env.PUBLIC_FILMCLUB_IMAGES_178;
  return { connect: [new URL(settings.apiUrl).origin], image: [...(images ?? [])] };
}
