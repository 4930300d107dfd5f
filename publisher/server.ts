/**
 * The publish service: one node:http server on 127.0.0.1 (nginx proxies the hook and the staff
 * paths to it), and a second one serving the draft preview to staff.
 *
 *   POST /hooks/cms            the CMS's signed webhook (hooks.ts) → 202, a run is queued
 *   GET  /status               JSON for staff: live release, preview, the last 20 runs
 *   GET  /staff/               the status page (or the login form)
 *   POST /staff/login|logout|refresh|rollback|preview
 *
 * and on the preview port, every path: the latest preview release, for staff only.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { PublisherConfig } from '../import/config';
import { matchLiveContent } from '../import/publish';
import { currentRelease, currentSince, ReleaseError, rollback } from '../import/releases';
import { DeliveryLog, verifyHook } from './hooks';
import { CSP, loginPage, messages, plainPage, statusPage, type MessageKey } from './page';
import { executeRun, notifyFailure, previewDir } from './pipeline';
import { RunLog, RunQueue, type RunKind } from './runs';
import { clientKey, sameOrigin, Sessions, validCsrf } from './staff';

export interface Publisher {
  readonly url: string;
  readonly previewUrl: string;
  readonly queue: RunQueue;
  readonly log: RunLog;
  close(): Promise<void>;
}

export interface PublisherOptions {
  /** Port of the preview server (0: any free one). */
  readonly previewPort?: number;
  readonly log?: (line: string) => void;
  /** The clock used for hook timestamps (tests). */
  readonly now?: () => number;
}

const FORM_LIMIT = 8 * 1024;

