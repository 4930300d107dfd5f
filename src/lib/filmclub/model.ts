/**
 * The film club's entities (SPEC §3) as Zod schemas of what a partner answers, and how those
 * answers become the records the screens show. SPEC §3 gives movie info as capitalised fields
 * but lists reviews and tickets in camelCase, so every record is read in either case: its field
 * names are put in camelCase first (`Comment` and `comment` alike), then the schema reads it.
 *
 * A real partner is not always tidy, so each field coerces what it may send (an id as a number
 * or as text, a rating as `4.3` or `'4,3'`) and falls back to an empty value when a field is
 * missing or of a type it cannot use, instead of breaking a screen. The fields a record lacked
 * are reported (a logged warning, once per answer), so a partner's change of shape shows in the
 * console instead of as blank cards.
 */
import { z } from 'astro/zod';

// ---- field kinds ----------------------------------------------------------------------------

/** A number, or text holding one (a decimal comma allowed); anything else is no number. */
function numberOrNull(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value.trim().replace(',', '.'));
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/** Text: a string, or a number written out (ids come as either). Anything else reads as ''. */
const text = z.union([z.string(), z.number().finite()]).transform(String).catch('');
/** Text that may be absent: '' and anything not text read as null ('no picture' is an answer). */
const optionalText = z
  .string()
  .transform((value) => (value === '' ? null : value))
  .catch(null);
/** A number that may be absent (a rating): null when missing or unreadable. */
const optionalNumber = z.unknown().transform(numberOrNull);
/** A count or an id: 0 when missing or unreadable. */
const count = z.unknown().transform((value) => numberOrNull(value) ?? 0);
/** A yes/no flag: true only for true (or 'true' or 1, as some partners write it). */
const flag = z.unknown().transform((value) => value === true || value === 'true' || value === 1);
/** A list of anything, [] when the field is not a list. */
const anyList = z.array(z.unknown()).catch([]);
/** A list of texts (EDI numbers, which may come as numbers); empty entries dropped. */
const texts = anyList.transform((values) => values.map((value) => text.parse(value)).filter(Boolean));

/**
 * Seat numbers: whole numbers from 0 up (a partner may count seats from 0, and a seat numbered
 * 0 is still a seat the member paid for); entries that are no seat number at all are dropped.
 */
const seatNumbers = anyList.transform((values) =>
  values.map(numberOrNull).filter((seat): seat is number => seat !== null && Number.isInteger(seat) && seat >= 0),
);

// ---- field names in either case ---------------------------------------------------------------

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const camel = (name: string): string => name.charAt(0).toLowerCase() + name.slice(1);

/**
 * A partner record with its field names in camelCase, whichever case they came in ('MovieTitle'
 * becomes 'movieTitle'). A field given in both cases keeps its camelCase value; undefined counts
 * as not given. Anything that is not a record reads as one without fields.
 */
export function camelCaseFields(value: unknown): Record<string, unknown> {
  const fields = new Map<string, unknown>();
  if (!isRecord(value)) return {};
  for (const [key, inner] of Object.entries(value)) {
    if (inner === undefined) continue;
    const name = camel(key);
    if (!fields.has(name) || key === name) fields.set(name, inner);
  }
  return Object.fromEntries(fields);
}

/** An object schema that reads a partner record in either case. */
const partnerRecord = <Shape extends z.ZodRawShape>(shape: Shape) => z.preprocess(camelCaseFields, z.object(shape));

/** An expected field by its camelCase name, or with the other names it may come under (the first is reported). */
type Expected = string | readonly [string, ...string[]];

/** The expected fields a record (already in camelCase) lacks under every name they may have. */
function lacking(fields: Record<string, unknown>, expected: readonly Expected[]): string[] {
  return expected
    .filter((names) => (typeof names === 'string' ? [names] : names).every((name) => fields[name] === undefined))
    .map((names) => (typeof names === 'string' ? names : names[0]));
}

// ---- the partner's records ------------------------------------------------------------------

/** The signed-in member (SPEC §3), as kept in app state and localStorage. */
export interface UserProfile {
  readonly userName: string;
  readonly email: string;
  readonly token: string;
}

/** Login answer (SPEC §7): signed in only when it carries a marsToken (SPEC §4). */
export const loginAnswerSchema = partnerRecord({
  /** The member's session token; the X-Token of the token switch. */
  marsToken: text,
  /** The member's name as shown. */
  userName: text,
  /** The member's e-mail address. */
  userInfo: text,
});

