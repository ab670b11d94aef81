import { fundedCustomer } from '@bank/api/testing/money';
import { describe, expect, it } from 'vitest';
import { createFileTestServer } from './testing.ts';

// GET /notifications and POST /notifications/read as an integrator calls them.

const { app, server, as } = await createFileTestServer();
describe('the inbox over REST', () => {
  it('answers {data, unread} and marks one or all read', async () => {
    const alice = await fundedCustomer(app, 0, 'Alice');
    const bob = await fundedCustomer(app, 80, 'Bob');
    await bob.caller.transactions.transfer({
      recipientAccountNumber: alice.accountNumber,
      amount: 42.1,
      description: 'Pizza night',
    });
    const inbox = await as(alice.token).get('/api/v1/notifications');
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
    const one = await as(alice.token).post('/api/v1/notifications/read', {
      ids: [body.data[0].id],
    });
    expect(one.json()).toEqual({ marked: 1, unread: 1 });
    const all = await as(alice.token).post('/api/v1/notifications/read', { all: true });
    expect(all.json()).toEqual({ marked: 1, unread: 0 });
    const bad = await as(alice.token).post('/api/v1/notifications/read', { all: false });
    expect(bad.statusCode).toBe(400);
    const signedOut = await server.inject({ method: 'GET', url: '/api/v1/notifications' });
    expect(signedOut.statusCode).toBe(401);
  });
});
