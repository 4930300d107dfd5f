/**
 * The staff stylesheet as a file with a hashed name (issue 33): every page links it at
 * `/staff/assets/staff.<8 hex digits>.css`, named by its content; that address answers the
 * stylesheet, cached for a year as immutable; any other hash is not found. Called through the
 * service's app (`app.request()`, no sockets), and on the preview's port, whose sign-in page
 * links it too.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AccountBook } from '../../../../publisher/accounts/accounts';
import { Sessions } from '../../../../publisher/accounts/staff-access';
import { serviceApp } from '../../../../publisher/app';
import { previewSite } from '../../../../publisher/sites/release-sites';
import { STYLESHEET } from '../../../../publisher/views/assets';

const dir = mkdtempSync(join(tmpdir(), 'kaia-assets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const ORIGIN = 'http://127.0.0.1:4450';
const app = serviceApp(() => {});

describe('the staff stylesheet', () => {
  it('is linked by every page at an address named by a hash of its content', async () => {
    const css = readFileSync('publisher/views/staff.css', 'utf8');
    const hash = createHash('sha256').update(css).digest('hex').slice(0, 8);
    expect(STYLESHEET).toBe(`/staff/assets/staff.${hash}.css`);
    // Any page of the service: here the one for an address it does not have.
    const page = await app.request(`${ORIGIN}/staff/ingen-slik-side`);
    expect(page.status).toBe(404);
    const html = await page.text();
    expect(html).toContain(`<link rel="stylesheet" href="${STYLESHEET}"/>`);
    expect(html).not.toContain('<style');
    expect(page.headers.get('content-security-policy')).toContain("style-src 'self';");
  });

  it('answers at that address as CSS, cached for a year and never asked for again', async () => {
    const answer = await app.request(`${ORIGIN}${STYLESHEET}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await answer.text()).toBe(readFileSync('publisher/views/staff.css', 'utf8'));
  });

  it('is not found under another hash', async () => {
    for (const path of ['/staff/assets/staff.00000000.css', `${STYLESHEET.slice(0, -4)}x.css`, '/staff/assets/']) {
      const answer = await app.request(`${ORIGIN}${path}`);
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get('cache-control'), path).toBe('no-store');
    }
  });

  it('is served on the preview port too, whose sign-in page links it', async () => {
    const sessions = new Sessions('service-password', false, new AccountBook(join(dir, 'accounts.json')));
    const preview = previewSite(
      join(dir, 'preview'),
      sessions,
      () => `${ORIGIN}/staff/`,
      () => {},
    );
    const signIn = await preview.request('http://127.0.0.1:4451/');
    expect(signIn.status).toBe(401);
    expect(await signIn.text()).toContain(`<link rel="stylesheet" href="${STYLESHEET}"/>`);
    const answer = await preview.request(`http://127.0.0.1:4451${STYLESHEET}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });
});
