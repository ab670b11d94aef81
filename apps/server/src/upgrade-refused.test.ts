import { connect, type Socket } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFileTestServer, listenOnFreePort } from './testing.ts';

// An upgrade to /trpc from a foreign Origin got its 403, but the server kept its side
// of the socket open, so anyone could exhaust the process's file descriptors.

const { server } = await createFileTestServer();
let port = 0;
beforeAll(async () => {
  port = await listenOnFreePort(server);
});

function openConnections(): Promise<number> {
  return new Promise((resolve, reject) =>
    server.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );
}

/** Sends a WebSocket upgrade and resolves with the status line; the client never closes. */
function refusedUpgrade(
  headers: Record<string, string>,
): Promise<{ status: string; socket: Socket }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('error', reject);
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      if (answer.includes('\r\n')) resolve({ status: answer.split('\r\n')[0] ?? '', socket });
    });
    const lines = [
      'GET /trpc HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      'Connection: Upgrade',
      'Upgrade: websocket',
      'Sec-WebSocket-Version: 13',
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  });
}

describe('a refused WebSocket upgrade', () => {
  it('closes its socket on the server side: the open connections return to where they were', async () => {
    const baseline = await openConnections();
    const attempts = await Promise.all(
      Array.from({ length: 20 }, () => refusedUpgrade({ Origin: 'https://attacker.example' })),
    );
    for (const { status } of attempts) expect(status).toBe('HTTP/1.1 403 Forbidden');
    await expect.poll(openConnections, { timeout: 5000 }).toBe(baseline);
    // The server ended them: each client sees its end, without closing first.
    await Promise.all(
      attempts.map(
        ({ socket }) =>
          new Promise<void>((resolve) => {
            if (socket.readableEnded || socket.destroyed) resolve();
            else socket.once('close', () => resolve());
            socket.resume();
          }),
      ),
    );
  });
});
