/**
 * Every HTML file of the build passes the Nu HTML Checker (vnu-jar from npm, run with the
 * system's Java: Debian's default-jre-headless, which .ci/run installs) without an error. One
 * checker run over all files, since starting Java is the slow part. Both servers send these same
 * files, so it runs once (nginx project only, see playwright.config.ts).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { expect, test } from '@playwright/test';
import { scriptEnv } from '../../scripts/script-env.mjs';

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

test('every built HTML file is valid HTML (Nu HTML Checker, zero errors)', async () => {
  const files = readdirSync(DIST, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .map((file) => join(DIST, file))
    .sort();
  expect(files.length).toBeGreaterThan(150);
  test.setTimeout(120_000 + files.length * 1_000);
  const result = spawnSync(JAVA, ['-jar', VNU_JAR, '--errors-only', '--exit-zero-always', '--format', 'json', '--stdout', ...files], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  expect(result.error, `could not start ${JAVA}`).toBeUndefined();
  expect(result.status, result.stderr).toBe(0);
  const { messages } = JSON.parse(result.stdout) as { messages: VnuMessage[] };
  const errors = messages
    .filter((message) => message.type === 'error' || message.subType === 'fatal')
    .map(
      (message) =>
        `${relative(DIST, decodeURI((message.url ?? '').replace(/^file:/, '')))}:${message.lastLine ?? '?'}: ${message.message} «${(message.extract ?? '').trim().slice(0, 80)}»`,
    );
  expect(errors).toEqual([]);
});
