/**
 * The build's route table and clock, computed once per build from the content and settings.
 */
import { readBuildEnv, buildNow } from '../config/build-env';
import { siteContent } from './site-content';
import { filmclubSettings, type FilmclubSettings } from '../filmclub/settings';
import { boxOfficeSettings, type BoxOfficeSettings } from '../box-office/settings';
import { buildRouteTable, type RouteTable } from './routes';

let table:
  | Promise<{ table: RouteTable; now: Date; newsletterEndpoint: string | undefined; filmclub: FilmclubSettings | null; boxOffice: BoxOfficeSettings | null }>
  | undefined;

export function siteBuild() {
  table ??= siteContent().then((content) => {
    const env = readBuildEnv();
    return {
      table: buildRouteTable(content),
      now: buildNow(),
      newsletterEndpoint: env.PUBLIC_NEWSLETTER_ENDPOINT,
      // Film club on or off for the whole build (first partner id and its API URL).
      filmclub: filmclubSettings(content.config.partners, env),
      // Ticket lists refreshed in the browser from the box office (PUBLIC_RUNTIME_API: the platform's runtime API).
      boxOffice: boxOfficeSettings(content.config.partners, env.PUBLIC_RUNTIME_API),
    };
  });
  return table;
}

/** The '[...path]' parameter for a normalised path ('/' becomes undefined). */
export function pathParam(path: string): string | undefined {
  return path === '/' ? undefined : path.slice(1);
}
