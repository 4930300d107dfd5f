import { z } from 'astro/zod';
import { imageSchema } from './image';

/** A news or culture article, as the management API delivers it. */
export const articleSchema = z
  .object({
    /** Platform id. */
    id: z.string().min(1),
    /** Headline. */
    title: z.string().min(1),
    /** URL part: the article lives at /article/{slug}. */
    slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
    /** 'news' shows under Aktuelt; 'culture' are standing activities and culture texts. */
    category: z.enum(['news', 'culture']),
    /** Sanitised HTML body. */
    content: z.string().min(1),
    /** Main image, or null. */
    image: imageSchema.nullable(),
    /** Small image for lists, or null. */
    thumbnail: imageSchema.nullable(),
    /** Byline; empty in the data seen so far. */
    author: z.string(),
    /** Locale of the article; only 'nb'. */
    node_locale: z.string(),
    /** Created, epoch milliseconds. */
    createdAt: z.number().int().nonnegative(),
    /** Last changed, epoch milliseconds. */
    updatedAt: z.number().int().nonnegative(),
    /** Manual sort key for lists sorted by order. */
    order: z.number().int(),
  })
  .strict();

export type Article = z.infer<typeof articleSchema>;
