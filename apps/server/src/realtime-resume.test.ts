import { publishEvent } from '@bank/api/realtime/events';
import { events } from '@bank/db/schema';
import { max } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createFileTestServer, listenOnFreePort } from './testing.ts';

const { app, server } = await createFileTestServer();

/**
 * A client resubscribing as tRPC's wsLink does after a reconnect: the last tracked id it saw
 * travels in the message's `params.lastEventId`, beside an empty input.
 */
function resubscribe(port: number, token: string, lastEventId: string, count: number) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/trpc?connectionParams=1`);
  return new Promise<Array<{ id: string; message: string }>>((resolve, reject) => {
    const received: Array<{ id: string; message: string }> = [];
    socket.on('open', () => {
      socket.send(JSON.stringify({ method: 'connectionParams', data: { token } }));
      socket.send(
        JSON.stringify({
          id: 1,
          method: 'subscription',
          params: { path: 'events.onEvent', lastEventId },
        }),
      );
    });
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw));
      if (message.error) reject(new Error(message.error.message));
      if (message.result?.type !== 'data') return;
      received.push({ id: message.result.id, message: message.result.data.data.data.message });
      if (received.length === count) resolve(received);
    });
    socket.on('error', reject);
  }).finally(() => socket.close());
}

describe('a WebSocket client that reconnects', () => {
  it('gets the events it missed, from the lastEventId tRPC sends back', async () => {
    const port = await listenOnFreePort(server);
    const user = await app.registerVerified();
    const { token } = await app.signIn(user.email);
    const [last] = await app.db.select({ id: max(events.id) }).from(events);
    const lastEventId = String(last?.id ?? 0n);

    for (const message of ['missed 1', 'missed 2']) {
      await publishEvent(app.db, user.id, { type: 'system:error', data: { message } });
    }
    const received = await resubscribe(port, token, lastEventId, 2);
    expect(received.map((event) => event.message)).toEqual(['missed 1', 'missed 2']);
    expect(received.every((event) => BigInt(event.id) > BigInt(lastEventId))).toBe(true);
  });
});
