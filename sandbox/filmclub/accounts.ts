/**
 * Members of one partner's film club, persisted as one JSON file in the partner's data
 * directory: accounts (scrypt password hashes with a per-account salt, never the password),
 * issued tokens and sessions (as SHA-256 digests, never the secrets themselves), tickets and
 * watch lists. Every change is written at once, to a temporary file renamed over the old one,
 * so a crash never leaves half a file and a restart loses nothing.
 *
 * A file that cannot be read as a store is set aside (renamed with a `.corrupt-<time>` suffix),
 * logged, and the store starts empty: a broken sandbox file must never stop the sandbox.
 */
import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Catalogue, Partner } from './catalogue';
import { demoTickets, welcomeTicket, type Ticket } from './tickets';

/** The public demo account, seeded into every partner's store (named in docs/site/film-club.md). */
export const demoMember = {
  email: 'medlem@kulturhuset-kaia.example',
  password: 'Kinokveld2026',
  userName: 'Kari Nordvik',
} as const;

export const storeFileName = 'filmclub.json';

/** Shortest password sign-up accepts. */
export const minPasswordLength = 8;

/** How many tokens and sessions a member keeps; older ones stop working. */
const keptPerMember = 20;

/** scrypt cost: Node's defaults (N = 2^14, r = 8, p = 1), 64-byte key, 16-byte salt. */
const scryptParams = { N: 16384, r: 8, p: 1, keyLength: 64 } as const;

export interface PasswordHash {
  algorithm: 'scrypt';
  N: number;
  r: number;
  p: number;
  keyLength: number;
  /** base64 */
  salt: string;
  /** base64 */
  hash: string;
}

export interface MemberRecord {
  id: number;
  /** As the member typed it (trimmed); looked up case-insensitively. */
  email: string;
  userName: string;
  createdAt: string;
  password: PasswordHash;
  /** SHA-256 (hex) of each marsToken issued to the member, oldest first. */
  tokens: { hash: string; createdAt: string }[];
  tickets: Ticket[];
  /** Movie ids in the order added. */
  watchlist: number[];
}

interface SessionRecord {
  /** SHA-256 (hex) of the cookie value. */
  hash: string;
  memberId: number;
  createdAt: string;
}

interface StoreData {
  version: 1;
  partner: number;
  nextMemberId: number;
  nextTicketSerial: number;
  members: MemberRecord[];
  sessions: SessionRecord[];
}

export type SignupResult = { ok: true; member: MemberRecord } | { ok: false; reason: 'exists' };

export class AccountStore {
  readonly file: string;
  readonly #dataDir: string;
  readonly #partner: Partner;
  readonly #catalogue: Catalogue;
  #data: StoreData;

  private constructor(dataDir: string, partner: Partner, catalogue: Catalogue, data: StoreData) {
    this.#dataDir = dataDir;
    this.file = join(dataDir, storeFileName);
    this.#partner = partner;
    this.#catalogue = catalogue;
    this.#data = data;
  }

