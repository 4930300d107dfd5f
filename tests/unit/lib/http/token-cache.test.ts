/**
 * The identity provider's token as the import keeps it (lib/http/auth.ts, clientCredentials):
 * reused while it is valid, never past its expiry (less a safety margin), and fetched once
 * for calls that ask at the same time. Against a small local token endpoint that counts.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clientCredentials } from '../../../../src/lib/http';

let server: Server;
let tokenUrl: string;
let issued = 0;
/** Lifetime the endpoint states, in seconds. */
const LIFETIME = 120;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      issued += 1;
      const token = `token-${issued}`;
      // A little later, as a real provider answers: calls made meanwhile must wait for this one.
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: token, expires_in: LIFETIME })), 20);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  tokenUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/token`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});
beforeEach(() => {
  issued = 0;
});

describe('the identity-provider token', () => {
  it('is reused while valid and fetched anew once its lifetime (less the margin) has passed', async () => {
    let clock = 1_000_000;
    const tokens = clientCredentials({ tokenUrl, clientId: 'kaia', clientSecret: 'secret', now: () => clock });
    expect(await tokens.get()).toBe('token-1');
    clock += (LIFETIME - 30) * 1000 - 1;
    expect(await tokens.get()).toBe('token-1');
    expect(issued).toBe(1);
    clock += 1;
    expect(await tokens.get()).toBe('token-2');
    expect(issued).toBe(2);
    clock += LIFETIME * 1000 * 10;
    expect(await tokens.get()).toBe('token-3');
  });

  it('is fetched once for calls that ask at the same time', async () => {
    const tokens = clientCredentials({ tokenUrl, clientId: 'kaia', clientSecret: 'secret' });
    const all = await Promise.all(Array.from({ length: 5 }, () => tokens.get()));
    expect(all).toEqual(Array(5).fill('token-1'));
    expect(issued).toBe(1);
  });

  it('is fetched anew after the server refused it, once for calls at the same time', async () => {
    const tokens = clientCredentials({ tokenUrl, clientId: 'kaia', clientSecret: 'secret' });
    const first = await tokens.get();
    tokens.invalidate(first);
    expect(await Promise.all([tokens.get(), tokens.get()])).toEqual(['token-2', 'token-2']);
    expect(issued).toBe(2);
  });
});
