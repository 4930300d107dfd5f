/**
 * The publish service's rooms, each tried alone where it can be: the static serving of a
 * release (the demo's live site and the preview share it) with the site's security headers,
 * and the status page's route against address values that name no message. The service runs
 * on free ports of 127.0.0.1 with a release laid down by hand (no CMS, no build).
 */
import type { Server } from 'node:http';
import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { addStaffAccount, staffLogin } from '../../support/staff-account';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPublisherConfig } from '../../../publisher/config';
import { startPublisher, type Publisher } from '../../../publisher/server';
import { rawPath, releaseResponse } from '../../../publisher/sites/static-files';
import { serverOf } from '../../../publisher/routes/http';
import { Hono } from 'hono';
import { headersFile } from '../../../src/lib/hosting/static-host';
import { signature } from '../../../publisher/routes/hook-checks';
import { contentSecurityPolicy, securityHeaders } from '../../../src/lib/hosting/policy';
import { UNREACHABLE_SOURCES } from '../../support/offline-sources';

const PASSWORD = 'routes-staff-password';
const SECRET = 'routes-hook-secret-0123';
const SITE_CSP = contentSecurityPolicy({ scriptHashes: ['sha256-abc'], connectOrigins: [], formOrigins: [], frameOrigins: [], imageOrigins: [] });
const SEARCH_CSP = contentSecurityPolicy(
  { scriptHashes: ['sha256-abc'], connectOrigins: [], formOrigins: [], frameOrigins: [], imageOrigins: [] },
  { webAssembly: true },
);

let work: string;
let publisher: Publisher;

/** A release as the build leaves it: pages, a 404 page, and the site's _headers. */
function layRelease(dir: string, name: string, withHeaders = true) {
  const release = join(dir, name);
  mkdirSync(join(release, 'search'), { recursive: true });
  writeFileSync(join(release, 'index.html'), `<!doctype html><title>${name}</title>`);
  writeFileSync(join(release, 'search', 'index.html'), '<!doctype html><title>Søk</title>');
  writeFileSync(join(release, '404.html'), '<!doctype html><title>Fann ikkje sida</title>');
  if (withHeaders) writeFileSync(join(release, '_headers'), headersFile(securityHeaders(SITE_CSP), SEARCH_CSP));
  symlinkSync(name, join(dir, 'current'));
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'kaia-routes-'));
  mkdirSync(join(work, 'content'));
  layRelease(join(work, 'releases'), '20261123T100000Z');
  layRelease(join(work, 'releases', 'preview'), '20261123T110000Z');
  const config = readPublisherConfig({
    ...UNREACHABLE_SOURCES,
    IMPORT_TRIES: '1',
    IMPORT_TIMEOUT_MS: '2000',
    CONTENT_DIR: join(work, 'content'),
    RELEASES_DIR: join(work, 'releases'),
    PUBLISHER_PORT: '0',
    PUBLISHER_HOOK_SECRET: SECRET,
    PUBLISHER_STAFF_PASSWORD: PASSWORD,
    // No schedule: nothing runs but what a test asks for (a timer's run would race the tests).
    PUBLISHER_SYNC_MINUTES: '0',
  });
  await addStaffAccount(config.accountsFile, 'anne', 'Anne Aas', PASSWORD);
  publisher = await startPublisher(config, { previewPort: 0, log: () => {} });
});

afterAll(async () => {
  await publisher?.close();
  rmSync(work, { recursive: true, force: true });
});

const login = async () => (await staffLogin(publisher.url, 'anne', PASSWORD)).cookie;

describe('the status page route', () => {
  it('shows no message, and no error, for a ?melding= that names none (toString, __proto__ …)', async () => {
    const cookie = await login();
    for (const key of ['toString', '__proto__', 'constructor', 'hasOwnProperty', 'valueOf', 'nothing']) {
      const response = await fetch(`${publisher.url}/staff/?melding=${key}`, { headers: { cookie } });
      expect(response.status, key).toBe(200);
      const html = await response.text();
      expect(html, key).toContain('Dei siste køyringane');
      expect(html, key).not.toContain('class="message');
    }
    const known = await (await fetch(`${publisher.url}/staff/?melding=busy`, { headers: { cookie } })).text();
    expect(known).toContain('Ei publisering køyrer no.');
  });

  it('answers 404 for an unknown path and 405 for a wrong method', async () => {
    expect((await fetch(`${publisher.url}/staff/toString`)).status).toBe(404);
    expect((await fetch(`${publisher.url}/constructor`)).status).toBe(404);
    expect((await fetch(`${publisher.url}/hooks/cms`)).status).toBe(405);
    expect((await fetch(`${publisher.url}/staff/login`)).status).toBe(405);
  });
});

