/**
 * Free ports of 127.0.0.1 for tests whose servers must know each other's address before they
 * start (the CMS sandbox posts its webhook to the publisher, which imports from the sandbox),
 * so two test runs on one machine never fight over a fixed port.
 */
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/** `count` distinct free ports. */
export async function freePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}