/** Sign-up answer (SPEC §3): UserName, ContactEmail, Token. */
export const signUpAnswerSchema = partnerRecord({
  /** The new member's session token. */
  token: text,
  /** The member's name as shown. */
  userName: text,
  /** The member's e-mail address. */
  contactEmail: text,
});

/** A film as the partner knows it (GET movieInfo); capitalised in SPEC §3. */
export const movieInfoSchema = partnerRecord({
  /** The film's title; an answer without one is no film. */
  title: text,
  /** The partner's id of the film, what addMovieToWatchList takes. */
  movieId: count,
  /** The film's EDI numbers (each version has its own). */
  edis: texts,
  /** Members' average rating, 1–5; null when nobody has rated it. */
  rating: optionalNumber,
  /** How many members rated it. */
  ratingCount: count,
  /** The partner's poster URL (some partners call it image). */
  poster: optionalText,
  image: optionalText,
  /** The film's page at the partner. */
  link: optionalText,
});
const movieInfoFields: readonly Expected[] = ['title', 'movieId', 'edis', 'rating', 'ratingCount', ['poster', 'image'], 'link'];

export interface MovieInfo {
  readonly title: string;
  readonly movieId: number;
  readonly edis: string[];
  readonly rating: number | null;
  readonly ratingCount: number;
  readonly poster: string | null;
  readonly link: string | null;
}

/** A member's review of a film (GET reviews); camelCase in SPEC §3. */
export const reviewSchema = partnerRecord({
  /** The review's id (a number or text). */
  id: text,
  /** What the member wrote. */
  comment: text,
  /** The member's stars, 1–5; null for none. */
  rating: optionalNumber,
  /** When it was written, ISO 8601. */
  addedAt: text,
  /** How many members like it. */
  likesCount: count,
  /** The film's id at the partner. */
  movieId: count,
  /** The author's id (a number or text). */
  userId: text,
  /** The author's name as shown. */
  userName: text,
  /** The author's picture, often a data URL; null for none. */
  image: optionalText,
  /** Whether the signed-in member likes it. */
  isLiked: flag,
});
const reviewFields: readonly Expected[] = ['id', 'comment', 'rating', 'addedAt', 'likesCount', 'movieId', 'userId', 'userName', 'image', 'isLiked'];

export type Review = Readonly<z.infer<typeof reviewSchema>>;

/** One row of a ticket's seats. */
export const seatRowSchema = partnerRecord({
  /** The row number. */
  row: count,
  /** The seat numbers in that row (0 is a seat too). */
  seats: seatNumbers,
});

export interface SeatRow {
  readonly row: number;
  readonly seats: number[];
}

/** A ticket's seats: a summary ('2 plassar') and the seats by row. */
export const seatsInfoSchema = partnerRecord({
  /** The partner's summary of the seats. */
  info: text,
  /** The seats by row. */
  seats: anyList.transform((rows) => rows.map((row) => seatRowSchema.parse(row))),
});

/** A member's ticket (GET tickets); camelCase in SPEC §3. */
export const ticketSchema = partnerRecord({
  /** The film's id at the partner. */
  movieId: count,
  /** The film's title. */
  movieTitle: text,
  /** A note for the member (wheelchair space, say). */
  notes: text,
  /** The ticket's code, checked at the door. */
  qrCode: text,
  /** A URL the QR code may carry instead of the bare code. */
  qrUrl: text,
  /** When the showing starts, ISO 8601 with offset. */
  startTime: text,
  /** When the ticket stops being valid (the end of the showing). */
  expirationDate: text,
  /** The film's poster (SPEC §3: the ticket's image comes from the poster; some partners say image). */
  poster: optionalText,
  image: optionalText,
  /** The hall. */
  sal: text,
  /** The seats. */
  seatsInfo: z.unknown(),
});
const ticketFields: readonly Expected[] = [
  'movieId',
  'movieTitle',
  'notes',
  'qrCode',
  'qrUrl',
  'startTime',
  'expirationDate',
  ['poster', 'image'],
  'sal',
  'seatsInfo',
];

export interface Ticket {
  readonly movieId: number;
  readonly movieTitle: string;
  readonly notes: string;
  readonly qrCode: string;
  readonly qrUrl: string;
  readonly startTime: string;
  readonly expirationDate: string;
  readonly image: string | null;
  readonly sal: string;
  readonly seatsInfo: { readonly info: string; readonly seats: SeatRow[] };
}