function hook(delivery: string, body = '{"event":"publish"}') {
  const timestamp = String(Math.floor(Date.now() / 1000));
  return fetch(`${publisher.url}/hooks/cms`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-kaia-delivery': delivery,
      'x-kaia-timestamp': timestamp,
      'x-kaia-signature': signature(SECRET, timestamp, delivery, Buffer.from(body)),
    },
    body,
  });
}

describe('the webhook on a full disk', () => {
  it('counts a delivery as received only once its run is queued: the CMS retry after a failure is accepted, not a replay', async () => {
    await publisher.queue.settled();
    const runs = publisher.log.runs.length;
    // The run log cannot be saved, as on a full disk (its temporary file cannot be written).
    const blocker = join(work, 'releases', '.publisher', `runs.json.${process.pid}.tmp`);
    mkdirSync(blocker, { recursive: true });
    try {
      const refused = await hook('full-disk-1');
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('60');
      expect(publisher.log.runs.length).toBe(runs);
    } finally {
      rmSync(blocker, { recursive: true });
    }
    const retried = await hook('full-disk-1');
    expect(retried.status).toBe(202);
    expect(publisher.log.runs.length).toBe(runs + 1);
    expect((await hook('full-disk-1')).status).toBe(409);
    await publisher.queue.settled();
  });
});

