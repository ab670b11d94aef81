import { screen, waitFor, within } from '@testing-library/react';
import { ws } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser, signedInAs } from '../../testing/fixtures.ts';
import { makeBalance, makeStats, transactionPage } from '../../testing/money-fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { server } from '../../testing/server.ts';
import { callsTo, mockProcedures } from '../../testing/trpc-msw.ts';

/** The dashboard's queries; the balance answers `balances` in turn (then the last one). */
function mockDashboard(balances: number[] = [100]) {
  let call = 0;
  mockProcedures({
    'transactions.stats': () => {
      const balance = balances[Math.min(call, balances.length - 1)] ?? 0;
      call += 1;
      return makeStats({ balance });
    },
    'transactions.balance': () => makeBalance(),
    'transactions.list': () => transactionPage([]),
  });
}

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

/** The subscription requests in one message from the client (it batches them into arrays). */
function subscriptionRequests(data: unknown): Array<{ id: unknown; lastEventId: unknown }> {
  if (typeof data !== 'string') return [];
  const parsed: unknown = JSON.parse(data);
  const requests: Array<{ id: unknown; lastEventId: unknown }> = [];
  for (const request of Array.isArray(parsed) ? parsed : [parsed]) {
    if (typeof request !== 'object' || request === null || !('id' in request)) continue;
    if (!('method' in request) || request.method !== 'subscription') continue;
    const params = 'params' in request ? request.params : null;
    const lastEventId =
      typeof params === 'object' && params !== null && 'lastEventId' in params
        ? params.lastEventId
        : undefined;
    requests.push({ id: request.id, lastEventId });
  }
  return requests;
}

describe('realtime listener', () => {
  it('turns live events into notifications', async () => {
    mockDashboard();
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
    // The first event loads the events' schema (zod) before it is shown: slow under test.
    expect(await screen.findByText('Received $75.00', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(await screen.findByText('System Error')).toBeInTheDocument();
    expect(screen.getByText('Card payments are delayed')).toBeInTheDocument();
    expect(await screen.findByText('Maintenance tonight at 2 AM')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Learn More' })).toBeInTheDocument();
  });

  it('updates the balance without a toast when transaction notifications are off', async () => {
    mockDashboard([100, 500]);
    server.use(
      serveEvents([
        {
          type: 'transaction:new',
          data: { amount: 400, direction: 'credit', newBalance: 500, notify: false },
        },
      ]),
    );
    renderApp('/', { session: signedInAs(makeUser()), realtime: true });
    const summary = await screen.findByRole('region', { name: 'Account summary' });
    expect(await within(summary).findByText('$500.00')).toBeInTheDocument();
    expect(screen.queryByText('Received $400.00')).not.toBeInTheDocument();
  });

  it('refreshes balances and history when a pending movement settles', async () => {
    mockDashboard([100, 742]);
    server.use(
      serveEvents([
        {
          type: 'transaction:updated',
          data: { transactionId: 't1', status: 'failed', newBalance: 742 },
        },
      ]),
    );
    renderApp('/', { session: signedInAs(makeUser()), realtime: true });
    const summary = await screen.findByRole('region', { name: 'Account summary' });
    expect(await within(summary).findByText('$742.00')).toBeInTheDocument();
    await waitFor(() => expect(callsTo('transactions.list').length).toBeGreaterThanOrEqual(2));
    expect(callsTo('auth.me').length).toBeGreaterThanOrEqual(2);
  });

  it('after a dropped connection, resubscribes from the last event and fetches the balance again', async () => {
    // The server's balance: 175 after the event we see, 900 after one we miss while away.
    let serverBalance = 100;
    mockProcedures({
      'transactions.stats': () => makeStats({ balance: serverBalance }),
      'transactions.balance': () => makeBalance(),
      'transactions.list': () => transactionPage([]),
    });
    const subscribedWith: unknown[] = [];
    let connections = 0;
    server.use(
      socket.addEventListener('connection', ({ client }) => {
        connections += 1;
        const connection = connections;
        client.addEventListener('message', (message) => {
          for (const request of subscriptionRequests(message.data)) {
            subscribedWith.push(request.lastEventId);
            client.send(JSON.stringify({ id: request.id, result: { type: 'started' } }));
            if (connection > 1) continue;
            serverBalance = 175;
            const event = {
              type: 'transaction:new',
              data: { amount: 75, direction: 'credit', newBalance: 175, notify: false },
            };
            const result = { type: 'data', id: '41', data: { id: '41', data: event } };
            client.send(JSON.stringify({ id: request.id, result }));
            // The instance goes away; money moves meanwhile and its event is not replayed.
            setTimeout(() => {
              serverBalance = 900;
              client.close();
            }, 100);
          }
        });
      }),
    );
    renderApp('/', { session: signedInAs(makeUser()), realtime: true });
    const summary = await screen.findByRole('region', { name: 'Account summary' });
    expect(await within(summary).findByText('$175.00')).toBeInTheDocument();
    // wsLink reconnects after 1 s and repeats the subscription with the id it saw last.
    await waitFor(() => expect(subscribedWith).toEqual([undefined, '41']), { timeout: 5000 });
    expect(await within(summary).findByText('$900.00', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