/** A film on the member's watch list (GET watchlist). */
export const watchItemSchema = partnerRecord({
  /** The film's id at the partner. */
  movieId: count,
  /** The film's title. */
  title: text,
  /** The film's EDI numbers. */
  edis: texts,
  /** The partner's poster URL (or image). */
  poster: optionalText,
  image: optionalText,
  /** The film's page at the partner. */
  link: optionalText,
});
const watchItemFields: readonly Expected[] = ['movieId', 'title', 'edis', ['poster', 'image'], 'link'];

export interface WatchItem {
  readonly movieId: number;
  readonly title: string;
  readonly edis: string[];
  readonly poster: string | null;
  readonly link: string | null;
}

// ---- reading answers ------------------------------------------------------------------------

/** A record as read, and the expected fields (camelCase names) it lacked. */
export interface Read<T> {
  readonly value: T;
  readonly missing: readonly string[];
}

export type MissingFieldsReport = (entity: string, missing: readonly string[], records: number, of: number) => void;

/** The default report: one console warning per answer naming the fields that were lacking. */
export const warnMissingFields: MissingFieldsReport = (entity, missing, records, of) =>
  console.warn(`Film club: ${records} of ${of} ${entity} records lack expected fields: ${missing.join(', ')}`);

/** Reads a list answer record by record; fields lacking in any record are reported once. */
export function readList<T>(
  answer: readonly unknown[],
  read: (record: unknown) => Read<T>,
  entity: string,
  report: MissingFieldsReport = warnMissingFields,
): T[] {
  const missing = new Set<string>();
  let lacking = 0;
  const values = answer.map((record) => {
    const result = read(record);
    if (result.missing.length > 0) lacking += 1;
    for (const name of result.missing) missing.add(name);
    return result.value;
  });
  if (missing.size > 0) report(entity, [...missing], lacking, answer.length);
  return values;
}

/** Login answer: signed in only when it carries a marsToken (SPEC §4). */
export function profileFromLogin(answer: unknown): UserProfile | null {
  const { marsToken, userName, userInfo } = loginAnswerSchema.parse(answer);
  return marsToken ? { userName, email: userInfo, token: marsToken } : null;
}

/** Sign-up answer: UserName, ContactEmail, Token. */
export function profileFromSignUp(answer: unknown): UserProfile | null {
  const { token, userName, contactEmail } = signUpAnswerSchema.parse(answer);
  return token ? { userName, email: contactEmail, token } : null;
}

export function readMovieInfo(answer: unknown): Read<MovieInfo | null> {
  const { image, poster, ...info } = movieInfoSchema.parse(answer);
  const value: MovieInfo = { ...info, poster: poster ?? image };
  return { value: value.title ? value : null, missing: lacking(camelCaseFields(answer), movieInfoFields) };
}

export function readReview(answer: unknown): Read<Review> {
  return { value: reviewSchema.parse(answer), missing: lacking(camelCaseFields(answer), reviewFields) };
}

export function readTicket(answer: unknown): Read<Ticket> {
  const { poster, image, seatsInfo: seatsRaw, ...ticket } = ticketSchema.parse(answer);
  const seatsInfo = seatsInfoSchema.parse(seatsRaw);
  // Inside seatsInfo only its own two fields count; a ticket without seatsInfo is reported once.
  const missing = lacking(camelCaseFields(answer), ticketFields);
  if (seatsRaw !== undefined) missing.push(...lacking(camelCaseFields(seatsRaw), ['info', 'seats']).map((name) => `seatsInfo.${name}`));
  // SPEC §3: the ticket's image comes from the poster.
  return { value: { ...ticket, image: poster ?? image, seatsInfo }, missing };
}

export function readWatchItem(answer: unknown): Read<WatchItem> {
  const { image, poster, ...item } = watchItemSchema.parse(answer);
  return { value: { ...item, poster: poster ?? image }, missing: lacking(camelCaseFields(answer), watchItemFields) };
}

/** One record on its own; lacking fields are reported as for a list of one. */
function single<T>(read: (record: unknown) => Read<T>, entity: string) {
  return (answer: unknown, report: MissingFieldsReport = warnMissingFields): T => {
    const result = read(answer);
    if (result.missing.length > 0) report(entity, result.missing, 1, 1);
    return result.value;
  };
}

export const toMovieInfo = single(readMovieInfo, 'movie info');
export const toReview = single(readReview, 'review');
export const toTicket = single(readTicket, 'ticket');
export const toWatchItem = single(readWatchItem, 'watch list');

/** What the QR code on a ticket encodes: its URL when there is one, else its code. */
export function qrPayload(ticket: Pick<Ticket, 'qrCode' | 'qrUrl'>): string {
  return ticket.qrUrl || ticket.qrCode;
}
