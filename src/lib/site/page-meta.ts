/** What every page's <head> carries, and the two helpers that shape its title and URLs. */

export interface PageMetaView {
  /** The document title, '{site} | {page}'. */
  title: string;
  description: string;
  keywords: string[];
  /** Absolute URL of the sharing image. */
  image: string;
  canonicalUrl: string;
  facebookVerificationCode?: string;
  /** Open Graph type: 'article' for articles, 'video.movie' for films, 'website' otherwise (the default). */
  ogType?: 'website' | 'article' | 'video.movie';
}

export function documentTitle(siteTitle: string, pageTitle: string): string {
  return `${siteTitle} | ${pageTitle}`;
}

export function absoluteUrl(host: string, path: string): string {
  return new URL(path, `${host}/`).toString();
}
