import { z } from 'astro/zod';
import { imageSchema } from './image';

/** Editorial content for blocks, as the management API's block-data delivers it. */
export const blockDataSchema = z.discriminatedUnion('type', [
  z
    .object({
      /** Stable id blocks refer to. */
      id: z.string().min(1),
      type: z.literal('content'),
      /** Optional heading rendered above the text. */
      title: z.string().optional(),
      /** Sanitised HTML from the CMS editor. */
      html: z.string().min(1),
    })
    .strict(),
  z
    .object({
      id: z.string().min(1),
      type: z.literal('cover'),
      /** Large heading on the cover. */
      title: z.string().min(1),
      /** One or two sentences under the heading. */
      lead: z.string().optional(),
      /** Cover image, cropped around its focal point. */
      image: imageSchema,
    })
    .strict(),
]);

export type BlockData = z.infer<typeof blockDataSchema>;
