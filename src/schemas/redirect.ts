import { z } from 'astro/zod';

const sitePath = z.string().regex(/^\/[^\s?#]*$/, 'must be a site path starting with /');

/** A permanent redirect from an old path to its new home. */
export const redirectSchema = z
  .object({
    /** The old path, without trailing slash. */
    from: sitePath,
    /** The path to send visitors to. */
    to: sitePath,
  })
  .strict();

/** Another path that shows the same page as `path`; the canonical link points at `path`. */
export const aliasSchema = z
  .object({
    /** The extra path. */
    alias: sitePath,
    /** The path of the page it shows. */
    path: sitePath,
  })
  .strict();

export type Redirect = z.infer<typeof redirectSchema>;
export type Alias = z.infer<typeof aliasSchema>;
