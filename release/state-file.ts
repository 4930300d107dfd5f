/**
 * The one way a state file is kept (the run log, the delivery log, the live history, the
 * pause, the schedule's freshness.json, the staff accounts, the releases' lock record):
 *
 * - read through a Zod schema: a file that is absent, not JSON or not that shape is treated as
 *   absent, and a malformed one is named in the log (so someone can look), never thrown;
 * - written whole or not at all: to a temporary file beside it, flushed to disk (fsync), renamed
 *   over the old one, and the folder flushed too, so a crash or a power cut leaves the old file
 *   or the new one, never a torn or empty one.
 *
 * It sits in release/ because the releases' lock (release/lock.ts) uses it, and the publish
 * service above it may import it, never the other way round.
 */
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { z } from 'astro/zod';

export type StateLog = (line: string) => void;

/** Why a state file was read as absent: missing, or malformed (with the reason). */
export type StateRead<T> =
  { readonly state: 'ok'; readonly value: T } | { readonly state: 'absent' } | { readonly state: 'malformed'; readonly reason: string };

/** The file's text through `parse`; a missing file is absent, one that cannot be read or parsed is malformed. */
export function readStateText<T>(path: string, parse: (text: string) => T): StateRead<T> {
  if (!existsSync(path)) return { state: 'absent' };
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return { state: 'malformed', reason: `could not be read: ${messageOf(error)}` };
  }
  try {
    return { state: 'ok', value: parse(text) };
  } catch (error) {
    return { state: 'malformed', reason: messageOf(error) };
  }
}

/** The JSON file at `path` as `schema` reads it; anything else is absent. */
export function inspectStateFile<S extends z.ZodTypeAny>(path: string, schema: S): StateRead<z.output<S>> {
  return readStateText(path, (text) => {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw new Error('not valid JSON');
    }
    const result = schema.safeParse(data);
    if (!result.success)
      throw new Error(
        result.error.issues
          .slice(0, 3)
          .map((issue) => `${issue.path.join('.') || '(top)'}: ${issue.message}`)
          .join('; '),
      );
    return result.data as z.output<S>;
  });
}

/**
 * The JSON state file at `path` read through `schema`, or undefined when it is absent or
 * malformed; a malformed file is named in `log` ("… is malformed (reason); treated as absent").
 */
export function readStateFile<S extends z.ZodTypeAny>(path: string, schema: S, log?: StateLog): z.output<S> | undefined {
  const read = inspectStateFile(path, schema);
  if (read.state === 'malformed') log?.(`state file ${path} is malformed (${read.reason}); treated as absent`);
  return read.state === 'ok' ? read.value : undefined;
}

export interface WriteOptions {
  /** The new file's permissions (e.g. 0o600 for the accounts); default 0o666 less the umask. */
  readonly mode?: number;
}

/**
 * Writes `text` to `path` atomically and durably: a temporary file in the same folder, fsync,
 * rename over `path`, fsync of the folder. Throws (leaving the old file) when it cannot.
 */
export function writeFileAtomic(path: string, text: string, { mode }: WriteOptions = {}): void {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true });
  // Named by the process: one process writes a file at a time (these writes are synchronous).
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    const fd = openSync(temporary, 'w', mode);
    try {
      const buffer = Buffer.from(text, 'utf8');
      for (let written = 0; written < buffer.length;) written += writeSync(fd, buffer, written);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  syncDirectory(dir);
}

/** Writes `value` as JSON (one space of indent: readable, small) atomically and durably. */
export function writeStateFile(path: string, value: unknown, options: WriteOptions = {}): void {
  writeFileAtomic(path, `${JSON.stringify(value, null, 1)}\n`, options);
}

/** Flushes a folder's entries (a rename, a new file) to disk; some systems cannot, which costs only durability. */
export function syncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // A folder cannot be opened or synced on every system (EISDIR, EINVAL); the rename stands.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