export async function startPublisher(config: PublisherConfig, options: PublisherOptions = {}): Promise<Publisher> {
  const log = options.log ?? ((line: string) => console.log(line));
  const now = options.now ?? Date.now;
  const runLog = new RunLog(join(config.stateDir, 'runs.json'));
  const deliveries = new DeliveryLog(join(config.stateDir, 'deliveries.json'));
  const sessions = new Sessions(config.staffPassword, config.publicOrigin?.startsWith('https:') ?? false);
  const queue = new RunQueue(runLog, async (run) => {
    log(`run ${run.id} (${run.kind}, ${run.trigger}) started`);
    await executeRun(config, run, log);
    log(`run ${run.id} ${run.state}${run.failure ? `: ${run.failure.detail}` : ''}`);
    void notifyFailure(config.notifyUrl, run, log);
  });
  let previewUrl = '';

  const status = () => {
    const release = currentRelease(config.releasesDir);
    const since = currentSince(config.releasesDir);
    const preview = currentRelease(previewDir(config));
    return {
      live: release && since ? { release, since: since.toISOString() } : undefined,
      preview: preview ? { release: preview, url: previewUrl } : undefined,
      busy: queue.busy,
      runs: runLog.runs,
    };
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log(`request failed: ${String(error)}`);
      if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', 'internal error');
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://publisher.invalid');
    const path = url.pathname;
    if (path === '/hooks/cms') return req.method === 'POST' ? hook(req, res) : methodNotAllowed(res, 'POST');
    if (path === '/status') {
      if (req.method !== 'GET') return methodNotAllowed(res, 'GET');
      if (!sessions.allowsRead(req))
        return send(res, 401, 'application/json', JSON.stringify({ error: 'staff authentication required' }), {
          'www-authenticate': 'Bearer realm="kaia-publisher"',
        });
      return send(res, 200, 'application/json', JSON.stringify(status()));
    }
    if (path === '/staff') return redirect(res, '/staff/');
    if (path === '/staff/') {
      if (req.method !== 'GET') return methodNotAllowed(res, 'GET');
      const session = sessions.of(req);
      if (!session) return html(res, 200, loginPage());
      const key = url.searchParams.get('melding');
      const message = key && key in messages ? (key as MessageKey) : undefined;
      return html(res, 200, statusPage({ ...status(), csrf: session.csrf, message }));
    }
    const action = /^\/staff\/(login|logout|refresh|rollback|preview)$/.exec(path)?.[1];
    if (!action) return html(res, 404, plainPage('Fann ikkje sida', 'Denne adressa finst ikkje i publiseringstenesta.'));
    if (req.method !== 'POST') return methodNotAllowed(res, 'POST');
    if (!sameOrigin(req, config.publicOrigin)) return html(res, 403, plainPage('Ikkje tillate', 'Handlinga må gjerast frå publiseringssida.'));
    const form = await readForm(req);
    if (!form) return html(res, 413, plainPage('For stor førespurnad', 'Skjemaet var for stort.'));
    if (action === 'login') {
      const session = sessions.login(form.get('password') ?? '', clientKey(req));
      if ('waitSeconds' in session) {
        log(`staff login refused${session.waitSeconds > 0 ? ' (too many tries)' : ''}`);
        if (session.waitSeconds > 0)
          return html(res, 429, loginPage({ waitMinutes: Math.ceil(session.waitSeconds / 60) }), { 'retry-after': String(session.waitSeconds) });
        return html(res, 401, loginPage({ failed: true }));
      }
      return redirect(res, '/staff/', { 'set-cookie': sessions.cookie(session) });
    }
    const session = sessions.of(req);
    if (!session) return html(res, 401, plainPage('Ikkje logga inn', 'Logg inn på publiseringssida først.'));
    if (!validCsrf(session, form.get('csrf')))
      return html(res, 403, plainPage('Ikkje tillate', 'Skjemaet var gammalt eller kom ikkje frå publiseringssida. Last sida på nytt og prøv igjen.'));
    switch (action) {
      case 'logout':
        sessions.logout(req);
        return redirect(res, '/staff/', { 'set-cookie': sessions.clearedCookie() });
      case 'refresh':
        queue.request('live', 'staff');
        return redirect(res, '/staff/?melding=queued');
      case 'preview':
        queue.request('preview', 'staff');
        return redirect(res, '/staff/?melding=preview-queued');
      case 'rollback':
        return redirect(res, `/staff/?melding=${doRollback()}`);
    }
  }

  function doRollback(): MessageKey {
    if (queue.busy) return 'busy';
    const run = runLog.add('live', 'rollback');
    const started = Date.now();
    run.startedAt = new Date(started).toISOString();
    let key: MessageKey;
    try {
      run.release = rollback(config.releasesDir);
      matchLiveContent(config.releasesDir, config.contentDir);
      run.state = 'published';
      key = 'rolled-back';
    } catch (error) {
      run.state = 'failed';
      const detail = error instanceof Error ? error.message : String(error);
      // A ReleaseError is either "nothing to go back to" or another process holding the lock.
      const nothingOlder = error instanceof ReleaseError && !/Another run/.test(detail);
      run.failure = {
        step: 'Tilbakerulling',
        reason: nothingOlder
          ? 'Det finst inga eldre versjon å gå tilbake til.'
          : 'Kunne ikkje byte versjon no. Den publiserte nettstaden er uendra; prøv igjen om litt.',
        detail,
      };
      key = nothingOlder ? 'no-rollback' : 'busy';
    }
    run.finishedAt = new Date().toISOString();
    run.durationMs = Date.now() - started;
    runLog.save();
    log(`rollback: ${run.state} ${run.release ?? run.failure?.detail ?? ''}`);
    return key;
  }

  async function hook(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const refuse = (status: number, reason: string) => {
      log(`hook refused (${status}): ${reason}`);
      send(res, status, 'application/json', JSON.stringify({ error: reason }), { connection: 'close' });
    };
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > config.maxBodyBytes) return refuse(413, 'body too large');
    const body = await readLimited(req, config.maxBodyBytes);
    if (!body) return refuse(413, 'body too large');
    const verdict = verifyHook(req.headers, body, config.hookSecret, now());
    if (!verdict.ok) return refuse(verdict.status, verdict.reason);
    const claim = deliveries.claim(verdict.delivery, now());
    if (claim === 'replay') return refuse(409, 'delivery already received');
    if (claim === 'full') return refuse(429, 'too many deliveries');
    const kind: RunKind = isDraftEvent(body) ? 'preview' : 'live';
    const run = queue.request(kind, 'webhook');
    log(`hook ${verdict.delivery} accepted: run ${run.id} (${kind})`);
    send(res, 202, 'application/json', JSON.stringify({ accepted: true, run: run.id, kind }));
  }

  const preview = createServer((req, res) => {
    servePreview(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', 'internal error');
    });
  });

  async function servePreview(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!sessions.allowsPreview(req))
      return send(res, 401, 'text/plain; charset=utf-8', 'Førehandsvisinga er berre for tilsette.', {
        'www-authenticate': 'Basic realm="Kaia preview", charset="UTF-8"',
      });
    return serveFiles(join(previewDir(config), 'current'), req, res, { 'x-robots-tag': 'noindex, nofollow', 'cache-control': 'no-store' });
  }

  // The demo's public site (npm start); production serves `current` with nginx.
  const site = config.sitePort
    ? createServer((req, res) => {
        serveFiles(join(config.releasesDir, 'current'), req, res, { 'cache-control': 'no-cache' }).catch(() => {
          if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', 'internal error');
        });
      })
    : undefined;

  await listen(server, config.port);
  await listen(preview, options.previewPort ?? config.previewPort ?? (config.port === 0 ? 0 : config.port + 1));
  if (site && config.sitePort) await listen(site, config.sitePort);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  previewUrl = `http://127.0.0.1:${(preview.address() as AddressInfo).port}/`;
  log(`publisher on ${url} (hook ${url}/hooks/cms, staff ${url}/staff/), preview on ${previewUrl}`);
  if (config.runOnStart) queue.request('live', 'start');
  let closing: Promise<void> | undefined;
  return {
    url,
    previewUrl,
    queue,
    log: runLog,
    close: () => (closing ??= Promise.all([stop(server), stop(preview), ...(site ? [stop(site)] : [])]).then(() => undefined)),
  };
}

