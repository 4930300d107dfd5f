/**
 * The shared HTTP layer against a real local server: placeholders, auth headers, XSRF, body
 * handling, and the error texts of SPEC §8.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient, fillEndpoint, HttpError } from '../../../../src/lib/http';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let base: string;
const seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const path = new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/api/, '');
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (path === '/slow') setTimeout(() => json(200, { slow: true }), 300);
      else if (path === '/missing') json(404, { error: 'no such thing' });
      else if (path === '/broken') res.writeHead(200, { 'content-type': 'application/json' }).end('{"cut": ');
      else if (path === '/empty') res.writeHead(200, { 'content-type': 'application/json' }).end('');
      else if (path === '/text') res.writeHead(200, { 'content-type': 'text/plain' }).end('hei');
      else json(200, { ok: true });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

afterEach(() => {
  seen.length = 0;
  delete (globalThis as { document?: unknown }).document;
});

const failure = async (promise: Promise<unknown>): Promise<HttpError> => {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
};

describe('endpoint paths', () => {
  it('fills :name placeholders URL-encoded, and refuses a missing value', () => {
    expect(fillEndpoint('site/:siteId/article', { siteId: 'kaia' })).toBe('site/kaia/article');
    expect(fillEndpoint('movie/:id', { id: 'a b/../c?d' })).toBe('movie/a%20b%2F..%2Fc%3Fd');
    expect(() => fillEndpoint('site/:siteId', {})).toThrow(/:siteId/);
  });
});

describe('the HTTP client', () => {
  it('calls the base URL with filled path, query and a JSON body', async () => {
    const client = createHttpClient({ baseURL: base });
    const answer = await client.request('items/:id', {
      method: 'POST',
      params: { id: 'x/y' },
      query: { skip: 0, take: 20, none: undefined },
      body: { Email: 'a@b.no' },
    });
    expect(answer).toEqual({ ok: true });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/items/x%2Fy?skip=0&take=20', body: '{"Email":"a@b.no"}' });
    expect(seen[0]?.headers['content-type']).toBe('application/json');
  });

  it('sends Basic credentials only when configured', async () => {
    await createHttpClient({ baseURL: base }).request('plain');
    await createHttpClient({ baseURL: base, auth: { type: 'basic', username: 'kaia', password: 'søt:hemmeleg' } }).request('secured');
    expect(seen[0]?.headers.authorization).toBeUndefined();
    expect(seen[1]?.headers.authorization).toBe(`Basic ${Buffer.from('kaia:søt:hemmeleg').toString('base64')}`);
  });

  it('echoes the XSRF cookie in the configured header', async () => {
    (globalThis as { document?: unknown }).document = { cookie: 'other=1; CSRF=abc%3D123' };
    await createHttpClient({ baseURL: base, xsrf: { cookieName: 'CSRF', headerName: 'X-CSRF' } }).request('form');
    await createHttpClient({ baseURL: base }).request('form');
    expect(seen[0]?.headers['x-csrf']).toBe('abc=123');
    expect(seen[1]?.headers['x-csrf']).toBeUndefined();
  });

  it('returns null for an empty body and text for a non-JSON body', async () => {
    const client = createHttpClient({ baseURL: base });
    expect(await client.request('empty', { method: 'POST' })).toBeNull();
    expect(await client.request('text')).toBe('hei');
  });

  it('reports a non-2xx answer as "Request failed with status code n", keeping status and body', async () => {
    const error = await failure(createHttpClient({ baseURL: base }).request('missing'));
    expect(error.message).toBe('Request failed with status code 404');
    expect(error.status).toBe(404);
    expect(error.body).toEqual({ error: 'no such thing' });
  });

  it('waits as long as it takes by default, and reports a time-out as "timeout of {ms}ms exceeded"', async () => {
    const client = createHttpClient({ baseURL: base });
    expect(await client.request('slow')).toEqual({ slow: true });
    const error = await failure(client.request('slow', { timeout: 50 }));
    expect(error.message).toBe('timeout of 50ms exceeded');
    const clientWide = await failure(createHttpClient({ baseURL: base, timeout: 40 }).request('slow'));
    expect(clientWide.message).toBe('timeout of 40ms exceeded');
  });

  it('reports an unreachable server as "Network Error"', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failure(createHttpClient({ baseURL: `http://127.0.0.1:${port}/` }).request('anything'));
    expect(error.message).toBe('Network Error');
    expect(error.status).toBeUndefined();
  });

  it('refuses malformed JSON instead of passing text on', async () => {
    const error = await failure(createHttpClient({ baseURL: base }).request('broken'));
    expect(error.kind).toBe('parse');
    expect(error.body).toBe('{"cut": ');
  });
});
