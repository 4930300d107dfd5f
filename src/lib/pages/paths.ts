/** Path rules shared by the route table, the redirects and the hosting config. */

/**
 * The one spelling of a site path: leading slash, no trailing slash (except the root),
 * no '/index.html'. '/kino/', '/kino/index.html' and '/kino' are the same page.
 */
export function normalisePath(path: string): string {
  let result = path.split(/[?#]/, 1)[0] ?? '/';
  if (!result.startsWith('/')) result = `/${result}`;
  result = result.replace(/\/index\.html$/, '/');
  result = result.replace(/\/{2,}/g, '/');
  if (result.length > 1) result = result.replace(/\/+$/, '');
  return result || '/';
}

/** ':name' segments of a path pattern, in order. */
export function pathParameters(pattern: string): string[] {
  return [...pattern.matchAll(/:([A-Za-z][\w]*)/g)].map((match) => match[1] as string);
}

/** Fills ':name' segments of a pattern with URL-encoded values. */
export function fillPath(pattern: string, values: Record<string, string>): string {
  return pattern.replace(/:([A-Za-z][\w]*)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No value for ':${name}' in ${pattern}`);
    return encodeURIComponent(value);
  });
}
