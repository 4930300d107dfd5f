/**
 * Password guessing against the running service: a local process that sets a new X-Real-IP
 * for every guess still meets the limit (the header counts only from PUBLISHER_TRUSTED_PROXY,
 * and every account has a limit of its own), and the bearer (GET /status) answers 429 with
 * Retry-After over the limit, as the login form does.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readPublisherConfig } from '../../../publisher/config';
import { startPublisher, type Publisher } from '../../../publisher/server';
import { addStaffAccount } from '../../support/staff-account';
import { UNREACHABLE_SOURCES } from '../../support/offline-sources';

const PASSWORD = 'throttle-staff-password';
let work: string;
let publisher: Publisher | undefined;

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'kaia-throttle-'));
  mkdirSync(join(work, 'content'));
});
afterEach(async () => {
  await publisher?.close();
  publisher = undefined;
  rmSync(work, { recursive: true, force: true });
});

async function start(env: Record<string, string> = {}): Promise<Publisher> {
  await addStaffAccount(join(work, 'releases', '.publisher', 'accounts.json'), 'anne', 'Anne Aas', PASSWORD);
  publisher = await startPublisher(
    readPublisherConfig({
      ...UNREACHABLE_SOURCES,
      CONTENT_DIR: join(work, 'content'),
      RELEASES_DIR: join(work, 'releases'),
      PUBLISHER_PORT: '0',
      PUBLISHER_HOOK_SECRET: 'throttle-hook-secret-0123',
      PUBLISHER_STAFF_PASSWORD: PASSWORD,
      // No schedule: its day build at start would run in the background of every test.
      PUBLISHER_SYNC_MINUTES: '0',
      ...env,
    }),
    { previewPort: 0, log: () => {} },
  );
  return publisher;
}

const login = (service: Publisher, password: string, realIp: string) =>
  fetch(`${service.url}/staff/login`, {
    method: 'POST',
    headers: { origin: service.url, 'content-type': 'application/x-www-form-urlencoded', 'x-real-ip': realIp },
    body: new URLSearchParams({ username: 'anne', password }),
    redirect: 'manual',
  });

/** Sixty guesses from this host, each claiming another client; the statuses answered. */
async function guessWithNewAddresses(service: Publisher): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 60; i++) statuses.push((await login(service, `guess ${i}`, `198.51.${Math.floor(i / 250)}.${i % 250}`)).status);
  return statuses;
}

describe('guessing from this host with a new X-Real-IP each time', () => {
  it('meets the limit after five when no proxy is trusted', async () => {
    const service = await start();
    const statuses = await guessWithNewAddresses(service);
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill(401));
    expect(statuses.slice(5)).toEqual(Array(55).fill(429));
    expect((await login(service, PASSWORD, '203.0.113.1')).status).toBe(429);
  });

  it('meets the per-account limit after twenty when the proxy on this host is trusted', async () => {
    const service = await start({ PUBLISHER_TRUSTED_PROXY: '127.0.0.1' });
    const statuses = await guessWithNewAddresses(service);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses.slice(20)).toEqual(Array(40).fill(429));
  });

  it('lets a client behind the trusted proxy in while another is throttled', async () => {
    const service = await start({ PUBLISHER_TRUSTED_PROXY: '127.0.0.1' });
    for (let i = 0; i < 5; i++) expect((await login(service, `guess ${i}`, '203.0.113.7')).status).toBe(401);
    expect((await login(service, PASSWORD, '203.0.113.7')).status).toBe(429);
    expect((await login(service, PASSWORD, '198.51.100.2')).status).toBe(303);
  });
});

describe('the bearer over the limit', () => {
  it('answers 429 with Retry-After, even for the right password', async () => {
    const service = await start();
    for (let i = 0; i < 5; i++) expect((await fetch(`${service.url}/status`, { headers: { authorization: `Bearer guess-${i}` } })).status).toBe(401);
    const bearer = await fetch(`${service.url}/status`, { headers: { authorization: `Bearer ${PASSWORD}` } });
    expect(bearer.status).toBe(429);
    expect(Number(bearer.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    // The preview asks for no password at all (staff open it from the status page): Basic is not even looked at.
    const basic = await fetch(service.previewUrl, { headers: { authorization: `Basic ${Buffer.from(`anne:${PASSWORD}`).toString('base64')}` } });
    expect(basic.status).toBe(401);
    expect(basic.headers.get('www-authenticate')).toBeNull();
  });
});
