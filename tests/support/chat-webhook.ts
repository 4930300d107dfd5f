/**
 * A chat webhook for the publish service's tests (PUBLISHER_NOTIFY_URL): a server on loopback
 * that keeps every JSON message it is sent, in order, and answers 204.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatWebhook<Message> {
  readonly url: string;
  readonly messages: Message[];
  close(): Promise<void>;
}

export async function startChatWebhook<Message = Record<string, unknown>>(port = 0): Promise<ChatWebhook<Message>> {
  const messages: Message[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      messages.push(JSON.parse(body) as Message);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    messages,
    close: async () => {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    },
  };
}
