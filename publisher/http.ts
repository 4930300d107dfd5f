/**
 * The small HTTP toolkit of the publish service's routes: answers with the service's own
 * headers, bodies read with a size limit, and starting and stopping a node:http server on
 * 127.0.0.1.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { CSP } from './page';

/** A route answers the requests it knows and says so; the composition root tries them in order. */
export type Route = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean> | boolean;

const FORM_LIMIT = 8 * 1024;

const baseHeaders = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  // same-origin, not no-referrer: with no-referrer browsers send `Origin: null` on form posts.
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'x-robots-tag': 'noindex, nofollow',
};

export function send(res: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...baseHeaders, 'content-type': type, 'content-length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

export function sendJson(res: ServerResponse, status: number, data: unknown, headers: Record<string, string> = {}): void {
  send(res, status, 'application/json', JSON.stringify(data), headers);
}

/** A page of the service's own (status, login, errors): its strict CSP allows only its one style block. */
export function html(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  send(res, status, 'text/html; charset=utf-8', body, { 'content-security-policy': CSP, ...headers });
}

export function redirect(res: ServerResponse, location: string, headers: Record<string, string> = {}): void {
  send(res, 303, 'text/plain; charset=utf-8', '', { location, ...headers });
}

export function methodNotAllowed(res: ServerResponse, allow: string): void {
  send(res, 405, 'text/plain; charset=utf-8', 'method not allowed', { allow });
}

export function internalError(res: ServerResponse): void {
  if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', 'internal error');
  else res.destroy();
}

/** The body, or undefined as soon as it grows past `limit` bytes. */
export function readLimited(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
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

/** A form post's fields, or undefined when the body is larger than a staff form can be. */
export async function readForm(req: IncomingMessage): Promise<URLSearchParams | undefined> {
  const body = await readLimited(req, FORM_LIMIT);
  return body ? new URLSearchParams(body.toString('utf8')) : undefined;
}

export function listen(server: Server, port: number): Promise<void> {
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', fail);
      done();
    });
  });
}

export function stop(server: Server): Promise<void> {
  return new Promise((done) => {
    server.close(() => done());
    server.closeAllConnections();
  });
}
