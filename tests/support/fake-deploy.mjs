#!/usr/bin/env node
/**
 * A stand-in for a CDN's deploy command in the publish tests:
 *
 *   node tests/support/fake-deploy.mjs <release folder> <cdn folder>
 *
 * copies the release into <cdn folder>/<n>/ and points <cdn folder>/live at it (the "CDN"
 * serves what live points at), and appends "<folder> $DEPLOY_RELEASE" to $FAKE_DEPLOY_LOG. When
 * the file $FAKE_DEPLOY_FAIL exists it fails instead, as wrangler does without valid credentials
 * (its text on stderr, exit 1, nothing copied); while $FAKE_DEPLOY_HOLD exists it hangs, with a
 * process of its own running (its id in $FAKE_DEPLOY_HOLD.pid) as an upload would. With
 * $FAKE_DEPLOY_ENV set, it writes the names and values of its environment there (JSON) first.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, readdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir, cdn] = process.argv.slice(2);
const { FAKE_DEPLOY_LOG, FAKE_DEPLOY_FAIL, FAKE_DEPLOY_HOLD, FAKE_DEPLOY_ENV, DEPLOY_RELEASE } = process.env;
if (FAKE_DEPLOY_ENV) writeFileSync(FAKE_DEPLOY_ENV, JSON.stringify(process.env));
if (!dir || !cdn) throw new Error('usage: fake-deploy.mjs <release folder> <cdn folder>');
console.log(`Uploading ${dir} …`);
if (FAKE_DEPLOY_HOLD && existsSync(FAKE_DEPLOY_HOLD)) {
  const upload = spawn('sleep', ['600'], { stdio: 'ignore' });
  writeFileSync(`${FAKE_DEPLOY_HOLD}.pid`, String(upload.pid));
  await new Promise(() => {});
}
if (FAKE_DEPLOY_FAIL && existsSync(FAKE_DEPLOY_FAIL)) {
  console.error(readFileSync(FAKE_DEPLOY_FAIL, 'utf8').trim());
  process.exit(1);
}
const n = readdirSync(cdn).filter((name) => /^\d+$/.test(name)).length + 1;
cpSync(dir, join(cdn, String(n)), { recursive: true });
symlinkSync(String(n), join(cdn, `live.${n}`));
renameSync(join(cdn, `live.${n}`), join(cdn, 'live'));
if (FAKE_DEPLOY_LOG) appendFileSync(FAKE_DEPLOY_LOG, `${dir} ${DEPLOY_RELEASE}\n`);
console.log(`Deployment complete: ${n}`);
