import { z } from 'astro/zod';

/** The site record as the platform's `GET sites` delivers it. */
export const siteSchema = z
  .object({
    /** Platform id of the site; event sources take it as a parameter. */
    id: z.string().min(1),
    /** Name of the house, the first half of every page title ('{site} | {page}'). */
    title: z.string().min(1),
  })
  .strict();

export type Site = z.infer<typeof siteSchema>;
