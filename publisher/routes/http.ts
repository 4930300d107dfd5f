/**
 * The small HTTP toolkit under the publish service's Hono apps: the service's own headers (a
 * Hono middleware), the client's peer address as node:http saw it, and starting and stopping a
 * node:http server for an app on 127.0.0.1. It knows no pages (the views set their own CSP).
 */
import { getRequestListener } from '@hono/node-server';
import type { Context, Env, Hono, MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { StaffRequest } from '../accounts/staff-request';

/** What @hono/node-server hands an app as `c.env`; absent when a test calls `app.request()` without one. */
export interface NodeBindings {
  readonly incoming?: Pick<IncomingMessage, 'socket'>;
}
export type AppEnv = { Bindings: NodeBindings };

/** The headers every answer of the service carries: never cached, framed, sniffed or indexed. */
export function serviceHeaders(): MiddlewareHandler {
  const secure = secureHeaders({
    // same-origin, not no-referrer: with no-referrer browsers send `Origin: null` on form posts.
    referrerPolicy: 'same-origin',
    xFrameOptions: 'DENY',
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: 'same-origin',
    crossOriginResourcePolicy: 'same-origin',
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  return async (c, next) => {
    await secure(c, next);
    if (!c.res.headers.has('cache-control')) c.res.headers.set('cache-control', 'no-store');
    c.res.headers.set('x-robots-tag', 'noindex, nofollow');
  };
}

/**
 * The request as the staff guards read it: the peer node:http saw (none in `app.request()` tests
 * unless given) and the headers. Any app's context will do: only its node bindings are read.
 */
export function staffRequest<E extends Env>(c: Context<E>): StaffRequest {
  const env = c.env as NodeBindings | undefined;
  return {
    socket: { remoteAddress: env?.incoming?.socket?.remoteAddress ?? '' },
    headers: Object.fromEntries(c.req.raw.headers),
  };
}

/** A node:http server for an app; a handler's failure is the app's onError's to answer. */
export function serverOf<E extends Env>(app: Hono<E>): Server {
  const listener = getRequestListener(app.fetch);
  return createServer((incoming, outgoing) => void listener(incoming, outgoing));
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
