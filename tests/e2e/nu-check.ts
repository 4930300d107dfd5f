/**
 * The Nu HTML Checker (vnu-jar, run with the system's Java as valid-html.spec.ts does) over a few
 * pages given as text: the publish service's pages, the preview, the sandbox's editor. Returns
 * one line per error, naming the page; an empty list means valid.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { scriptEnv } from '../../scripts/script-env.mjs';

const VNU_JAR = String(createRequire(import.meta.url)('vnu-jar'));

export function nuErrors(pages: Record<string, string>): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'kaia-nu-'));
  try {
    const files = Object.entries(pages).map(([name, html], index) => {
      const file = join(dir, `${index}-${name.replace(/[^a-z0-9-]+/gi, '-')}.html`);
      writeFileSync(file, html);
      return file;
    });
    const result = spawnSync(scriptEnv().java, ['-jar', VNU_JAR, '--errors-only', '--exit-zero-always', '--format', 'json', '--stdout', ...files], {
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    });
    if (result.error || result.status !== 0) throw new Error(`the Nu HTML Checker did not run: ${result.error?.message ?? result.stderr}`);
    const { messages } = JSON.parse(result.stdout) as {
      messages: { type: string; subType?: string; url?: string; message?: string; lastLine?: number; extract?: string }[];
    };
    return messages
      .filter((message) => message.type === 'error' || message.subType === 'fatal')
      .map(
        (message) =>
          `${basename(decodeURI(message.url ?? ''))}:${message.lastLine ?? '?'}: ${message.message} «${(message.extract ?? '').trim().slice(0, 80)}»`,
      );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
