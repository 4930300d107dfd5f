/**
 * Everything a route's page needs to render: title and meta, the placed blocks and the
 * resolved sources. The .astro page only draws this.
 */
import type { Article, BlockData, Production } from '../../schemas';
import type { SiteContent } from '../content/files';
import type { FilterPage } from '../programme/filter-pages';
import type { ProgrammeContext } from '../programme/filter-state';
import { programmeKindOf } from './filter-routes';
import { NEWS_FEED, type FeedLink } from '../site/feeds';
import { absoluteUrl, documentTitle, type PageMetaView } from '../site/page-meta';
import { excerpt } from '../site/text';
import { placeBlocks, type Placement } from './placement';
import { isArticle, isProduction } from './records';
import type { Route } from './routes';
import { routeSourcesOf, type ResolvedSources } from './sources';

export interface PageView {
  meta: PageMetaView;
  placement: Placement;
  sources: ResolvedSources;
  blockData: Map<string, BlockData>;
  /** The programme this page shows in full, with the filter applied (programme pages only). */
  programme?: ProgrammeContext;
  /** The news feed, on the page it belongs to. */
  feed?: FeedLink;
  /** The words visitors search for to find this page (its meta's `searchWords`); none on a filter view. */
  searchWords: readonly string[];
  /** A generated one-filter view of a programme (src/lib/pages/filter-routes.ts). */
  filtered: boolean;
}

const FALLBACK_IMAGE = '/media/covers/framside.webp';

/** The single record a standard page is about (the article, the production), if any. */
export function primaryRecord(sources: ResolvedSources): Article | Production | undefined {
  for (const value of Object.values(sources)) {
    if (value && !Array.isArray(value) && (isArticle(value) || isProduction(value))) return value;
  }
  return undefined;
}

function recordDescription(record: Article | Production): string {
  return isArticle(record) ? excerpt(record.content) : (record.contents[0]?.summary ?? '');
}

function recordImage(record: Article | Production): string | undefined {
  if (isArticle(record)) return record.image?.url;
  return record.assets.find((asset) => asset.type === 'first_image')?.url;
}

function ogType(record: Article | Production | undefined): NonNullable<PageMetaView['ogType']> {
  if (!record) return 'website';
  if (isArticle(record)) return 'article';
  return record.object === 'movie' ? 'video.movie' : 'website';
}

/** The view of a route; with `filtered`, the generated page of one programme filter (src/lib/pages/filter-routes.ts). */
export function pageView(route: Route, content: SiteContent, filtered?: FilterPage): PageView {
  const { page } = route;
  const sources = routeSourcesOf(route, content);
  const primary = primaryRecord(sources);
  const meta = page.meta[content.config.locale.default] ?? {};
  const baseTitle = primary?.title ?? meta.title ?? page.title;
  const pageTitle = filtered ? `${baseTitle} – ${filtered.label}` : baseTitle;
  const programme = programmeKindOf(page);
  const description = meta.description ?? (primary ? recordDescription(primary) : page.title);
  const image = meta.image ?? (primary ? recordImage(primary) : undefined) ?? FALLBACK_IMAGE;
  const wanted = new Set(page.blocks.flatMap((block) => block.data.ids));
  return {
    meta: {
      title: documentTitle(content.site.title, pageTitle),
      description,
      keywords: meta.keywords ?? [],
      image: absoluteUrl(content.config.host, image),
      canonicalUrl: absoluteUrl(content.config.host, filtered?.path ?? route.canonicalPath),
      ...(meta.facebookVerificationCode ? { facebookVerificationCode: meta.facebookVerificationCode } : {}),
      ogType: ogType(primary),
    },
    placement: placeBlocks(page),
    sources,
    blockData: new Map(content.blockData.filter((record) => wanted.has(record.id)).map((record) => [record.id, record])),
    searchWords: filtered ? [] : (meta.searchWords ?? []),
    filtered: filtered !== undefined,
    ...(programme ? { programme: { kind: programme.kind, base: route.canonicalPath, state: filtered ? { [filtered.facet]: filtered.value } : {} } } : {}),
    ...(route.canonicalPath === NEWS_FEED.page ? { feed: { href: NEWS_FEED.path, title: NEWS_FEED.title(content.site.title) } } : {}),
  };
}