describe('the preview', () => {
  /** Opens the preview from the status page as staff do: the preview's own cookie, from a one-time ticket. */
  async function previewCookie(): Promise<string> {
    return (await openPreview()).preview;
  }

  /** The staff cookie, and the preview cookie opened from it. */
  async function openPreview(): Promise<{ staff: string; preview: string }> {
    const cookie = await login();
    const open = await fetch(`${publisher.url}/staff/forehandsvising`, { headers: { cookie }, redirect: 'manual' });
    expect(open.status).toBe(303);
    const entry = open.headers.get('location')!;
    expect(entry.startsWith(`${publisher.previewUrl}__staff/opne?billett=`)).toBe(true);
    const entered = await fetch(entry, { redirect: 'manual' });
    expect(entered.status).toBe(303);
    expect(entered.headers.get('location')).toBe('/');
    const set = entered.headers.get('set-cookie')!;
    expect(set).toMatch(/^kaia_preview=[^;]+;/);
    expect(
      new Set(
        set
          .split('; ')
          .slice(1)
          .map((part) => part.replace(/=\d+$/, '=N')),
      ),
    ).toEqual(new Set(['Path=/', 'HttpOnly', 'SameSite=Lax', 'Max-Age=N']));
    // The ticket is used up.
    expect((await fetch(entry, { redirect: 'manual' })).status).toBe(403);
    return { staff: cookie, preview: set.split(';')[0]! };
  }

  it("carries the site's security headers, never cached nor indexed", async () => {
    const cookie = await previewCookie();
    const response = await fetch(publisher.previewUrl, { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('20261123T110000Z');
    expect(response.headers.get('content-security-policy')).toBe(SITE_CSP);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const search = await fetch(`${publisher.previewUrl}search`, { headers: { cookie } });
    expect(search.headers.get('content-security-policy')).toBe(SEARCH_CSP);
  });

  it('is for staff only, and asks for no password of its own: it says where to sign in', async () => {
    for (const headers of [{}, { authorization: `Basic ${Buffer.from(`anne:${PASSWORD}`).toString('base64')}` }, { cookie: 'kaia_preview=made-up' }]) {
      const response = await fetch(publisher.previewUrl, { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBeNull();
      const html = await response.text();
      expect(html).toContain('Logg inn på publiseringssida, og opne førehandsvisinga derifrå.');
      expect(html).toContain(`href="${publisher.url}/staff/"`);
    }
    expect((await fetch(`${publisher.previewUrl}__staff/opne?billett=made-up`, { redirect: 'manual' })).status).toBe(403);
  });

  it('grants reading the preview only: its token signs in to nothing, and it ends with the staff session', async () => {
    const { staff, preview: cookie } = await openPreview();
    expect((await fetch(publisher.previewUrl, { headers: { cookie } })).status).toBe(200);
    expect(cookie.split('=')[1]).not.toBe(staff.split('=')[1]);
    // Sent as the staff cookie, the preview's token opens no status page and allows no action.
    const asStaff = `kaia_staff=${cookie.split('=')[1]}`;
    const page = await (await fetch(`${publisher.url}/staff/`, { headers: { cookie: asStaff } })).text();
    expect(page).toContain('name="password"');
    expect(page).not.toContain('name="csrf"');
    expect((await fetch(`${publisher.url}/status`, { headers: { cookie: asStaff } })).status).toBe(401);
    const html = await (await fetch(`${publisher.url}/staff/`, { headers: { cookie: staff } })).text();
    const csrf = /name="csrf" value="([^"]+)"/.exec(html)![1]!;
    await fetch(`${publisher.url}/staff/logout`, {
      method: 'POST',
      headers: { origin: publisher.url, cookie: staff, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf }),
      redirect: 'manual',
    });
    expect((await fetch(publisher.previewUrl, { headers: { cookie } })).status).toBe(401);
  });
});

describe('serving a release', () => {
  let server: Server;
  let origin: string;
  let root: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'kaia-static-'));
    layRelease(root, 'with-headers');
    layRelease(join(root, 'bare'), 'plain', false);
    const app = new Hono().all('*', (c) => {
      const path = rawPath(c.req.url);
      const bare = path.startsWith('/bare/');
      return releaseResponse(join(root, bare ? 'bare' : '', 'current'), c.req.method, bare ? path.slice('/bare'.length) : path, {}, c.req.raw.headers);
    });
    // Through a socket: the paths reach the app as a client sends them, not normalised by a Request.
    server = serverOf(app);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
    rmSync(root, { recursive: true, force: true });
  });

  it("answers pages, their 404 page and HEAD with the site's headers", async () => {
    const page = await fetch(`${origin}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(SITE_CSP);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const missing = await fetch(`${origin}/finst-ikkje/`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Fann ikkje sida');
    expect(missing.headers.get('content-security-policy')).toBe(SITE_CSP);
    expect((await fetch(`${origin}/`, { method: 'HEAD' })).status).toBe(200);
    expect((await fetch(`${origin}/`, { method: 'POST' })).status).toBe(405);
  });

  it('sends the precompressed copy a client accepts, brotli first, as nginx does, and 304 for the ETag it holds', async () => {
    const release = join(root, 'with-headers');
    const text = 'export const programme = "kino";\n'.repeat(64);
    mkdirSync(join(release, '_astro'), { recursive: true });
    writeFileSync(join(release, '_astro', 'app.js'), text);
    writeFileSync(join(release, '_astro', 'app.js.br'), brotliCompressSync(text));
    writeFileSync(join(release, '_astro', 'app.js.gz'), gzipSync(text));
    const get = (headers: Record<string, string>) => fetch(`${origin}/_astro/app.js`, { headers });
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', null],
    ] as const) {
      const response = await get({ 'accept-encoding': accept });
      expect(response.headers.get('content-encoding'), accept).toBe(encoding);
      // fetch decodes what it asked for: the same text every time.
      expect(await response.text(), accept).toBe(text);
      expect(response.headers.get('content-type'), accept).toBe('text/javascript; charset=utf-8');
      // One answer per Accept-Encoding for a cache, the plain one too (nginx's gzip_vary).
      expect(response.headers.get('vary'), accept).toBe('Accept-Encoding');
    }
    const first = await get({ 'accept-encoding': 'br' });
    await first.arrayBuffer();
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    expect(etag).not.toBe((await get({ 'accept-encoding': 'identity' })).headers.get('etag'));
    const again = await get({ 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('content-security-policy')).toBe(SITE_CSP);
    expect((await get({ 'accept-encoding': 'br', 'if-none-match': 'W/"0-0"' })).status).toBe(200);
  });

  it('never serves a file outside the release', async () => {
    for (const path of ['/..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e/etc/passwd', '/%00', '/%zz'])
      expect((await fetch(`${origin}${path}`)).status, path).toBe(404);
  });

  it("gives a release without _headers the site's policy with no inline script allowed", async () => {
    const page = await fetch(`${origin}/bare/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self';");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("follows a switch of current: the new release's own _headers, not the one read before", async () => {
    expect((await fetch(`${origin}/`)).headers.get('content-security-policy')).toBe(SITE_CSP);
    const next = join(root, 'next');
    mkdirSync(next);
    writeFileSync(join(next, 'index.html'), '<!doctype html><title>next</title>');
    writeFileSync(join(next, '_headers'), "/*\n  Content-Security-Policy: default-src 'none'\n");
    symlinkSync('next', join(root, 'current.new'));
    renameSync(join(root, 'current.new'), join(root, 'current'));
    const page = await fetch(`${origin}/`);
    expect(await page.text()).toContain('<title>next</title>');
    expect(page.headers.get('content-security-policy')).toBe("default-src 'none'");
  });
});