  /** Loads the store from `dataDir` (creating it), and seeds the demo member if missing. */
  static async open(dataDir: string, partner: Partner, catalogue: Catalogue): Promise<AccountStore> {
    mkdirSync(dataDir, { recursive: true });
    const store = new AccountStore(dataDir, partner, catalogue, load(join(dataDir, storeFileName), partner));
    if (!store.findByEmail(demoMember.email)) {
      const member = await store.#newMember(demoMember.email, demoMember.password, demoMember.userName);
      member.tickets = demoTickets(partner, catalogue, () => store.#data.nextTicketSerial++);
      // Two films on the watch list: the first two that are not among the tickets.
      const ticketed = new Set(member.tickets.map((ticket) => ticket.MovieId));
      member.watchlist = catalogue.movies
        .filter((movie) => !ticketed.has(movie.movieId))
        .slice(0, 2)
        .map((movie) => movie.movieId);
      store.#insert(member);
    }
    return store;
  }

  findByEmail(email: string): MemberRecord | undefined {
    const key = emailKey(email);
    return this.#data.members.find((member) => emailKey(member.email) === key);
  }

  /** The member whose e-mail and password these are; undefined otherwise (in similar time). */
  async verify(email: string, password: string): Promise<MemberRecord | undefined> {
    const member = this.findByEmail(email);
    // Without an account, still hash once, so timing does not tell which e-mails exist.
    const matches = await checkPassword(password, member?.password ?? dummyHash);
    return member && matches ? member : undefined;
  }

  /** Creates a member with one welcome ticket and an empty watch list. */
  async signup(email: string, password: string, userName: string): Promise<SignupResult> {
    if (this.findByEmail(email)) return { ok: false, reason: 'exists' };
    const member = await this.#newMember(email, password, userName);
    // Checked again: another sign-up for the same e-mail may have finished while hashing.
    if (this.findByEmail(email)) return { ok: false, reason: 'exists' };
    const ticket = welcomeTicket(this.#partner, this.#catalogue, member.email, this.#data.nextTicketSerial++);
    member.tickets = ticket ? [ticket] : [];
    this.#insert(member);
    return { ok: true, member };
  }

  /** Issues a new marsToken for the member (older ones stay valid, up to a limit). */
  issueToken(member: MemberRecord): string {
    const token = randomBytes(32).toString('base64url');
    member.tokens.push({ hash: digest(token), createdAt: new Date().toISOString() });
    member.tokens = member.tokens.slice(-keptPerMember);
    this.#save();
    return token;
  }

  memberByToken(token: string): MemberRecord | undefined {
    if (token === '') return undefined;
    const hash = digest(token);
    return this.#data.members.find((member) => member.tokens.some((issued) => safeEqualHex(issued.hash, hash)));
  }

  /** Opens a session for the member; returns the cookie value. */
  createSession(member: MemberRecord): string {
    const id = randomBytes(32).toString('base64url');
    this.#data.sessions.push({ hash: digest(id), memberId: member.id, createdAt: new Date().toISOString() });
    const mine = this.#data.sessions.filter((session) => session.memberId === member.id);
    if (mine.length > keptPerMember) {
      const dropped = new Set(mine.slice(0, mine.length - keptPerMember));
      this.#data.sessions = this.#data.sessions.filter((session) => !dropped.has(session));
    }
    this.#save();
    return id;
  }

  /** The member of the first of these cookie values that is a live session. */
  memberBySession(ids: readonly string[]): MemberRecord | undefined {
    for (const id of ids) {
      const hash = digest(id);
      const session = this.#data.sessions.find((candidate) => safeEqualHex(candidate.hash, hash));
      const member = session && this.#data.members.find((candidate) => candidate.id === session.memberId);
      if (member) return member;
    }
    return undefined;
  }

  /** Adds a movie to the member's watch list unless it is there already. */
  addToWatchlist(member: MemberRecord, movieId: number): void {
    if (member.watchlist.includes(movieId)) return;
    member.watchlist.push(movieId);
    this.#save();
  }

  async #newMember(email: string, password: string, userName: string): Promise<MemberRecord> {
    return {
      id: 0,
      email: email.trim(),
      userName: userName.trim(),
      createdAt: new Date().toISOString(),
      password: await hashPassword(password),
      tokens: [],
      tickets: [],
      watchlist: [],
    };
  }

  #insert(member: MemberRecord): void {
    member.id = this.#data.nextMemberId++;
    this.#data.members.push(member);
    this.#save();
  }

