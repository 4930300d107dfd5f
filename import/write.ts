/**
 * Puts a new content/ in place without ever leaving a half-written one. The new files are
 * written beside the old directory in a complete copy, then that copy replaces content/ by
 * renaming: content/ → .content-previous, copy → content/ (restored if the second rename
 * fails, and recovered on the next run if the process dies between the two).
 *
 * The file operations can be swapped for tests (`FileOps`), so faults can be injected at each
 * point of the write: a rename that fails, a full disk while writing the copy, a process
 * killed between the two renames.
 */
import * as fs from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

export interface FileOps {
  readonly cpSync: typeof fs.cpSync;
  readonly writeFileSync: (path: string, text: string) => void;
  readonly renameSync: (from: string, to: string) => void;
  readonly rmSync: typeof fs.rmSync;
}

export const realFileOps: FileOps = {
  cpSync: fs.cpSync,
  writeFileSync: (path, text) => fs.writeFileSync(path, text),
  renameSync: fs.renameSync,
  rmSync: fs.rmSync,
};

export function backupPathOf(contentDir: string): string {
  const absolute = resolve(contentDir);
  return join(dirname(absolute), `.${basename(absolute)}-previous`);
}

/**
 * Puts content/ back in order after a write that was interrupted: when content/ is missing
 * (killed between the two renames) its backup holds it. Also removes the staged copies a
 * killed write left. Returns whether content/ had to be restored.
 */
export function recoverInterruptedSwap(contentDir: string): boolean {
  const absolute = resolve(contentDir);
  const backup = backupPathOf(absolute);
  let restored = false;
  if (!fs.existsSync(absolute) && fs.existsSync(backup)) {
    fs.renameSync(backup, absolute);
    restored = true;
  }
  const parent = dirname(absolute);
  const prefix = `.${basename(absolute)}-import-`;
  if (fs.existsSync(parent))
    for (const name of fs.readdirSync(parent)) if (name.startsWith(prefix)) fs.rmSync(join(parent, name), { recursive: true, force: true });
  return restored;
}

/** Which of `files` differ from what content/ holds now. */
export function changedFiles(contentDir: string, files: Readonly<Record<string, string>>): string[] {
  return Object.entries(files)
    .filter(([name, text]) => {
      const path = join(contentDir, name);
      return !fs.existsSync(path) || fs.readFileSync(path, 'utf8') !== text;
    })
    .map(([name]) => name);
}

/** Replaces `files` in contentDir, keeping every other file as it is. */
export function swapInContent(contentDir: string, files: Readonly<Record<string, string>>, ops: FileOps = realFileOps): void {
  const absolute = resolve(contentDir);
  const staging = fs.mkdtempSync(join(dirname(absolute), `.${basename(absolute)}-import-`));
  const backup = backupPathOf(absolute);
  try {
    ops.cpSync(absolute, staging, { recursive: true });
    for (const [name, text] of Object.entries(files)) ops.writeFileSync(join(staging, name), text);
    ops.rmSync(backup, { recursive: true, force: true });
    ops.renameSync(absolute, backup);
    try {
      ops.renameSync(staging, absolute);
    } catch (error) {
      ops.renameSync(backup, absolute);
      throw error;
    }
    ops.rmSync(backup, { recursive: true, force: true });
  } finally {
    ops.rmSync(staging, { recursive: true, force: true });
  }
}
