/**
 * Where the content snapshot lives: content/ of the project, or CONTENT_DIR when set (the
 * import benchmark builds a generated dataset this way; tests import into temporary copies).
 */
import { resolve } from 'node:path';

export function contentDirectory(projectRoot: string, env: Readonly<Record<string, string | undefined>> = process.env): string {
  return resolve(projectRoot, env['CONTENT_DIR'] || 'content');
}
