import { z } from 'astro/zod';

/** One item in a footer column: plain text, trusted HTML from the CMS, or a link. */
export const footerItemSchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('text'),
      /** A line of plain text, such as the street address. */
      text: z.string().min(1),
    })
    .strict(),
  z
    .object({
      type: z.literal('html'),
      /** Sanitised HTML written by content staff (opening hours and the like). */
      html: z.string().min(1),
    })
    .strict(),
  z
    .object({
      type: z.literal('link'),
      /** Visible link text. */
      label: z.string().min(1),
      /** Site path ('/kontakt') or absolute URL for other sites. */
      href: z.string().min(1),
      /** Opens in a new window; only for links that leave the site. */
      openInNewWindow: z.boolean().optional(),
      /** Language of the target page when it differs from the site's, such as 'nn'. */
      hreflang: z.string().optional(),
    })
    .strict(),
]);

export const footerColumnSchema = z
  .object({
    /** Stable id, used as React/Astro key and in tests. */
    id: z.string().min(1),
    /** Heading of the column. */
    title: z.string().min(1),
    /** The items in display order. */
    items: z.array(footerItemSchema),
  })
  .strict();

/** Site configuration: which platform features are on and how the theme is set up. */
export const configSchema = z
  .object({
    /** Versions of the platform's component set. */
    components: z.object({ /** Release train of the component set, such as 'v1'. */ train: z.string() }).strict(),
    /** Cinema partner numbers; the first one selects the film-club API (118 or 178). */
    partners: z.array(z.number().int().positive()).min(1),
    locale: z
      .object({
        /** Locales the platform can serve. */
        available: z.array(z.string()),
        /** Locales switched on for this site. */
        enabled: z.array(z.string()),
        /** Locale used when nothing else is asked for; this site only has 'nb'. */
        default: z.string(),
      })
      .strict(),
    /** Public origin of the site, used for canonical URLs and the sitemap. No trailing slash. */
    host: z
      .string()
      .url()
      .refine((value) => !value.endsWith('/'), 'host must not end with a slash'),
    theme: z
      .object({
        search: z
          .object({
            /** Shows the search field in the header. */
            enabled: z.boolean(),
            /** Where the search form submits (GET with ?q=). */
            submitPath: z.string().startsWith('/'),
            /**
             * Words visitors use for the same thing (bokmål and nynorsk forms, a word and its
             * compound), each group searched as one: ['leige', 'leie', 'utleige']. Lower case.
             */
            wordForms: z.array(z.array(z.string().trim().min(1).toLowerCase()).min(2)).optional(),
          })
          .strict(),
        /** Path of the favicon in public/. */
        favicon: z.string().startsWith('/'),
        footer: z
          .object({
            /** Footer columns in display order. */
            columns: z.array(footerColumnSchema),
          })
          .strict(),
      })
      .strict(),
    analytics: z
      .object({
        /** Id of the advertising pixel; only loaded after consent. */
        pixelId: z.string(),
      })
      .strict(),
    /** Whether the platform marks the site as published; informational for us. */
    published: z.boolean(),
    /** Platform stage the content comes from. */
    stage: z.enum(['production', 'staging', 'development']),
    /**
     * The house's accessibility statement (tilgjengelegheitserklæring), which Norwegian law
     * requires public bodies to publish on uustatus.no; the footer links to it on every page.
     */
    accessibilityStatement: z
      .object({
        /** Link text in the footer. */
        label: z.string().min(1),
        /** Address of the published statement, such as https://uustatus.no/nn/erklaringar/publisert/…. */
        url: z
          .string()
          .url()
          .refine((value) => value.startsWith('https://'), 'accessibilityStatement.url must be an https address'),
        /** Language of the statement when it differs from the site's, such as 'nn'. */
        hreflang: z.string().optional(),
      })
      .strict(),
    /** Contact details shown in the footer and on the contact page. */
    contact: z
      .object({
        /** General e-mail address. */
        email: z.string().email(),
        /** Phone number as it is shown. */
        phone: z.string().min(1),
        /** Street address, postcode and place, as separate lines. */
        address: z
          .object({
            streetAddress: z.string(),
            postalCode: z.string().regex(/^\d{4}$/),
            addressLocality: z.string(),
            addressCountry: z.literal('NO'),
          })
          .strict(),
      })
      .strict(),
    /**
     * The ticket provider that sells the house's tickets. Optional: without it the site still
     * names the provider, but links nothing.
     */
    ticketProvider: z
      .object({
        /**
         * Address of the provider's own programme for the house, such as https://billett.example/kaia/:
         * where a programme read long after its build (the site not rebuilt) sends visitors for
         * the current one.
         */
        programmeUrl: z
          .string()
          .url()
          .refine((value) => value.startsWith('https://'), 'ticketProvider.programmeUrl must be an https address'),
      })
      .strict()
      .optional(),
    /** How the programme pages list what is on. Optional: without it they show 14 days. */
    programme: z
      .object({
        /**
         * Days /kinoprogram, /kulturprogram and their genre, category and age pages show, today
         * included; later days are on the week pages (/kinoprogram/veke/2026-50) and day pages.
         */
        horizonDays: z.number().int().min(1).max(366),
      })
      .strict()
      .optional(),
  })
  .strict();

export type SiteConfig = z.infer<typeof configSchema>;
export type FooterItem = z.infer<typeof footerItemSchema>;
export type FooterColumn = z.infer<typeof footerColumnSchema>;
