import { z } from 'astro/zod';

/** ISO 8601 date-time with an explicit offset, such as 2026-11-24T19:00:00+01:00. */
const offsetDateTime = z.string().datetime({ offset: true });

/** One performance or showtime, as the box office delivers it (the runtime API's basic_events). */
export const eventSchema = z
  .object({
    /** Platform id; the box office's events call asks for it. */
    id: z.string().min(1),
    /** Platform site id the event belongs to. */
    siteId: z.string().min(1),
    /** Whether it is a film showing or a culture event. */
    object: z.enum(['movie', 'culture']),
    /** Link to the production; at least one of the two fields. */
    production: z
      .object({
        /** The production's pageReference. */
        pageReference: z.string().optional(),
        /** The production's parentSlug. */
        parentSlug: z.string().optional(),
      })
      .strict()
      .refine((link) => link.pageReference || link.parentSlug, 'needs pageReference or parentSlug'),
    /** Start, with offset. */
    startTime: offsetDateTime,
    /** End, with offset, when known. */
    endTime: offsetDateTime.optional(),
    venue: z
      .object({
        /** Stable id of the hall. */
        id: z.string().min(1),
        /** Hall name as shown. */
        name: z.string().min(1),
      })
      .strict(),
    /** Where the ticket is bought at the external provider. */
    ticketUrl: z.string().url(),
    /** Whether the event goes ahead as planned. */
    status: z.enum(['scheduled', 'cancelled', 'postponed', 'rescheduled']),
    /** Ticket availability. 'few' shows 'Nesten utselt'. */
    availability: z.enum(['available', 'few', 'soldout']),
    /** Lowest full price in NOK, or null for free events. */
    price: z.number().nonnegative().nullable(),
    /** For films: the EDI number of the version shown. */
    ediNumber: z
      .string()
      .regex(/^\d{4,}$/)
      .optional(),
    /** Version as shown, such as '2D, norsk tale'. */
    version: z.string().optional(),
    /** Special screenings and marks: babykino, seniorkino, strikkekino, tilrettelagd, synstolking. */
    tags: z.array(z.string().min(1)),
  })
  .strict();

export type Event = z.infer<typeof eventSchema>;
