import { screen } from '@testing-library/react';
import { ws } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser, signedInAs } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { server } from '../../testing/server.ts';

const socket = ws.link('ws://localhost:3000/trpc');

/** A tRPC WebSocket server that answers the subscription with the given events. */
function serveEvents(events: unknown[]) {
  return socket.addEventListener('connection', ({ client }) => {
    client.addEventListener('message', (message) => {
      if (typeof message.data !== 'string') return;
      const parsed: unknown = JSON.parse(message.data);
      // The client batches its messages into arrays.
      for (const request of Array.isArray(parsed) ? parsed : [parsed]) {
        if (typeof request !== 'object' || request === null || !('id' in request)) continue;
        if (!('method' in request) || request.method !== 'subscription') continue;
        client.send(JSON.stringify({ id: request.id, result: { type: 'started' } }));
        events.forEach((event, index) => {
          // A tracked event travels as { id, data } (tRPC's WebSocket adapter).
          const eventId = `e${index}`;
          const result = { type: 'data', id: eventId, data: { id: eventId, data: event } };
          client.send(JSON.stringify({ id: request.id, result }));
        });
      }
    });
  });
}

describe('realtime listener', () => {
  it('turns live events into notifications', async () => {
    server.use(
      serveEvents([
        { type: 'transaction:new', data: { amount: 75, direction: 'credit', newBalance: 175 } },
        { type: 'system:error', data: { message: 'Card payments are delayed' } },
        {
          type: 'system:maintenance',
          data: { message: 'Maintenance tonight at 2 AM', infoUrl: 'https://status.example/' },
        },
      ]),
    );
    renderApp('/', { session: signedInAs(makeUser()), realtime: true });
    expect(await screen.findByText('Received $75.00')).toBeInTheDocument();
    expect(await screen.findByText('System Error')).toBeInTheDocument();
    expect(screen.getByText('Card payments are delayed')).toBeInTheDocument();
    expect(await screen.findByText('Maintenance tonight at 2 AM')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Learn More' })).toBeInTheDocument();
  });
});
