/**
 * The chat notification's delivery through the project's one HTTP layer (src/lib/http): the
 * message is posted as JSON to the URL exactly as configured, and an error status, a webhook that
 * does not answer in time and one that cannot be reached are each logged, never thrown.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { notify } from '../../../../publisher/pipeline/notify';

let server: Server | undefined;

async function webhook(answer: (req: IncomingMessage, res: ServerResponse, body: string) => void): Promise<string> {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => answer(req, res, body));
  });
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/chat/hook`;
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((done) => (server ? server.close(done) : done(undefined)));
  server = undefined;
});

describe('a chat notification', () => {
  it('is posted as JSON to the URL as configured, and an answer that is no JSON is no failure', async () => {
    const seen: { method: string | undefined; url: string | undefined; type: string | undefined; body: string }[] = [];
    const url = await webhook((req, res, body) => {
      seen.push({ method: req.method, url: req.url, type: req.headers['content-type'], body });
      res.writeHead(200, { 'content-type': 'application/json' }).end('ok, not json');
    });
    const lines: string[] = [];
    await notify(url, { text: 'Kulturhuset-kaia er publisert på nytt', run: 7 }, (line) => lines.push(line));
    expect(seen).toEqual([{ method: 'POST', url: '/chat/hook', type: 'application/json', body: '{"text":"Kulturhuset-kaia er publisert på nytt","run":7}' }]);
    expect(lines).toEqual([]);
  });

  it('logs an error status', async () => {
    const url = await webhook((_req, res) => res.writeHead(500, { 'content-type': 'text/plain' }).end('down'));
    const lines: string[] = [];
    await notify(url, { text: 'x' }, (line) => lines.push(line));
    expect(lines).toEqual(['notification answered 500']);
  });

  it('logs a webhook that does not answer in time, and one that cannot be reached', async () => {
    const url = await webhook(() => {
      // Never answers.
    });
    const lines: string[] = [];
    await notify(url, { text: 'x' }, (line) => lines.push(line), 200);
    server!.closeAllConnections();
    await new Promise((done) => server!.close(done));
    server = undefined;
    await notify(url, { text: 'x' }, (line) => lines.push(line), 200);
    expect(lines).toEqual(['notification failed: timeout of 200ms exceeded', 'notification failed: Network Error']);
  });
});
