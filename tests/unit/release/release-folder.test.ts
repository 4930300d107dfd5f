/**
 * Only a whole release folder inside the releases folder can ever go live or be deployed
 * (release/releases.ts releaseFolder, through which switchCurrent and release/go-live.ts go): the state
 * folder, `current`, `..`, `/`, an absolute path, a link and an unfinished release are refused,
 * and the deploy command never runs for them. The deploy command gets only the allowed
 * environment (release/go-live.ts deployEnv), never the service's secrets.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_DEPLOY_ENV, goLive, type GoLive } from '../../../release/go-live';
import { currentRelease, releaseFolder, ReleaseError, switchCurrent } from '../../../release/releases';
import { deployLiveTo, switchLiveTo } from '../../../release/rollback';

const LIVE = '20261124T090000Z';
const EARLIER = '20261123T090000Z';
const LINKED = '20261124T110000Z';
const UNFINISHED = '20261124T120000Z';

let work: string;
const releasesDir = () => join(work, 'releases');
const contentDir = () => join(work, 'content');
const deployLog = () => join(work, 'deploys.log');
const envFile = () => join(work, 'deploy-env.json');
const deploys = () => (existsSync(deployLog()) ? readFileSync(deployLog(), 'utf8').trim().split('\n').filter(Boolean) : []);
const deployWay = (env?: readonly string[]): GoLive => ({
  mode: 'deploy',
  command: `FAKE_DEPLOY_LOG="${deployLog()}" FAKE_DEPLOY_ENV="${envFile()}" "${process.execPath}" tests/support/fake-deploy.mjs {dir} "${join(work, 'cdn')}"`,
  timeoutMs: 20_000,
  ...(env ? { env } : {}),
});

function release(name: string, whole = true): void {
  mkdirSync(join(releasesDir(), name), { recursive: true });
  mkdirSync(join(releasesDir(), `${name}.content`), { recursive: true });
  if (whole) writeFileSync(join(releasesDir(), name, 'index.html'), `<!doctype html><title>${name}</title>`);
}

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'kaia-release-folder-'));
  mkdirSync(join(work, 'cdn'));
  mkdirSync(contentDir());
  release(EARLIER);
  release(LIVE);
  release(UNFINISHED, false);
  // The service's state folder, with what must never reach a CDN.
  mkdirSync(join(releasesDir(), '.publisher'));
  writeFileSync(join(releasesDir(), '.publisher', 'accounts.json'), '{"accounts":[]}');
  writeFileSync(join(releasesDir(), '.publisher', 'index.html'), 'not a release');
  // A link named like a release, to a folder outside that looks like one.
  mkdirSync(join(work, 'outside'));
  writeFileSync(join(work, 'outside', 'index.html'), 'outside');
  symlinkSync(join(work, 'outside'), join(releasesDir(), LINKED));
  switchCurrent(releasesDir(), LIVE);
});

afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(work, { recursive: true, force: true });
});

const refusedIds = () => [
  '.publisher',
  '/',
  '..',
  'current',
  LINKED,
  UNFINISHED,
  '/etc',
  join(work, 'outside'),
  `../releases/${EARLIER}`,
  `${EARLIER}/`,
  '',
  '.staging-x',
  '20261124T999999Z',
];

describe('a release that may go live', () => {
  it('is only a whole release folder directly inside the releases folder', () => {
    expect(releaseFolder(releasesDir(), EARLIER)).toBe(join(releasesDir(), EARLIER));
    for (const id of refusedIds()) expect(() => releaseFolder(releasesDir(), id), id).toThrow(ReleaseError);
  });

  it('is the only thing `current` is ever switched to', () => {
    for (const id of refusedIds()) {
      expect(() => switchCurrent(releasesDir(), id), id).toThrow(ReleaseError);
      expect(currentRelease(releasesDir())).toBe(LIVE);
    }
    expect(() => switchLiveTo(releasesDir(), contentDir(), LIVE, '..')).toThrow(ReleaseError);
    expect(currentRelease(releasesDir())).toBe(LIVE);
    switchCurrent(releasesDir(), EARLIER);
    expect(currentRelease(releasesDir())).toBe(EARLIER);
  });

  it('is the only thing the deploy command is ever run on', { timeout: 60_000 }, async () => {
    for (const id of refusedIds()) {
      await expect(goLive(deployWay(), releasesDir(), id), id).rejects.toThrow(ReleaseError);
      await expect(deployLiveTo(releasesDir(), contentDir(), LIVE, id, deployWay()), id).rejects.toThrow(ReleaseError);
    }
    expect(deploys()).toEqual([]);
    expect(currentRelease(releasesDir())).toBe(LIVE);
    expect(existsSync(join(work, 'cdn', '1'))).toBe(false);
    // A whole release is deployed, and only then made live.
    const record = await goLive(deployWay(), releasesDir(), EARLIER);
    expect(record?.ok).toBe(true);
    expect(deploys()).toEqual([`${join(releasesDir(), EARLIER)} ${EARLIER}`]);
    expect(currentRelease(releasesDir())).toBe(EARLIER);
  });
});

describe("the deploy command's environment", () => {
  const secrets = {
    PUBLISHER_HOOK_SECRET: 'hook-secret-never-deployed',
    PUBLISHER_STAFF_PASSWORD: 'staff-password-never-deployed',
    IDP_CLIENT_SECRET: 'idp-secret-never-deployed',
    PLATFORM_API_PASSWORD: 'platform-password-never-deployed',
  };
  const seen = () => JSON.parse(readFileSync(envFile(), 'utf8')) as Record<string, string>;

  it('holds only the allowed variables (by default what wrangler and netlify need) and where the release is', { timeout: 30_000 }, async () => {
    for (const [name, value] of Object.entries(secrets)) vi.stubEnv(name, value);
    vi.stubEnv('CLOUDFLARE_API_TOKEN', 'cf-token');
    vi.stubEnv('NETLIFY_AUTH_TOKEN', 'netlify-token');
    vi.stubEnv('SOMETHING_ELSE', 'not for the deploy');
    await goLive(deployWay(), releasesDir(), EARLIER);
    const env = seen();
    for (const name of [...Object.keys(secrets), 'SOMETHING_ELSE']) expect(env[name], name).toBeUndefined();
    expect(JSON.stringify(env)).not.toMatch(/never-deployed/);
    expect(env).toMatchObject({
      CLOUDFLARE_API_TOKEN: 'cf-token',
      NETLIFY_AUTH_TOKEN: 'netlify-token',
      DEPLOY_DIR: join(releasesDir(), EARLIER),
      DEPLOY_RELEASE: EARLIER,
    });
    expect(env['PATH']).toBe(process.env['PATH']);
    // Nothing but the allowed names, DEPLOY_*, what the command line sets itself (FAKE_*) and what the shell adds.
    const shell = new Set(['PWD', 'SHLVL', '_', 'OLDPWD']);
    expect(Object.keys(env).filter((name) => !DEFAULT_DEPLOY_ENV.includes(name) && !/^(DEPLOY_|FAKE_)/.test(name) && !shell.has(name))).toEqual([]);
  });

  it('holds what PUBLISHER_DEPLOY_ENV names instead, and never a secret even when named', { timeout: 30_000 }, async () => {
    for (const [name, value] of Object.entries(secrets)) vi.stubEnv(name, value);
    vi.stubEnv('MY_CDN_TOKEN', 'mine');
    vi.stubEnv('CLOUDFLARE_API_TOKEN', 'cf-token');
    await goLive(deployWay(['PATH', 'MY_CDN_TOKEN', 'PUBLISHER_HOOK_SECRET']), releasesDir(), EARLIER);
    const env = seen();
    expect(env['MY_CDN_TOKEN']).toBe('mine');
    expect(env['CLOUDFLARE_API_TOKEN']).toBeUndefined();
    expect(env['PUBLISHER_HOOK_SECRET']).toBeUndefined();
  });
});
