/**
 * Endpoint paths name their variable parts `:name`, as the platform's API descriptions do:
 * `site/:siteId/article`. Values are URL-encoded, so an id can never change the path's shape.
 */
export type PathParams = Readonly<Record<string, string | number>>;

export function fillEndpoint(path: string, params: PathParams = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`No value for :${name} in endpoint ${path}`);
    return encodeURIComponent(String(value));
  });
}