function isDraftEvent(body: Buffer): boolean {
  try {
    const data = JSON.parse(body.toString('utf8')) as { event?: unknown };
    return data?.event === 'draft';
  } catch {
    return false;
  }
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
  '.pf_meta': 'application/octet-stream',
};

/** Serves a built site from `root` (a release link): files, /x as /x.html or /x/index.html, else its 404 page. */
async function serveFiles(root: string, req: IncomingMessage, res: ServerResponse, headers: Record<string, string>): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(res, 'GET');
  const pathname = new URL(req.url ?? '/', 'http://site.invalid').pathname;
  const found = previewFile(root, pathname);
  const notFound = found ? undefined : previewFile(root, '/404.html');
  const file = found ?? notFound;
  if (!file) return send(res, 404, 'text/plain; charset=utf-8', 'Fann ikkje sida.', headers);
  res.writeHead(found ? 200 : 404, {
    ...headers,
    'content-type': contentTypes[extname(file)] ?? 'application/octet-stream',
    'content-length': statSync(file).size,
  });
  if (req.method === 'HEAD') return void res.end();
  createReadStream(file).pipe(res);
}

/** The file a preview path names, never outside the preview: /x, /x/ (x.html, the site's URL form) and /x/index.html alike. */
function previewFile(root: string, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const base = resolve(root);
  const target = resolve(base, `.${normalize(`/${decoded}`)}`);
  if (target !== base && !target.startsWith(base + sep)) return undefined;
  for (const candidate of [target, `${target}.html`, join(target, 'index.html')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

const baseHeaders = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  // same-origin, not no-referrer: with no-referrer browsers send `Origin: null` on form posts.
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'x-robots-tag': 'noindex, nofollow',
};

function send(res: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...baseHeaders, 'content-type': type, 'content-length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

function html(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  send(res, status, 'text/html; charset=utf-8', body, { 'content-security-policy': CSP, ...headers });
}

function redirect(res: ServerResponse, location: string, headers: Record<string, string> = {}): void {
  send(res, 303, 'text/plain; charset=utf-8', '', { location, ...headers });
}

function methodNotAllowed(res: ServerResponse, allow: string): void {
  send(res, 405, 'text/plain; charset=utf-8', 'method not allowed', { allow });
}

/** The body, or undefined as soon as it grows past `limit` bytes. */
function readLimited(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > limit) {
        over = true;
        done(undefined);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!over) done(Buffer.concat(chunks));
    });
    req.on('error', fail);
  });
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams | undefined> {
  const body = await readLimited(req, FORM_LIMIT);
  return body ? new URLSearchParams(body.toString('utf8')) : undefined;
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', fail);
      done();
    });
  });
}

function stop(server: Server): Promise<void> {
  return new Promise((done) => {
    server.close(() => done());
    server.closeAllConnections();
  });
}
