/**
 * Cookies the analytics services set on our own domain, removed when a visitor withdraws
 * consent. Google Analytics writes them on the widest domain it may (the registrable domain),
 * so each is expired for the host and for every parent domain.
 */

/** _ga, _ga_<id>, _gid, _gat…, _gcl_… (Google); _fbp, _fbc (Meta). */
const TRACKING_COOKIE = /^(_ga(_.+)?|_gid|_gat.*|_gcl_.+|_fbp|_fbc)$/;

export function trackingCookieNames(cookieHeader: string): string[] {
  return cookieHeader
    .split(';')
    .map((part) => part.split('=')[0]?.trim() ?? '')
    .filter((name) => TRACKING_COOKIE.test(name));
}

/** '' (the host itself) and each parent domain with a leading dot; IP addresses only ''. */
export function cookieDomains(hostname: string): string[] {
  if (/^[\d.]+$/.test(hostname) || hostname.includes(':') || !hostname.includes('.')) return [''];
  const labels = hostname.split('.');
  const parents: string[] = [];
  for (let start = 0; start < labels.length - 1; start += 1) parents.push(`.${labels.slice(start).join('.')}`);
  return ['', ...parents];
}

/** The document.cookie assignments that expire `name` on every candidate domain. */
export function expiryAssignments(name: string, hostname: string): string[] {
  return cookieDomains(hostname).map((domain) => `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/${domain ? `; domain=${domain}` : ''}`);
}
