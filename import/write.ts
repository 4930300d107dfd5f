/**
 * Puts a new content/ in place without ever leaving a half-written one. The new files are
 * written beside the old directory in a complete copy, then that copy replaces content/ by
 * renaming: content/ → .content-previous, copy → content/ (restored if the second rename
 * fails, and recovered on the next run if the process dies between the two).
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

export function backupPathOf(contentDir: string): string {
  const absolute = resolve(contentDir);
  return join(dirname(absolute), `.${basename(absolute)}-previous`);
}

/** After a crash between the two renames, content/ is missing and its backup holds it. */
export function recoverInterruptedSwap(contentDir: string): boolean {
  const backup = backupPathOf(contentDir);
  if (!existsSync(contentDir) && existsSync(backup)) {
    renameSync(backup, contentDir);
    return true;
  }
  return false;
}

/** Which of `files` differ from what content/ holds now. */
export function changedFiles(contentDir: string, files: Readonly<Record<string, string>>): string[] {
  return Object.entries(files)
    .filter(([name, text]) => {
      const path = join(contentDir, name);
      return !existsSync(path) || readFileSync(path, 'utf8') !== text;
    })
    .map(([name]) => name);
}

/** Replaces `files` in contentDir, keeping every other file as it is. */
export function swapInContent(contentDir: string, files: Readonly<Record<string, string>>): void {
  const absolute = resolve(contentDir);
  const staging = mkdtempSync(join(dirname(absolute), `.${basename(absolute)}-import-`));
  const backup = backupPathOf(absolute);
  try {
    cpSync(absolute, staging, { recursive: true });
    for (const [name, text] of Object.entries(files)) writeFileSync(join(staging, name), text);
    rmSync(backup, { recursive: true, force: true });
    renameSync(absolute, backup);
    try {
      renameSync(staging, absolute);
    } catch (error) {
      renameSync(backup, absolute);
      throw error;
    }
    rmSync(backup, { recursive: true, force: true });
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
