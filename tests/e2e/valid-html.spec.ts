/**
 * Every HTML file of the build passes the Nu HTML Checker (vnu-jar from npm, run with the
 * system's Java: Debian's default-jre-headless, which .ci/run installs) without an error. One
 * checker run over all files, since starting Java is the slow part. Both servers send these same
 * files, so it runs once (nginx project only, see playwright.config.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { expect, test } from '@playwright/test';
import { inlineStylesheetHrefs, linkedStylesheetPage } from '../../src/lib/pages/inline-stylesheet';
import { scriptEnv } from '../../scripts/script-env.mjs';

/** A checked file's name in the build, whether checked from dist/ or as a stored copy. */
const builtName = (file: string, copies: string) => relative(file.startsWith(copies) ? copies : DIST, file);

const DIST = scriptEnv().e2e.dist;
const JAVA = scriptEnv().java;
/** The jar itself; vnu-jar's own wrapper would download a Java when none is found, so it is not used. */
const VNU_JAR = String(createRequire(import.meta.url)('vnu-jar'));

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  message?: string;
  firstLine?: number;
  lastLine?: number;
  extract?: string;
}

/**
 * The files to check: every built page, and the site's stylesheet, which every page carries
 * inline (src/lib/pages/inline-stylesheet.ts), checked once in the first page that carries it as
 * built; the other pages as the offline store keeps them, linking it. The checker validates CSS
 * inside a page too, and the same 35 KB checked in every page made this test four times slower.
 */
function filesToCheck(copies: string): string[] {
  const seen = new Set<string>();
  return readdirSync(DIST, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .sort()
    .map((file) => {
      const html = readFileSync(join(DIST, file), 'utf8');
      const stylesheets = inlineStylesheetHrefs(html);
      if (stylesheets.length === 0 || stylesheets.some((href) => !seen.has(href))) {
        stylesheets.forEach((href) => seen.add(href));
        return join(DIST, file);
      }
      const copy = join(copies, file);
      mkdirSync(dirname(copy), { recursive: true });
      writeFileSync(copy, linkedStylesheetPage(html));
      return copy;
    });
}

test('every built HTML file is valid HTML (Nu HTML Checker, zero errors)', () => {
  const copies = mkdtempSync(join(tmpdir(), 'kaia-valid-'));
  const files = filesToCheck(copies);
  expect(files.length).toBeGreaterThan(150);
  // The stylesheet is checked once, inline, as a visitor receives it.
  expect(files.filter((file) => !file.startsWith(copies)).length).toBeGreaterThan(0);
  test.setTimeout(120_000 + files.length * 1_000);
  const result = spawnSync(JAVA, ['-jar', VNU_JAR, '--errors-only', '--exit-zero-always', '--format', 'json', '--stdout', ...files], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  rmSync(copies, { recursive: true, force: true });
  expect(result.error, `could not start ${JAVA}`).toBeUndefined();
  expect(result.status, result.stderr).toBe(0);
  const { messages } = JSON.parse(result.stdout) as { messages: VnuMessage[] };
  const errors = messages
    .filter((message) => message.type === 'error' || message.subType === 'fatal')
    .map(
      (message) =>
        `${builtName(decodeURI((message.url ?? '').replace(/^file:/, '')), copies)}:${message.lastLine ?? '?'}: ${message.message} «${(message.extract ?? '').trim().slice(0, 80)}»`,
    );
  expect(errors).toEqual([]);
});
