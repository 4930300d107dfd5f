/**
 * The film club's entities (SPEC §3) and how the partner's answers, whose field names are
 * capitalised, become them. Answers are checked field by field: a missing or mistyped field
 * falls back to an empty value instead of breaking a screen.
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
const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : Number(str(value)) || 0);
const optNum = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const optStr = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

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

export function toMovieInfo(answer: unknown): MovieInfo | null {
  const raw = obj(answer);
  const title = str(raw['Title']);
  if (!title) return null;
  return {
    title,
    movieId: num(raw['MovieId']),
    edis: list(raw['Edis']).map(str).filter(Boolean),
    rating: optNum(raw['Rating']),
    ratingCount: num(raw['RatingCount']),
    poster: optStr(raw['Poster']),
    link: optStr(raw['Link']),
  };
}

export function toReview(answer: unknown): Review {
  const raw = obj(answer);
  return {
    id: str(raw['Id']),
    comment: str(raw['Comment']),
    rating: optNum(raw['Rating']),
    addedAt: str(raw['AddedAt']),
    likesCount: num(raw['LikesCount']),
    movieId: num(raw['MovieId']),
    userId: str(raw['UserId']),
    userName: str(raw['UserName']),
    image: optStr(raw['Image']),
    isLiked: raw['IsLiked'] === true,
  };
}

export function toTicket(answer: unknown): Ticket {
  const raw = obj(answer);
  const seatsInfo = obj(raw['SeatsInfo']);
  return {
    movieId: num(raw['MovieId']),
    movieTitle: str(raw['MovieTitle']),
    notes: str(raw['Notes']),
    qrCode: str(raw['QrCode']),
    qrUrl: str(raw['QrUrl']),
    startTime: str(raw['StartTime']),
    expirationDate: str(raw['ExpirationDate']),
    image: optStr(raw['Poster']),
    sal: str(raw['Sal']),
    seatsInfo: {
      info: str(seatsInfo['Info']),
      seats: list(seatsInfo['Seats']).map((row) => ({ row: num(obj(row)['Row']), seats: list(obj(row)['Seats']).map(num) })),
    },
  };
}

export function toWatchItem(answer: unknown): WatchItem {
  const raw = obj(answer);
  return { movieId: num(raw['MovieId']), title: str(raw['Title']), edis: list(raw['Edis']).map(str).filter(Boolean), poster: optStr(raw['Poster']), link: optStr(raw['Link']) };
}

/** What the QR code on a ticket encodes: its URL when there is one, else its code. */
export function qrPayload(ticket: Ticket): string {
  return ticket.qrUrl || ticket.qrCode;
}
