import { z } from 'astro/zod';

/** The site theme: look, logo and the menus the header and footer render. */
export const themeSchema = z
  .object({
    /** Platform id of the theme. */
    id: z.string().min(1),
    /** Human name of the theme. */
    name: z.string().min(1),
    /** Visual variant; 'variant-79' is the culture-house design in src/styles. */
    variant: z.string().min(1),
    /** Path or URL of the logo image. */
    logo: z.string().min(1),
    /** Text alternative for the logo; it is also the home link's name. */
    logoAlt: z.string().min(1),
    language: z
      .object({
        /** Where a language switch would submit. */
        submitPath: z.string(),
        /** Shows the language switch; off for this nb-only site. */
        enabled: z.boolean(),
        /** Icon for the switch. */
        languageIcon: z.string(),
      })
      .strict(),
    /** Menu places this theme renders, such as ['header', 'footer']. */
    menu: z.array(z.enum(['header', 'footer'])),
    /** Release train of the theme. */
    train: z.string(),
  })
  .strict();

export type Theme = z.infer<typeof themeSchema>;
