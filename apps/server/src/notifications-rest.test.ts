import { fundedCustomer } from '@bank/api/testing/money';
import { describe, expect, it } from 'vitest';
import { jsonHeaders, useTestServer } from './testing.ts';

// GET /notifications and POST /notifications/read as an integrator calls them.

const started = useTestServer();
describe('the inbox over REST', () => {
  it('answers {data, unread} and marks one or all read', async () => {
    const { server, app } = started;
    const alice = await fundedCustomer(app, 0, 'Alice');
    const bob = await fundedCustomer(app, 80, 'Bob');
    await bob.caller.transactions.transfer({
      recipientAccountNumber: alice.accountNumber,
      amount: 42.1,
      description: 'Pizza night',
    });
    const inbox = await server.inject({
      method: 'GET',
      url: '/api/v1/notifications',
      headers: jsonHeaders(alice.token),
    });
    expect(inbox.statusCode).toBe(200);
    const body = inbox.json();
    expect(body.unread).toBe(2);
    expect(body.data[0]).toEqual({
      id: expect.any(String),
      type: 'money_in',
      title: 'Received $42.10 from Bob Customer',
      message: 'Pizza night',
      read: false,
      createdAt: expect.any(String),
      link: expect.stringMatching(/^\/transactions\//),
    });
    const one = await server.inject({
      method: 'POST',
      url: '/api/v1/notifications/read',
      headers: jsonHeaders(alice.token),
      payload: { ids: [body.data[0].id] },
    });
    expect(one.json()).toEqual({ marked: 1, unread: 1 });
    const all = await server.inject({
      method: 'POST',
      url: '/api/v1/notifications/read',
      headers: jsonHeaders(alice.token),
      payload: { all: true },
    });
    expect(all.json()).toEqual({ marked: 1, unread: 0 });
    const bad = await server.inject({
      method: 'POST',
      url: '/api/v1/notifications/read',
      headers: jsonHeaders(alice.token),
      payload: { all: false },
    });
    expect(bad.statusCode).toBe(400);
    const signedOut = await server.inject({ method: 'GET', url: '/api/v1/notifications' });
    expect(signedOut.statusCode).toBe(401);
  });
});
