/**
 * Which analytics services a build has, from the tag manager container id (build setting
 * PUBLIC_GTM_ID) and the pixel id (site config), and the origins each needs in the
 * Content-Security-Policy. Nothing from these origins is requested before consent; the policy
 * only makes loading possible once the visitor has said yes.
 */

export interface AnalyticsServices {
  /** Google Tag Manager container id, such as 'GTM-ABC123', or undefined. */
  gtmId: string | undefined;
  /** Meta pixel id, or undefined. */
  pixelId: string | undefined;
}

/** GTM container ids look like 'GTM-' and a few capital letters and digits. */
export const GTM_ID_PATTERN = /^GTM-[A-Z0-9]{4,12}$/;

/** Normalises the raw settings: blank ids mean the service is off. */
export function analyticsServices(gtmId: string | undefined, pixelId: string | undefined): AnalyticsServices {
  const clean = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : undefined);
  return { gtmId: clean(gtmId), pixelId: clean(pixelId) };
}

export function hasAnalytics(services: AnalyticsServices): boolean {
  return services.gtmId !== undefined || services.pixelId !== undefined;
}

/** The names of the services, as the consent dialog tells visitors. */
export function serviceNames(services: AnalyticsServices): string[] {
  return [...(services.gtmId ? ['Google Analytics (gjennom Google Tag Manager)'] : []), ...(services.pixelId ? ['Meta-pikselen'] : [])];
}

/** The companies that receive data, for the dialog: 'Google', 'Meta'. */
export function recipients(services: AnalyticsServices): string[] {
  return [...(services.gtmId ? ['Google'] : []), ...(services.pixelId ? ['Meta'] : [])];
}

/** 'a', 'a og b', 'a, b og c'. */
export function listText(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} og ${items[items.length - 1]}`;
}

export function gtmScriptUrl(gtmId: string): string {
  return `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}`;
}

export interface AnalyticsOrigins {
  script: string[];
  connect: string[];
  image: string[];
}

/**
 * Origins per CSP directive. Google documents these for GTM with GA4; the pixel loads its
 * script from connect.facebook.net and reports to www.facebook.com.
 */
export function analyticsOrigins(services: AnalyticsServices): AnalyticsOrigins {
  const origins: AnalyticsOrigins = { script: [], connect: [], image: [] };
  if (services.gtmId) {
    origins.script.push('https://*.googletagmanager.com');
    origins.connect.push('https://*.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com');
    origins.image.push('https://*.googletagmanager.com', 'https://*.google-analytics.com');
  }
  if (services.pixelId) {
    origins.script.push('https://connect.facebook.net');
    origins.connect.push('https://connect.facebook.net', 'https://www.facebook.com');
    origins.image.push('https://www.facebook.com');
  }
  return origins;
}

/** Hosts analytics talks to, for tests: every request to one of these is analytics. */
export const ANALYTICS_HOST_PATTERN = /(^|\.)(googletagmanager\.com|google-analytics\.com|analytics\.google\.com|facebook\.net|facebook\.com)$/;
