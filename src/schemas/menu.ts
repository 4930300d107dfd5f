import { z } from 'astro/zod';

/**
 * One menu entry. Entries form a tree through `parent`; an entry whose parent is missing
 * (such as the older entries kept from another house's template) is never shown.
 */
export const menuItemSchema = z
  .object({
    /** Stable id; children point at it through `parent`. */
    id: z.string().min(1),
    /** Id of the parent entry, or null for a top-level entry. */
    parent: z.string().nullable(),
    /** Visible text. */
    label: z.string().min(1),
    /** Site path or absolute URL. */
    path: z.string().min(1),
    /** Which menu the entry belongs to. */
    place: z.enum(['header', 'footer']),
    /** Locale of the entry; only 'nb' entries are shown on this site. */
    locale: z.string(),
    /** Position among its siblings, lowest first. */
    order: z.number().int(),
    /** Opens the target in a new window. */
    openInNewWindow: z.boolean().optional(),
  })
  .strict();

export type MenuItem = z.infer<typeof menuItemSchema>;
