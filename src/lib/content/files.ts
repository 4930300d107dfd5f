/**
 * The content snapshot: which file under content/ holds which collection, and the schema
 * each record must pass. The import, the build (query.ts) and the tests all read this map.
 */
import { z } from 'astro/zod';
import {
  aliasSchema,
  articleSchema,
  blockDataSchema,
  configSchema,
  eventSchema,
  menuItemSchema,
  pageSchema,
  productionSchema,
  redirectSchema,
  siteSchema,
  themeSchema,
} from '../../schemas';

export const contentFiles = {
  site: { file: 'site.json', schema: siteSchema, many: false },
  config: { file: 'config.json', schema: configSchema, many: false },
  theme: { file: 'theme.json', schema: themeSchema, many: false },
  menu: { file: 'menu.json', schema: menuItemSchema, many: true },
  pages: { file: 'pages.json', schema: pageSchema, many: true },
  blockData: { file: 'block-data.json', schema: blockDataSchema, many: true },
  articles: { file: 'articles.json', schema: articleSchema, many: true },
  productions: { file: 'productions.json', schema: productionSchema, many: true },
  events: { file: 'events.json', schema: eventSchema, many: true },
  redirects: { file: 'redirects.json', schema: redirectSchema, many: true },
  aliases: { file: 'aliases.json', schema: aliasSchema, many: true },
} as const;

export type ContentKey = keyof typeof contentFiles;

type Entry<K extends ContentKey> = z.infer<(typeof contentFiles)[K]['schema']>;

/** Everything the site is built from, validated. */
export type SiteContent = {
  [K in ContentKey]: (typeof contentFiles)[K]['many'] extends true ? Entry<K>[] : Entry<K>;
};
