/** Requests written byte for byte on a socket, for what an HTTP client would refuse to send. */
import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  /** Header names in lower case; repeated headers joined with ', '. */
  headers: Record<string, string>;
  body: string;
  /** The whole response as received. */
  text: string;
}

/**
 * Sends `request` and reads until the server closes. The client half-closes after sending,
 * like a client that has nothing more to say, unless `keepOpen` (a client still sending a body
 * the server refuses, as real uploads do).
 */
export function rawRequest(port: number, request: string, label = request.slice(0, 40), keepOpen = false): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error(`timeout for ${label}`)));
    socket.on('connect', () => (keepOpen ? socket.write(request, 'latin1') : socket.end(request, 'latin1')));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const headers: Record<string, string> = {};
      for (const line of head.split('\r\n').slice(1)) {
        const colon = line.indexOf(':');
        if (colon < 0) continue;
        const name = line.slice(0, colon).trim().toLowerCase();
        const value = line.slice(colon + 1).trim();
        headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
      }
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0), headers, body: rest.join('\r\n\r\n'), text });
    });
  });
}

/** A plain GET of a path as given, however odd, on a connection of its own. */
export function rawGet(port: number, path: string): Promise<RawResponse> {
  return rawRequest(port, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`, path);
}