  /** Writes the whole store to a temporary file and renames it over the old one. */
  #save(): void {
    mkdirSync(this.#dataDir, { recursive: true });
    const temp = `${this.file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    writeFileSync(temp, `${JSON.stringify(this.#data, null, 2)}\n`, { mode: 0o600 });
    renameSync(temp, this.file);
  }
}

function emptyStore(partner: Partner): StoreData {
  return { version: 1, partner, nextMemberId: 1, nextTicketSerial: 1, members: [], sessions: [] };
}

/** Reads the store file; a missing file is an empty store, a malformed one is set aside. */
function load(file: string, partner: Partner): StoreData {
  if (!existsSync(file)) return emptyStore(partner);
  let problem: string;
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    const reason = storeProblem(data);
    if (reason === undefined) return data as StoreData;
    problem = reason;
  } catch (error) {
    problem = (error as Error).message;
  }
  const aside = `${file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  try {
    renameSync(file, aside);
    console.warn(`filmclub sandbox ${partner}: ${file} is malformed (${problem}); starting empty, old file kept as ${aside}`);
  } catch {
    console.warn(`filmclub sandbox ${partner}: ${file} is malformed (${problem}); starting empty`);
  }
  return emptyStore(partner);
}

/** Why a parsed value is not a store (undefined when it is one). */
function storeProblem(value: unknown): string | undefined {
  if (!isObject(value)) return 'not an object';
  if (value['version'] !== 1) return 'unknown version';
  if (!isCounter(value['nextMemberId']) || !isCounter(value['nextTicketSerial'])) return 'bad counters';
  const members = value['members'];
  const sessions = value['sessions'];
  if (!Array.isArray(members) || !Array.isArray(sessions)) return 'members and sessions must be arrays';
  if (!members.every(isMemberRecord)) return 'a member record is malformed';
  if (!sessions.every(isSessionRecord)) return 'a session record is malformed';
  return undefined;
}

function isMemberRecord(value: unknown): value is MemberRecord {
  if (!isObject(value)) return false;
  const password = value['password'];
  return (
    isCounter(value['id']) &&
    typeof value['email'] === 'string' &&
    typeof value['userName'] === 'string' &&
    typeof value['createdAt'] === 'string' &&
    isObject(password) &&
    password['algorithm'] === 'scrypt' &&
    ['N', 'r', 'p', 'keyLength'].every((key) => isCounter(password[key])) &&
    typeof password['salt'] === 'string' &&
    typeof password['hash'] === 'string' &&
    Array.isArray(value['tokens']) &&
    value['tokens'].every((token) => isObject(token) && typeof token['hash'] === 'string') &&
    Array.isArray(value['tickets']) &&
    value['tickets'].every((ticket) => isObject(ticket) && typeof ticket['QrCode'] === 'string') &&
    Array.isArray(value['watchlist']) &&
    value['watchlist'].every((id) => Number.isInteger(id))
  );
}

function isSessionRecord(value: unknown): boolean {
  return isObject(value) && typeof value['hash'] === 'string' && Number.isInteger(value['memberId']);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isCounter(value: unknown): boolean {
  return Number.isInteger(value) && (value as number) > 0;
}

export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

function digest(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

function safeEqualHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

function scryptAsync(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<PasswordHash> {
  const { N, r, p, keyLength } = scryptParams;
  const salt = randomBytes(16);
  const hash = await scryptAsync(password.normalize('NFC'), salt, keyLength, { N, r, p });
  return { algorithm: 'scrypt', N, r, p, keyLength, salt: salt.toString('base64'), hash: hash.toString('base64') };
}

export async function checkPassword(password: string, stored: PasswordHash): Promise<boolean> {
  const expected = Buffer.from(stored.hash, 'base64');
  const { N, r, p } = stored;
  // Generous ceiling so stored costs above Node's default still verify.
  const maxmem = 256 * N * r + 1024 * 1024;
  const actual = await scryptAsync(password.normalize('NFC'), Buffer.from(stored.salt, 'base64'), stored.keyLength, {
    N,
    r,
    p,
    maxmem,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Compared against when the e-mail is unknown; no password matches it on purpose. */
const dummyHash: PasswordHash = {
  algorithm: 'scrypt',
  ...scryptParams,
  salt: randomBytes(16).toString('base64'),
  hash: randomBytes(scryptParams.keyLength).toString('base64'),
};
