/**
 * The news feed: RSS 2.0 for /aktuelt, built by hand (a dozen elements do not need a library)
 * with every text escaped. It lists exactly what the /aktuelt page lists: the items of that
 * page's article-list block, through the page's own source (news, legal articles left out),
 * newest first.
 */
import type { Article } from '../../schemas';
import type { SiteContent } from '../content/files';
import { absoluteUrl } from '../site/page-meta';
import type { RouteTable } from '../pages/routes';
import { routeSourcesOf } from '../pages/sources';
import { excerpt } from '../site/text';
import { xmlEscape } from '../format/text';
import { NEWS_FEED } from '../site/feeds';

export interface FeedItem {
  title: string;
  url: string;
  published: Date;
  description: string;
  category?: string;
}

export interface FeedChannel {
  title: string;
  /** The page the feed belongs to (absolute). */
  url: string;
  /** The feed itself (absolute), for atom:link rel="self". */
  feedUrl: string;
  description: string;
  /** Items, newest first. */
  items: FeedItem[];
}

/** RSS 2.0 with an atom:link to itself, as feed validators recommend. Dates are RFC 822 (GMT). */
export function rssXml(channel: FeedChannel): string {
  const lastBuild = channel.items[0]?.published;
  const items = channel.items.map((item) =>
    [
      '    <item>',
      `      <title>${xmlEscape(item.title)}</title>`,
      `      <link>${xmlEscape(item.url)}</link>`,
      `      <guid isPermaLink="true">${xmlEscape(item.url)}</guid>`,
      `      <pubDate>${item.published.toUTCString()}</pubDate>`,
      ...(item.category ? [`      <category>${xmlEscape(item.category)}</category>`] : []),
      `      <description>${xmlEscape(item.description)}</description>`,
      '    </item>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${xmlEscape(channel.title)}</title>`,
    `    <link>${xmlEscape(channel.url)}</link>`,
    `    <atom:link href="${xmlEscape(channel.feedUrl)}" rel="self" type="application/rss+xml"/>`,
    `    <description>${xmlEscape(channel.description)}</description>`,
    '    <language>nn</language>',
    ...(lastBuild ? [`    <lastBuildDate>${lastBuild.toUTCString()}</lastBuildDate>`] : []),
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

/** The articles /aktuelt lists, in its order, from the page's article-list block. */
export function newsArticles(table: RouteTable, content: SiteContent): { articles: Article[]; description: string } | undefined {
  const route = table.routes.find((candidate) => candidate.path === NEWS_FEED.page);
  if (!route) return undefined;
  const block = route.page.blocks.find((candidate) => !candidate.hide && candidate.component === 'article-list' && candidate.data.source);
  const value = block?.data.source ? routeSourcesOf(route, content)[block.data.source] : undefined;
  const articles = (Array.isArray(value) ? value : []).filter((record): record is Article => 'slug' in record && 'content' in record);
  const meta = route.page.meta[content.config.locale.default] ?? {};
  return { articles, description: meta.description ?? route.page.title };
}

export function newsFeed(table: RouteTable, content: SiteContent): string {
  const { host } = content.config;
  const news = newsArticles(table, content);
  return rssXml({
    title: NEWS_FEED.title(content.site.title),
    url: absoluteUrl(host, NEWS_FEED.page),
    feedUrl: absoluteUrl(host, NEWS_FEED.path),
    description: news?.description ?? `Nyheiter frå ${content.site.title}`,
    items: (news?.articles ?? []).map((article) => ({
      title: article.title,
      url: absoluteUrl(host, `/article/${article.slug}`),
      published: new Date(article.createdAt),
      description: excerpt(article.content, 300),
    })),
  });
}
