/**
 * Staff sessions and who a request comes from, alone: a session ends after its eight hours
 * whatever the cookie says, and the client the password throttle counts is the peer itself
 * unless the peer is the proxy.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AccountBook } from '../../../../publisher/accounts/accounts';
import { clientKey } from '../../../../publisher/accounts/staff-request';
import { COOKIE, Sessions, type StaffSession } from '../../../../publisher/accounts/staff-access';
import { addStaffAccount } from '../../../support/staff-account';

const HOUR = 60 * 60 * 1000;

const request = (peer: string, headers: Record<string, string> = {}) => ({ socket: { remoteAddress: peer }, headers }) as unknown as IncomingMessage;

afterEach(() => {
  vi.useRealTimers();
});

let dir: string;
let accounts: AccountBook;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kaia-guards-'));
  await addStaffAccount(join(dir, 'accounts.json'), 'anne', 'Anne Aas', 'annes staff password');
  accounts = new AccountBook(join(dir, 'accounts.json'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a staff session', () => {
  it('is valid for eight hours and then no longer, cookie or not', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-23T08:00:00Z'));
    const sessions = new Sessions('the service password', false, accounts);
    const session = await sessions.login('anne', 'annes staff password', 'client');
    expect('id' in session).toBe(true);
    const cookie = sessions.cookie(session as StaffSession).split(';')[0]!;
    expect(cookie.startsWith(`${COOKIE}=`)).toBe(true);
    const req = request('127.0.0.1', { cookie });
    vi.setSystemTime(new Date('2026-11-23T15:59:59Z'));
    expect(sessions.of(req)).toBeDefined();
    expect(sessions.readAccess(req)).toEqual({ ok: true });
    vi.setSystemTime(new Date(Date.parse('2026-11-23T08:00:00Z') + 8 * HOUR + 1));
    expect(sessions.of(req)).toBeUndefined();
    expect(sessions.readAccess(req).ok).toBe(false);
    expect(sessions.previewAccess(req).ok).toBe(false);
  });

  it('ends at logout', async () => {
    const sessions = new Sessions('the service password', false, accounts);
    const session = (await sessions.login('anne', 'annes staff password', 'client')) as StaffSession;
    const req = request('127.0.0.1', { cookie: `${COOKIE}=${session.id}` });
    expect(sessions.of(req)).toBeDefined();
    sessions.logout(req);
    expect(sessions.of(req)).toBeUndefined();
  });
});

describe('the client a password try counts against', () => {
  it('is the peer when the peer is not a trusted proxy, whatever X-Real-IP says', () => {
    expect(clientKey(request('203.0.113.9', { 'x-real-ip': '198.51.100.1' }), ['127.0.0.1'])).toBe('203.0.113.9');
    expect(clientKey(request('10.0.0.5', { 'x-real-ip': '127.0.0.1' }), ['127.0.0.1'])).toBe('10.0.0.5');
  });

  it('is the peer, loopback too, when no proxy is trusted (PUBLISHER_TRUSTED_PROXY unset)', () => {
    expect(clientKey(request('127.0.0.1', { 'x-real-ip': '198.51.100.1' }))).toBe('127.0.0.1');
    expect(clientKey(request('::1', { 'x-real-ip': '198.51.100.1' }))).toBe('::1');
  });

  it('is the X-Real-IP a trusted proxy sets', () => {
    expect(clientKey(request('127.0.0.1', { 'x-real-ip': '198.51.100.1' }), ['127.0.0.1'])).toBe('198.51.100.1');
    expect(clientKey(request('::ffff:127.0.0.1', { 'x-real-ip': '198.51.100.1' }), ['127.0.0.1'])).toBe('198.51.100.1');
    expect(clientKey(request('127.0.0.1'), ['127.0.0.1'])).toBe('127.0.0.1');
  });
});

describe('guessing from many addresses', () => {
  it('meets the per-account limit: after twenty wrong passwords from any clients, even a new client with the right one waits', () => {
    const sessions = new Sessions('the staff password', false, accounts);
    const minute = 60_000;
    for (let i = 0; i < 20; i++) expect(sessions.checkPassword(`guess ${i}`, `198.51.100.${i}`, i * 1000)).toEqual({ ok: false, waitSeconds: 0 });
    const refused = sessions.checkPassword('the staff password', '203.0.113.1', 21_000);
    expect(refused.ok).toBe(false);
    expect(refused.ok ? 0 : refused.waitSeconds).toBeGreaterThan(14 * 60);
    // Once the oldest failure is 15 minutes old, the right password works again.
    expect(sessions.checkPassword('the staff password', '203.0.113.1', 15 * minute + 1000)).toEqual({ ok: true });
  });
});
