/**
 * The film club's entities (SPEC §3) and how the partner's answers become them. SPEC §3 gives
 * movie info as capitalised fields but lists reviews and tickets in camelCase, so every record
 * is read in either case (`Comment` or `comment`; a ticket's image from `Poster`, `poster`,
 * `Image` or `image`). Answers are checked field by field: a missing or mistyped field falls
 * back to an empty value instead of breaking a screen, and the fields a record lacked are
 * reported (a logged warning, once per answer), so a partner's change of shape shows in the
 * console instead of as blank cards.
 */
export interface UserProfile {
  readonly userName: string;
  readonly email: string;
  readonly token: string;
}

export interface MovieInfo {
  readonly title: string;
  readonly movieId: number;
  readonly edis: string[];
  readonly rating: number | null;
  readonly ratingCount: number;
  readonly poster: string | null;
  readonly link: string | null;
}

export interface Review {
  readonly id: string;
  readonly comment: string;
  readonly rating: number | null;
  readonly addedAt: string;
  readonly likesCount: number;
  readonly movieId: number;
  readonly userId: string;
  readonly userName: string;
  readonly image: string | null;
  readonly isLiked: boolean;
}

export interface SeatRow {
  readonly row: number;
  readonly seats: number[];
}

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

export interface WatchItem {
  readonly movieId: number;
  readonly title: string;
  readonly edis: string[];
  readonly poster: string | null;
  readonly link: string | null;
}

type Raw = Record<string, unknown>;
const obj = (value: unknown): Raw => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Raw) : {});
const str = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const optNum = (value: unknown): number | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value.replace(',', '.'));
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
};
const num = (value: unknown): number => optNum(value) ?? 0;
const optStr = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const capitalised = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);

/**
 * One record's fields by their camelCase name, found in either case. `field()` notes every
 * expected field the record lacks in both cases (null counts as given: 'no image' is an answer).
 */
class Fields {
  readonly missing: string[] = [];
  readonly #raw: Raw;
  constructor(answer: unknown) {
    this.#raw = obj(answer);
  }
  /** The value of the first of these names (each tried as written and capitalised). */
  field(name: string, ...alternatives: string[]): unknown {
    for (const candidate of [name, ...alternatives]) {
      for (const key of [candidate, capitalised(candidate)]) if (key in this.#raw && this.#raw[key] !== undefined) return this.#raw[key];
    }
    this.missing.push(name);
    return undefined;
  }
}

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
  const raw = obj(answer);
  const token = str(raw['marsToken']);
  return token ? { userName: str(raw['UserName']), email: str(raw['UserInfo']), token } : null;
}

/** Sign-up answer: UserName, ContactEmail, Token. */
export function profileFromSignUp(answer: unknown): UserProfile | null {
  const raw = obj(answer);
  const token = str(raw['Token']);
  return token ? { userName: str(raw['UserName']), email: str(raw['ContactEmail']), token } : null;
}

/** Where a film's picture may be: the partner's poster, or an image field. */
const imageFields = ['poster', 'image'] as const;

export function readMovieInfo(answer: unknown): Read<MovieInfo | null> {
  const f = new Fields(answer);
  const title = str(f.field('title'));
  const value: MovieInfo = {
    title,
    movieId: num(f.field('movieId')),
    edis: list(f.field('edis')).map(str).filter(Boolean),
    rating: optNum(f.field('rating')),
    ratingCount: num(f.field('ratingCount')),
    poster: optStr(f.field(...imageFields)),
    link: optStr(f.field('link')),
  };
  return { value: title ? value : null, missing: f.missing };
}

export function readReview(answer: unknown): Read<Review> {
  const f = new Fields(answer);
  const value: Review = {
    id: str(f.field('id')),
    comment: str(f.field('comment')),
    rating: optNum(f.field('rating')),
    addedAt: str(f.field('addedAt')),
    likesCount: num(f.field('likesCount')),
    movieId: num(f.field('movieId')),
    userId: str(f.field('userId')),
    userName: str(f.field('userName')),
    image: optStr(f.field('image')),
    isLiked: f.field('isLiked') === true,
  };
  return { value, missing: f.missing };
}

export function readTicket(answer: unknown): Read<Ticket> {
  const f = new Fields(answer);
  const seatsRaw = f.field('seatsInfo');
  const seats = new Fields(seatsRaw);
  const info = str(seats.field('info'));
  const rows = list(seats.field('seats')).map((row) => {
    const r = new Fields(row);
    return {
      row: num(r.field('row')),
      seats: list(r.field('seats'))
        .map(num)
        .filter((seat) => seat > 0),
    };
  });
  const value: Ticket = {
    movieId: num(f.field('movieId')),
    movieTitle: str(f.field('movieTitle')),
    notes: str(f.field('notes')),
    qrCode: str(f.field('qrCode')),
    qrUrl: str(f.field('qrUrl')),
    startTime: str(f.field('startTime')),
    expirationDate: str(f.field('expirationDate')),
    // SPEC §3: the ticket's image comes from the poster.
    image: optStr(f.field(...imageFields)),
    sal: str(f.field('sal')),
    seatsInfo: { info, seats: rows },
  };
  // Inside seatsInfo only its own two fields count; a ticket without seatsInfo is reported once.
  const missing = seatsRaw === undefined ? f.missing : [...f.missing, ...seats.missing.map((name) => `seatsInfo.${name}`)];
  return { value, missing };
}

export function readWatchItem(answer: unknown): Read<WatchItem> {
  const f = new Fields(answer);
  const value: WatchItem = {
    movieId: num(f.field('movieId')),
    title: str(f.field('title')),
    edis: list(f.field('edis')).map(str).filter(Boolean),
    poster: optStr(f.field(...imageFields)),
    link: optStr(f.field('link')),
  };
  return { value, missing: f.missing };
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
export function qrPayload(ticket: Ticket): string {
  return ticket.qrUrl || ticket.qrCode;
}
