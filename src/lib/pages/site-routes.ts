/**
 * The build's route table and clock, computed once per build from the content and settings.
 */
import { readBuildEnv, buildNow } from '../config/build-env';
import { siteContent } from '../content/query';
import { buildRouteTable, type RouteTable } from './routes';

let table: Promise<{ table: RouteTable; now: Date; newsletterEndpoint: string | undefined }> | undefined;

export function siteBuild() {
  table ??= siteContent().then((content) => {
    const env = readBuildEnv();
    return { table: buildRouteTable(content), now: buildNow(), newsletterEndpoint: env.PUBLIC_NEWSLETTER_ENDPOINT };
  });
  return table;
}

/** The '[...path]' parameter for a normalised path ('/' becomes undefined). */
export function pathParam(path: string): string | undefined {
  return path === '/' ? undefined : path.slice(1);
}
