#!/usr/bin/env node
/**
 * A deploy command for the publish service (PUBLISHER_DEPLOY_COMMAND) that plays a CDN on this
 * machine: it publishes a release into a folder that `npm run serve:cdn -- --deployed <folder>`
 * serves in Cloudflare's runtime, so the publish service's CDN mode runs end to end here (the
 * browser test tests/e2e/publish-cdn.spec.ts; a try-out without a Cloudflare account).
 *
 *   node --import tsx scripts/deploy-to-folder.mjs <release folder> <cdn folder>
 *
 * Like a CDN's deploy it is all or nothing: what a CDN upload of the release holds
 * (src/lib/hosting/cdn.ts: no precompressed copies, no nginx config) is first copied whole
 * into <cdn folder>/deploys/<n>/, and only then does <cdn folder>/live switch to it, by
 * renaming a new link over the old one (atomic). A deploy that fails on the way leaves `live`
 * as it was, and exits 1 saying why. The two newest deploys are kept (a request may still read
 * the one before).
 */
import { existsSync, mkdirSync, readdirSync, readlinkSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { stageUpload } from './serve-cdn.mjs';

export const LIVE = 'live';
const KEEP = 2;

/** Deploys `release` into `cdn`; answers the deploy's number and how many files it holds. */
export async function deployToFolder(release, cdn) {
  const { inCdnUpload } = await import('../src/lib/hosting/cdn.ts');
  for (const file of ['index.html', '_headers', '_redirects'])
    if (!existsSync(join(release, file))) throw new Error(`${join(release, file)} is missing: this is not a built release`);
  const deploys = join(cdn, 'deploys');
  mkdirSync(deploys, { recursive: true });
  const numbers = readdirSync(deploys)
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
  const number = Math.max(0, ...numbers) + 1;
  const staging = join(deploys, `.incoming-${number}`);
  rmSync(staging, { recursive: true, force: true });
  let files;
  try {
    files = stageUpload(release, staging, inCdnUpload);
    renameSync(staging, join(deploys, String(number)));
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  const link = join(cdn, `.${LIVE}-${process.pid}`);
  symlinkSync(join('deploys', String(number)), link);
  renameSync(link, join(cdn, LIVE));
  // Older deploys beyond the newest KEEP go; never the live one.
  const live = readlinkSync(join(cdn, LIVE));
  for (const old of [...numbers, number].sort((a, b) => b - a).slice(KEEP))
    if (join('deploys', String(old)) !== live) rmSync(join(deploys, String(old)), { recursive: true, force: true });
  return { number, files };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  const [release, cdn] = process.argv.slice(2);
  if (!release || !cdn) {
    console.error('usage: node --import tsx scripts/deploy-to-folder.mjs <release folder> <cdn folder>');
    process.exit(2);
  }
  try {
    const { number, files } = await deployToFolder(resolve(release), resolve(cdn));
    console.log(`Deployed ${files} files as deploy ${number}; ${resolve(cdn, LIVE)} now serves it.`);
  } catch (error) {
    console.error(`deploy-to-folder: the deploy failed, nothing changed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
