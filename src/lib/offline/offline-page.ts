/** The offline page (/offline/): what the worker shows for a page it has not stored. */
import type { SiteContent } from '../content/files';
import { absoluteUrl, documentTitle, type PageMetaView } from '../site/page-meta';

export const OFFLINE_PATH = '/offline';

export function offlinePageMeta(content: Pick<SiteContent, 'site' | 'config'>): PageMetaView {
  return {
    title: documentTitle(content.site.title, 'Fråkopla'),
    description: 'Du er fråkopla, og denne sida er ikkje lagra på eininga di.',
    keywords: [],
    image: absoluteUrl(content.config.host, '/media/covers/framside.webp'),
    canonicalUrl: absoluteUrl(content.config.host, OFFLINE_PATH),
  };
}
