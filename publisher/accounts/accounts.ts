/**
 * Named staff accounts: who may log in to the publish service, read from a JSON file that holds
 * each person's user name, display name and a scrypt hash of the password (salt and cost
 * parameters inside it), never the password itself. `npm run staff-user` writes it
 * (publisher/accounts/staff-user.ts); the service reads it (and reads it again when it changes).
 *
 *   {"accounts": [{"username": "anne", "name": "Anne Aas",
 *                  "password": "$scrypt$ln=15,r=8,p=1$<salt, base64>$<hash, base64>"}]}
 *
 * A file that is not JSON, or not that shape, is treated as holding no accounts (with a problem
 * saying why); a single malformed entry is left out and named, the rest stand.
 */
import { createHash, randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { statSync } from 'node:fs';
import { readStateText, writeFileAtomic } from '../../release/state-file';

export interface StaffAccount {
  /** The name typed at login: lower-case letters, digits, '.', '_' and '-', 2–32 characters. */
  readonly username: string;
  /** How the person is named in the run log and on the status page ('Anne Aas'). */
  readonly name: string;
  /** `$scrypt$ln=…,r=…,p=…$salt$hash` (see hashPassword). */
  readonly password: string;
}

export interface ScryptParams {
  /** log2 of scrypt's cost N. */
  readonly ln: number;
  /** Block size. */
  readonly r: number;
  /** Parallelism. */
  readonly p: number;
}

/** 2^15 × 8 × 128 bytes = 32 MiB of memory per check, some 100 ms on one core. */
export const DEFAULT_SCRYPT: ScryptParams = { ln: 15, r: 8, p: 1 };
/** What a stored hash may ask for at most, so a tampered file cannot make a login take minutes or gigabytes. */
const LIMITS = { ln: [10, 20], r: [1, 32], p: [1, 16] } as const;
/** Memory of one check (128 × N × r bytes) at most: twice the default's 32 MiB. */
export const MAX_SCRYPT_MEMORY = 64 * 1024 * 1024;
/** Work of one check (128 × N × r × p) at most: four times the default's. */
export const MAX_SCRYPT_WORK = 4 * 128 * 2 ** DEFAULT_SCRYPT.ln * DEFAULT_SCRYPT.r * DEFAULT_SCRYPT.p;

/** Why scrypt parameters are out of bounds, or undefined when they are within them. */
export function scryptParamsProblem(params: ScryptParams): string | undefined {
  for (const name of ['ln', 'r', 'p'] as const) {
    const [low, high] = LIMITS[name];
    if (!Number.isInteger(params[name]) || params[name] < low || params[name] > high) return `${name}=${params[name]} is outside ${low}–${high}`;
  }
  const memory = 128 * 2 ** params.ln * params.r;
  if (memory > MAX_SCRYPT_MEMORY)
    return `ln=${params.ln},r=${params.r} asks for ${memory / 2 ** 20} MiB per check (at most ${MAX_SCRYPT_MEMORY / 2 ** 20} MiB)`;
  if (memory * params.p > MAX_SCRYPT_WORK)
    return `ln=${params.ln},r=${params.r},p=${params.p} asks for ${(memory * params.p) / MAX_SCRYPT_WORK} times the work allowed per check`;
  return undefined;
}
const KEY_BYTES = 32;
const SALT_BYTES = 16;

export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{1,31}$/;
export const MIN_PASSWORD_LENGTH = 12;

function scrypt(password: string, salt: Buffer, params: ScryptParams, length: number): Promise<Buffer> {
  const N = 2 ** params.ln;
  const options: ScryptOptions = { N, r: params.r, p: params.p, maxmem: 256 * N * params.r + 1024 * 1024 };
  return new Promise((done, fail) => scryptCallback(password.normalize('NFC'), salt, length, options, (error, key) => (error ? fail(error) : done(key))));
}

/** A new hash of `password` with a fresh random salt. */
export async function hashPassword(password: string, params: ScryptParams = DEFAULT_SCRYPT, salt: Buffer = randomBytes(SALT_BYTES)): Promise<string> {
  const key = await scrypt(password, salt, params, KEY_BYTES);
  return `$scrypt$ln=${params.ln},r=${params.r},p=${params.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export interface ParsedHash {
  readonly params: ScryptParams;
  readonly salt: Buffer;
  readonly key: Buffer;
}

/** The parts of a stored hash, or undefined when it is not one this module wrote (or asks for too much). */
export function parseHash(stored: string): ParsedHash | undefined {
  const match = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/.exec(stored);
  if (!match) return undefined;
  const params = { ln: Number(match[1]), r: Number(match[2]), p: Number(match[3]) };
  if (scryptParamsProblem(params)) return undefined;
  const salt = Buffer.from(match[4] as string, 'base64');
  const key = Buffer.from(match[5] as string, 'base64');
  if (salt.length < SALT_BYTES || salt.length > 64 || key.length !== KEY_BYTES) return undefined;
  return { params, salt, key };
}

/** Whether `password` matches the stored hash (compared in constant time); false for a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await scrypt(password, parsed.salt, parsed.params, parsed.key.length);
  return timingSafeEqual(key, parsed.key);
}

/**
 * A short fingerprint of the account's stored password hash. Sessions keep it; when the password
 * changes (a new salt, a new hash), every session made with the old one stops being valid.
 */
export function passwordStamp(account: StaffAccount): string {
  return createHash('sha256').update(account.password).digest('base64url').slice(0, 16);
}

export interface AccountsFile {
  readonly accounts: readonly StaffAccount[];
  /** What was wrong with the file or with entries left out, in English for the service's log; empty when nothing was. */
  readonly problems: readonly string[];
}

/** Reads the accounts from the file's text: malformed as a whole gives no accounts; a malformed entry is left out. */
export function parseAccounts(text: string): AccountsFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { accounts: [], problems: ['the accounts file is not valid JSON'] };
  }
  const list = (data as { accounts?: unknown } | null)?.accounts;
  if (!Array.isArray(list)) return { accounts: [], problems: ['the accounts file has no "accounts" list'] };
  const accounts: StaffAccount[] = [];
  const problems: string[] = [];
  list.forEach((entry: unknown, index) => {
    const problem = entryProblem(entry);
    const username = (entry as { username?: unknown } | null)?.username;
    const label = typeof username === 'string' && username.length <= 40 ? `"${username}"` : `number ${index + 1}`;
    if (problem) problems.push(`account ${label} is left out: ${problem}`);
    else if (accounts.some((account) => account.username === (entry as StaffAccount).username))
      problems.push(`account ${label} is listed twice; the first counts`);
    else {
      const { username: name, name: displayName, password } = entry as StaffAccount;
      accounts.push({ username: name, name: displayName.trim(), password });
    }
  });
  return { accounts, problems };
}

function entryProblem(entry: unknown): string | undefined {
  if (!entry || typeof entry !== 'object') return 'not an object';
  const { username, name, password } = entry as Record<string, unknown>;
  if (typeof username !== 'string' || !USERNAME_PATTERN.test(username)) return 'the user name must be 2–32 lower-case letters, digits, ".", "_" or "-"';
  if (typeof name !== 'string' || !name.trim() || name.length > 100) return 'the display name is missing or longer than 100 characters';
  if (typeof password !== 'string') return 'the password is not a scrypt hash made by npm run staff-user';
  const params = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$/.exec(password);
  const bounds = params ? scryptParamsProblem({ ln: Number(params[1]), r: Number(params[2]), p: Number(params[3]) }) : undefined;
  if (bounds) return `the password hash asks for too costly a check (${bounds})`;
  if (!parseHash(password)) return 'the password is not a scrypt hash made by npm run staff-user';
  return undefined;
}

/** The accounts in the file at `path`; a missing file holds none (and no problem). */
export function readAccountsFile(path: string): AccountsFile {
  const read = readStateText(path, parseAccounts);
  if (read.state === 'absent') return { accounts: [], problems: [] };
  if (read.state === 'malformed') return { accounts: [], problems: [`the accounts file ${read.reason}`] };
  return read.value;
}

export function serialiseAccounts(accounts: readonly StaffAccount[]): string {
  return `${JSON.stringify({ accounts: accounts.map(({ username, name, password }) => ({ username, name, password })) }, null, 2)}\n`;
}

/** Writes the file whole or not at all (a temporary file renamed into place), readable by its owner only. */
export function writeAccountsFile(path: string, accounts: readonly StaffAccount[]): void {
  writeFileAtomic(path, serialiseAccounts(accounts), { mode: 0o600 });
}

/** The accounts with `account` added, or replacing the one of the same user name (kept in its place). */
export function withAccount(accounts: readonly StaffAccount[], account: StaffAccount): StaffAccount[] {
  const index = accounts.findIndex((entry) => entry.username === account.username);
  if (index < 0) return [...accounts, account];
  return accounts.map((entry, at) => (at === index ? account : entry));
}

/** Why a new password cannot be used, or undefined when it can. */
export function passwordProblem(password: string): string | undefined {
  if ([...password].length < MIN_PASSWORD_LENGTH) return `the password must be at least ${MIN_PASSWORD_LENGTH} characters long`;
  if (/^\s|\s$/.test(password)) return 'the password must not start or end with a space';
  return undefined;
}

// A hash to check against when the user name is unknown, so that answer takes as long as a wrong password.
let decoy: Promise<string> | undefined;

/**
 * The account `username` logs in as with `password`, or undefined. An unknown user name costs
 * one scrypt check too, so the time taken does not tell which user names exist.
 */
export async function checkLogin(accounts: readonly StaffAccount[], username: string, password: string): Promise<StaffAccount | undefined> {
  const account = accounts.find((entry) => entry.username === username.trim().toLowerCase());
  if (!account) {
    decoy ??= hashPassword('not a password of anyone', DEFAULT_SCRYPT, Buffer.alloc(SALT_BYTES));
    await verifyPassword(password, await decoy);
    return undefined;
  }
  return (await verifyPassword(password, account.password)) ? account : undefined;
}

/**
 * The accounts file as the service sees it: read again whenever it changes on disk (`npm run
 * staff-user` while the service runs), so a new account works at once and a changed password
 * ends that person's sessions. Problems are logged once per change of the file.
 */
export class AccountBook {
  #accounts: readonly StaffAccount[] = [];
  #seen = '';

  constructor(
    readonly path: string,
    readonly log: (line: string) => void = () => {},
  ) {
    this.#refresh();
  }

  get accounts(): readonly StaffAccount[] {
    this.#refresh();
    return this.#accounts;
  }

  find(username: string): StaffAccount | undefined {
    return this.accounts.find((account) => account.username === username);
  }

  #refresh(): void {
    let signature = 'absent';
    try {
      const stat = statSync(this.path);
      signature = `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
    } catch {
      // No file: no accounts.
    }
    if (signature === this.#seen) return;
    this.#seen = signature;
    const file = readAccountsFile(this.path);
    this.#accounts = file.accounts;
    for (const problem of file.problems) this.log(`staff accounts (${this.path}): ${problem}`);
    if (file.accounts.length === 0) this.log(`staff accounts: none in ${this.path}; add one with npm run staff-user -- add USER "Name"`);
  }
}
