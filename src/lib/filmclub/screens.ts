/** The film club's own pages: where they live and what they say at the top. */
import type { SiteContent } from '../content/files';
import { absoluteUrl, documentTitle, type PageMetaView } from '../site/page-meta';

export interface FilmclubScreen {
  readonly slug: 'logg-inn' | 'bli-medlem' | 'gloymt-passord' | 'mi-side';
  readonly path: string;
  readonly title: string;
  readonly lead: string;
}

export const FILMCLUB_BASE = '/filmklubb';

export const filmclubScreens: readonly FilmclubScreen[] = [
  { slug: 'logg-inn', path: `${FILMCLUB_BASE}/logg-inn`, title: 'Logg inn', lead: 'Logg inn for å sjå billettane dine og ønskjelista di.' },
  {
    slug: 'bli-medlem',
    path: `${FILMCLUB_BASE}/bli-medlem`,
    title: 'Bli medlem',
    lead: 'Medlemskapet er gratis. Du får billettane dine samla på éin stad, og kan lage di eiga ønskjeliste.',
  },
  {
    slug: 'gloymt-passord',
    path: `${FILMCLUB_BASE}/gloymt-passord`,
    title: 'Gløymt passord',
    lead: 'Skriv inn e-postadressa du er medlem med, så sender vi deg ei lenkje.',
  },
  { slug: 'mi-side', path: `${FILMCLUB_BASE}/mi-side`, title: 'Mi side', lead: 'Billettane dine og filmane du vil sjå.' },
];

export function filmclubPageMeta(screen: FilmclubScreen, content: SiteContent): PageMetaView {
  return {
    title: documentTitle(content.site.title, screen.title),
    description: screen.lead,
    keywords: [],
    image: absoluteUrl(content.config.host, '/media/covers/kinoprogram.webp'),
    canonicalUrl: absoluteUrl(content.config.host, screen.path),
  };
}
