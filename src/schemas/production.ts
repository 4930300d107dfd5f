import { z } from 'astro/zod';
import { imageSchema } from './image';
import { ageLimits } from './age-limits';

export { ageLimits };
/** Norwegian age limits (src/schemas/age-limits.ts). */
export const ageLimitSchema = z.enum(ageLimits);

/** Slug plus a five-character code, the production's path at the site root. */
const pageReferenceSchema = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*-[a-z0-9]{5}$/);
const slugSchema = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);

const contentSchema = z
  .object({
    /** One or two plain sentences for lists and meta descriptions. */
    summary: z.string().min(1),
    /** Sanitised HTML body. */
    body: z.string().min(1),
  })
  .strict();

const assetSchema = imageSchema
  .extend({
    /** 'first_image' is the cover; 'poster' the upright film poster. */
    type: z.enum(['first_image', 'poster']),
  })
  .strict();

const commonFields = {
  /** Platform id. */
  id: z.string().min(1),
  /** The path: /{pageReference}. */
  pageReference: pageReferenceSchema,
  /** The slug without its code; events may link through it. */
  parentSlug: slugSchema,
  /** Title as shown. */
  title: z.string().min(1),
  /** Texts; the first entry is the one shown. */
  contents: z.array(contentSchema).min(1),
  /** Images; the cover is the asset of type first_image. */
  assets: z.array(assetSchema),
};

export const movieFeaturesSchema = z
  .object({
    /** Norwegian age limit. */
    ageLimit: ageLimitSchema,
    /** Running time in minutes. */
    runtimeMinutes: z.number().int().positive(),
    /** Genres in nynorsk, such as 'drama'. */
    genres: z.array(z.string().min(1)).min(1),
    /** Spoken language, such as 'norsk' or 'engelsk'. */
    language: z.string().min(1),
    /** Subtitle language, or null when there are none. */
    subtitles: z.string().nullable(),
    /** EDI numbers, one per version of the film (dubbed, original, 2D/3D). */
    edis: z.array(z.string().regex(/^\d{4,}$/)).min(1),
    /** Norwegian premiere date, YYYY-MM-DD. */
    premiere: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    /** Director(s). */
    director: z.string().optional(),
    /** Main cast. */
    cast: z.array(z.string()).optional(),
    /** Production country and year, such as 'Noreg 2026'. */
    origin: z.string().optional(),
    /** YouTube id of the trailer, loaded only when the visitor asks. */
    trailerYoutubeId: z
      .string()
      .regex(/^[\w-]{11}$/)
      .optional(),
  })
  .strict();

export const cultureFeaturesSchema = z
  .object({
    /** Programme category, such as 'konsert' or 'teater'. */
    category: z.enum(['konsert', 'teater', 'utstilling', 'kurs', 'barn', 'foredrag', 'bibliotek', 'dans', 'humor', 'festival']),
    /** Hall or room it takes place in. */
    hall: z.string().min(1),
    /** Price as shown, for example '350 kr (15–17 år), 450 kr (over 18 år)'. */
    price: z.string().min(1),
    /** Age limit, when there is one. */
    ageLimit: ageLimitSchema.optional(),
    /** Running time in minutes, including any interval. */
    durationMinutes: z.number().int().positive().optional(),
    /** Who performs or leads it. */
    performer: z.string().optional(),
  })
  .strict();

/** A film or a culture production: the page behind one or more events. */
export const productionSchema = z.discriminatedUnion('object', [
  z
    .object({
      object: z.literal('movie'),
      /** 'movie' is showing or soon to show; 'movie_coming' has no showtimes yet. */
      objectClass: z.enum(['movie', 'movie_coming']),
      ...commonFields,
      features: movieFeaturesSchema,
    })
    .strict(),
  z
    .object({
      object: z.literal('culture'),
      objectClass: z.literal('culture'),
      ...commonFields,
      features: cultureFeaturesSchema,
    })
    .strict(),
]);

export type Production = z.infer<typeof productionSchema>;
export type Movie = Extract<Production, { object: 'movie' }>;
export type CultureProduction = Extract<Production, { object: 'culture' }>;
export type AgeLimit = z.infer<typeof ageLimitSchema>;
