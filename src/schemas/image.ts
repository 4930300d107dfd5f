import { z } from 'astro/zod';

/** A point of interest in an image, as fractions of width and height from the top left. */
export const focalPointSchema = z
  .object({
    /** 0 is the left edge, 1 the right edge. */
    x: z.number().min(0).max(1),
    /** 0 is the top edge, 1 the bottom edge. */
    y: z.number().min(0).max(1),
  })
  .strict();

/** An image from the CMS media library. */
export const imageSchema = z
  .object({
    /** Site path or absolute URL of the full-size file. */
    url: z.string().min(1),
    /** Text alternative; empty only for purely decorative images. */
    alt: z.string(),
    /** Intrinsic width in pixels, so the browser can reserve space. */
    width: z.number().int().positive(),
    /** Intrinsic height in pixels. */
    height: z.number().int().positive(),
    /** Where to keep the subject when the image is cropped. Centre when absent. */
    focalPoint: focalPointSchema.optional(),
  })
  .strict();

export type Image = z.infer<typeof imageSchema>;
export type FocalPoint = z.infer<typeof focalPointSchema>;
