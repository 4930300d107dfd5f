/** The server side's settings: one module, every problem named at start, never a secret's value. */
import { describe, expect, it } from 'vitest';
import { ConfigError, readPaths } from '../../../import/config';
import { readPublisherConfig } from '../../../publisher/config';
import { DEFAULT_DEPLOY_ENV } from '../../../release/go-live';

const importSettings = {
  KAIA_SITE_ID: 'kaia',
  MANAGEMENT_API_URL: 'http://127.0.0.1:4400/management/',
  IDP_TOKEN_URL: 'http://127.0.0.1:4400/idp/token',
  IDP_CLIENT_ID: 'kaia-import',
  IDP_CLIENT_SECRET: 'sandbox-secret',
  RUNTIME_API_URL: 'http://127.0.0.1:4400/runtime/',
  RUNTIME_SITE: 'site118a',
  PLATFORM_API_URL: 'http://127.0.0.1:4400/platform/',
  PLATFORM_API_USER: 'kaia-import',
  PLATFORM_API_PASSWORD: 'sandbox-password',
};
const problems = (env: Record<string, string>) => {
  try {
    readPublisherConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  return '';
};

describe('the publish service settings', () => {
  it('refuses to start without its secrets, naming what to set', () => {
    const message = problems(importSettings);
    expect(message).toMatch(/^The publish service cannot start; check these settings/);
    expect(message).toContain('PUBLISHER_HOOK_SECRET is missing');
    expect(message).toContain('PUBLISHER_STAFF_PASSWORD is missing');
  });

  it('names short secrets, bad ports and bad addresses together with the import settings, never their values', () => {
    const message = problems({
      ...importSettings,
      PLATFORM_API_PASSWORD: '',
      PUBLISHER_HOOK_SECRET: 'short-hook',
      PUBLISHER_STAFF_PASSWORD: 'tiny-pass',
      PUBLISHER_PORT: '70000',
      PUBLISHER_NOTIFY_URL: 'chat.example/hook',
      PUBLISHER_RUN_ON_START: 'yes',
      PUBLISHER_SYNC_MINUTES: 'often',
    });
    expect(message).toContain('PLATFORM_API_PASSWORD is missing');
    expect(message).toContain('PUBLISHER_HOOK_SECRET must be at least 16 characters long');
    expect(message).toContain('PUBLISHER_STAFF_PASSWORD must be at least 12 characters long');
    expect(message).toContain('PUBLISHER_PORT must be 65535 or less');
    expect(message).toContain('PUBLISHER_NOTIFY_URL is not a valid URL');
    expect(message).toContain('PUBLISHER_RUN_ON_START must be 1 or 0');
    expect(message).toContain('PUBLISHER_SYNC_MINUTES must be a number of minutes');
    expect(message).not.toMatch(/short-hook|tiny-pass/);
  });

  it('reads a complete set, with defaults and absolute paths', () => {
    const config = readPublisherConfig({
      ...importSettings,
      PUBLISHER_HOOK_SECRET: 'a-long-enough-hook-secret',
      PUBLISHER_STAFF_PASSWORD: 'a-staff-password',
      PUBLISHER_PUBLIC_ORIGIN: 'https://www.kulturhuset-kaia.example/staff/',
      RELEASES_DIR: 'tmp-releases',
    });
    expect(config).toMatchObject({
      port: 4450,
      maxBodyBytes: 65536,
      runOnStart: false,
      publicOrigin: 'https://www.kulturhuset-kaia.example',
      boxOfficeMinutes: 5,
    });
    expect(config.releasesDir).toBe(readPaths({ RELEASES_DIR: 'tmp-releases' }).releasesDir);
    expect(config.stateDir).toBe(`${config.releasesDir}/.publisher`);
    expect(config.import.retry).toEqual({ tries: 4, baseDelayMs: 500, maxDelayMs: 30_000 });
  });

  it('reads the box-office check interval: minutes, a fraction for a demo, 0 for no schedule, nothing absurd', () => {
    const read = (minutes: string) =>
      readPublisherConfig({
        ...importSettings,
        PUBLISHER_HOOK_SECRET: 'a-long-enough-hook-secret',
        PUBLISHER_STAFF_PASSWORD: 'a-staff-password',
        PUBLISHER_SYNC_MINUTES: minutes,
      });
    expect(read('0.5').boxOfficeMinutes).toBe(0.5);
    expect(read('0').boxOfficeMinutes).toBe(0);
    expect(() => read('0.01')).toThrow(/PUBLISHER_SYNC_MINUTES must be 0 \(no schedule\) or at least 0.1/);
    expect(() => read('-5')).toThrow(/PUBLISHER_SYNC_MINUTES must be 0/);
    expect(() => read('2000')).toThrow(/PUBLISHER_SYNC_MINUTES must be 1440/);
  });

  it('reads how a release goes live: switch by default, deploy with its command and time-out, and names what is missing or contradictory', () => {
    const read = (settings: Record<string, string>) =>
      readPublisherConfig({ ...importSettings, PUBLISHER_HOOK_SECRET: 'a-long-enough-hook-secret', PUBLISHER_STAFF_PASSWORD: 'a-staff-password', ...settings });
    expect(read({}).goLive).toEqual({ mode: 'switch' });
    expect(read({ PUBLISHER_GO_LIVE: 'deploy', PUBLISHER_DEPLOY_COMMAND: 'npx wrangler pages deploy {dir} --project-name kaia' }).goLive).toEqual({
      mode: 'deploy',
      command: 'npx wrangler pages deploy {dir} --project-name kaia',
      timeoutMs: 900_000,
      env: DEFAULT_DEPLOY_ENV,
    });
    expect(read({ PUBLISHER_GO_LIVE: 'deploy', PUBLISHER_DEPLOY_COMMAND: 'x {dir}', PUBLISHER_DEPLOY_ENV: 'PATH, HOME,MY_CDN_TOKEN' }).goLive).toMatchObject({
      env: ['PATH', 'HOME', 'MY_CDN_TOKEN'],
    });
    expect(() => read({ PUBLISHER_GO_LIVE: 'deploy', PUBLISHER_DEPLOY_COMMAND: 'x {dir}', PUBLISHER_DEPLOY_ENV: 'PATH,PUBLISHER_HOOK_SECRET' })).toThrow(
      /PUBLISHER_DEPLOY_ENV must not name the service's secrets/,
    );
    expect(() => read({ PUBLISHER_GO_LIVE: 'deploy', PUBLISHER_DEPLOY_COMMAND: 'x {dir}', PUBLISHER_DEPLOY_ENV: 'PATH;rm -rf /' })).toThrow(
      /PUBLISHER_DEPLOY_ENV must be names of environment variables/,
    );
    expect(
      read({ PUBLISHER_GO_LIVE: 'deploy', PUBLISHER_DEPLOY_COMMAND: 'netlify deploy --prod --dir {dir}', PUBLISHER_DEPLOY_TIMEOUT_SECONDS: '120' }).goLive,
    ).toMatchObject({
      timeoutMs: 120_000,
    });
    expect(() => read({ PUBLISHER_GO_LIVE: 'deploy' })).toThrow(
      /PUBLISHER_DEPLOY_COMMAND is missing: PUBLISHER_GO_LIVE=deploy needs the command that deploys a release/,
    );
    expect(() => read({ PUBLISHER_DEPLOY_COMMAND: 'netlify deploy --prod --dir {dir}' })).toThrow(
      /PUBLISHER_DEPLOY_COMMAND is set, but PUBLISHER_GO_LIVE is switch: set PUBLISHER_GO_LIVE=deploy to use it, or remove it/,
    );
    expect(() => read({ PUBLISHER_GO_LIVE: 'cdn' })).toThrow(/PUBLISHER_GO_LIVE must be switch \(nginx serves the releases folder\) or deploy/);
    expect(() => read({ PUBLISHER_GO_LIVE: 'deploy', PUBLISHER_DEPLOY_COMMAND: 'x', PUBLISHER_DEPLOY_TIMEOUT_SECONDS: '0' })).toThrow(
      /PUBLISHER_DEPLOY_TIMEOUT_SECONDS must be 1 or more/,
    );
  });
});
