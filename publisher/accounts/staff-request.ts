/**
 * A request as the staff checks read it: its peer and its headers (a node request, or one the
 * routes build from Hono's), who the client is for the password throttle, and its cookies.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { parse } from 'hono/utils/cookie';

/** What the guards read of a request: its peer and headers (a node request, or one the app builds from Hono's). */
export interface StaffRequest {
  readonly socket: { readonly remoteAddress?: string | undefined };
  readonly headers: IncomingHttpHeaders;
}

/**
 * Who is asking, for the throttle: the peer's address, or, when the peer is a proxy named in
 * PUBLISHER_TRUSTED_PROXY (nginx on this host: 127.0.0.1), the X-Real-IP it sets (README: the
 * nginx locations). Anyone else's X-Real-IP is ignored, loopback's too when no proxy is named.
 */
export function clientKey(req: StaffRequest, trustedProxies: readonly string[] = []): string {
  const peer = req.socket.remoteAddress ?? '';
  const trusted = trustedProxies.includes(peer) || trustedProxies.includes(peer.replace(/^::ffff:/, ''));
  const real = req.headers['x-real-ip'];
  return trusted && typeof real === 'string' && real.trim() ? real.trim() : peer;
}

export function cookieOf(req: StaffRequest, name: string): string | undefined {
  return parse(req.headers.cookie ?? '', name)[name];
}
