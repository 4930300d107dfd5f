import { z } from 'astro/zod';

/** A column's width in the 12-column grid at each breakpoint. */
const spanSchema = z
  .object({
    xs: z.number().int().min(1).max(12),
    md: z.number().int().min(1).max(12),
    lg: z.number().int().min(1).max(12),
  })
  .strict();

export const templateSchema = z
  .object({
    /** Rows top to bottom. Blocks point at a row and column by index. */
    rows: z
      .array(
        z
          .object({
            /** 'full' runs edge to edge (covers); 'container' keeps a readable measure. */
            width: z.enum(['full', 'container']),
            /** Columns left to right. */
            columns: z.array(z.object({ span: spanSchema }).strict()).min(1),
          })
          .strict(),
      )
      .min(1),
  })
  .strict();

/** A filter value: a literal, or '@name' to bind the route parameter `name`. */
const filterValueSchema = z.union([z.string(), z.number(), z.boolean()]);

export const filterSchema = z
  .object({
    /**
     * Property to compare, as a dotted path ('production.pageReference'). A list means
     * 'any of these properties', for links that may use either of two fields.
     */
    property: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
    /** Value to compare with; '@culture' binds the route parameter 'culture'. */
    value: filterValueSchema,
    /** 'eq' keeps items whose property equals the value; 'ne' keeps the others. */
    operator: z.enum(['eq', 'ne']),
  })
  .strict();

export const sourceSchema = z
  .object({
    /** Name blocks use to reach the resolved data. Unique within a page. */
    name: z.string().min(1),
    /** Which collection the source reads. */
    model: z.enum(['article', 'production', 'event']),
    /** True gives a list; false gives the first match (or nothing). */
    collection: z.boolean(),
    /** All filters must match. */
    filters: z.array(filterSchema),
    /** Order of a collection; the collection's natural order when absent. */
    sort: z
      .object({
        property: z.string().min(1),
        direction: z.enum(['asc', 'desc']),
      })
      .strict()
      .optional(),
    /** Most items to keep after sorting. */
    limit: z.number().int().positive().optional(),
  })
  .strict();

/** Components a block can be. Each has one renderer in src/components/blocks. */
export const blockComponents = [
  'content',
  'cover',
  'article-list',
  'cinema-programme',
  'film-list',
  'culture-programme',
  'production-details',
  'ticket-list',
  'movie-info',
  'newsletter',
  'search-field',
  /** What is on today (the front page's strip): the source's events that start later today. */
  'today',
] as const;

export const blockSchema = z
  .object({
    /** Which renderer draws the block. */
    component: z.enum(blockComponents),
    /** Stable id, unique within the page. */
    id: z.string().min(1),
    /** Hidden blocks stay in the data but are not rendered. */
    hide: z.boolean(),
    place: z
      .object({
        /** Index into template.rows. */
        row: z.number().int().min(0),
        /** Index into that row's columns. */
        column: z.number().int().min(0),
        /** Position within the column, lowest first. */
        order: z.number().int(),
      })
      .strict(),
    data: z
      .object({
        /** Ids of block-data records (editorial text and images) the block shows. */
        ids: z.array(z.string().min(1)),
        /** Name of the page source the block lists or shows. */
        source: z.string().min(1).optional(),
        /** Heading above a list block. */
        heading: z.string().min(1).optional(),
      })
      .strict(),
  })
  .strict();

export const pageMetaSchema = z
  .object({
    /** Page part of the title, '{site} | {title}'. Falls back to the page title. */
    title: z.string().optional(),
    /** Meta description for search engines and sharing. */
    description: z.string().optional(),
    /** Meta keywords. */
    keywords: z.array(z.string()).optional(),
    /**
     * The words visitors type into the site's search to find this page («kino», «lokale»,
     * «svømmehall»), in any spelling they use. Not shown; indexed above the page's own text
     * (src/lib/search/index-markers.ts). A short list: a word or two each, at most 20.
     */
    searchWords: z.array(z.string().trim().min(1).max(40)).max(20).optional(),
    /** Sharing image (og:image). */
    image: z.string().optional(),
    /** Meta tag Facebook asks for to verify the domain. */
    facebookVerificationCode: z.string().optional(),
  })
  .strict();

/** A page definition: where it lives, its grid, its data sources and its blocks. */
export const pageSchema = z
  .object({
    /** Platform id of the page. */
    id: z.string().min(1),
    /** Page name; the second half of the title unless meta overrides it. */
    title: z.string().min(1),
    /** Path; standard pages have ':param' segments filled from their sources. */
    path: z.string().regex(/^\/[^\s?#]*$/),
    /** 'ordinary' pages have a fixed path; 'standard' pages expand to one route per item. */
    pageType: z.enum(['ordinary', 'standard']),
    /** Shared layout the page uses. */
    layout: z.literal('header-footer'),
    template: templateSchema,
    sources: z.array(sourceSchema),
    blocks: z.array(blockSchema),
    /** Meta tags per locale ('nb'). */
    meta: z.record(z.string(), pageMetaSchema),
  })
  .strict();

export type Page = z.infer<typeof pageSchema>;
export type Source = z.infer<typeof sourceSchema>;
export type Filter = z.infer<typeof filterSchema>;
export type Block = z.infer<typeof blockSchema>;
export type BlockComponent = (typeof blockComponents)[number];
export type Template = z.infer<typeof templateSchema>;
export type PageMeta = z.infer<typeof pageMetaSchema>;
