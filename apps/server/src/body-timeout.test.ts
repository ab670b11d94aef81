import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createFileTestServer } from './testing.ts';

// Slow request bodies were held more than 75 s. A request must arrive whole within
// the body time-out; here a small bound is set through the option, nothing waits on a clock.

const { app, server } = await createFileTestServer({ requestTimeoutMs: 400 });

async function listening() {
  if (!server.server.listening) await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

/** Sends the headers and part of the body, then nothing more; resolves with what came back. */
function stalledBody(port: number) {
  return new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('connect', () => {
      socket.write(
        [
          'POST /api/v1/auth/login HTTP/1.1',
          'Host: 127.0.0.1',
          'Content-Type: application/json',
          'Content-Length: 100',
          '',
          '{"email":"slow',
        ].join('\r\n'),
      );
    });
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8');
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

/** A signed-in WebSocket that has answered one call: open before the stalled body starts. */
function openSocket(port: number, token: string) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/trpc?connectionParams=1`);
  const ready = new Promise<void>((resolve, reject) => {
    socket.on('open', () => {
      socket.send(JSON.stringify({ method: 'connectionParams', data: { token } }));
      socket.send(JSON.stringify({ id: 1, method: 'query', params: { path: 'auth.me' } }));
    });
    socket.on('message', (raw) => {
      if (JSON.parse(String(raw)).id === 1) resolve();
    });
    socket.on('error', reject);
  });
  return { socket, ready };
}

describe('request bodies have a time-out', () => {
  it('answers 408 and closes a request whose body stops coming, and keeps WebSockets open', async () => {
    const port = await listening();
    const user = await app.registerVerified();
    const { token } = await app.signIn(user.email);
    const live = openSocket(port, token);
    await live.ready;

    const answer = await stalledBody(port);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);

    // The upgraded socket outlived the stalled request, and still answers.
    expect(live.socket.readyState).toBe(WebSocket.OPEN);
    const again = new Promise<void>((resolve) => {
      live.socket.on('message', (raw) => {
        if (JSON.parse(String(raw)).id === 2) resolve();
      });
    });
    live.socket.send(JSON.stringify({ id: 2, method: 'query', params: { path: 'auth.me' } }));
    await again;
    live.socket.close();
  });
});
