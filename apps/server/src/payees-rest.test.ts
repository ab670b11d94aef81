import { fundedCustomer } from '@bank/api/testing/money';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createFileTestServer } from './testing.ts';

// The payee contract over /api/v1: paths, fields and the step-up's 403.

const { app, server, as } = await createFileTestServer();

describe('/api/v1/payees', () => {
  it('needs a step-up code, then saves, lists, sends to and removes a payee', async () => {
    const alice = await fundedCustomer(app, 100, 'Alice');
    const bob = await fundedCustomer(app, 0, 'Bob');
    const body = { bank: 'internal', name: 'Bob Customer', accountNumber: bob.accountNumber };
    const refused = await as(alice.token).post('/api/v1/payees', body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'STEP_UP_REQUIRED' });
    expect((await app.db.query.payees.findMany()).length).toBe(0);

    const stepUp = await as(alice.token).post('/api/v1/auth/step-up', { purpose: 'payee' });
    expect(stepUp.statusCode).toBe(200);
    expect(stepUp.json()).toMatchObject({ method: 'email' });
    const [mail] = await app.mailbox(alice.email);
    const code = mail?.subject.match(/(\d{6})$/)?.[1];

    const saved = await as(alice.token).post('/api/v1/payees', { ...body, code });
    expect(saved.statusCode).toBe(201);
    const payee = z
      .object({ payee: z.object({ id: z.string() }).passthrough() })
      .parse(saved.json()).payee;
    expect(payee).toEqual({
      id: payee.id,
      name: 'Bob Customer',
      accountNumber: bob.accountNumber.slice(-4),
      routingNumber: null,
      bank: 'internal',
      confirmation: { result: 'match', holder: 'Bob C.' },
      dailyLimit: null,
      createdAt: expect.any(String),
    });

    const list = await as(alice.token).get('/api/v1/payees');
    expect(list.json()).toEqual({ data: [payee] });
    const one = await as(alice.token).get(`/api/v1/payees/${payee.id}`);
    expect(one.json()).toEqual({ data: payee });

    const renamed = await as(alice.token).put(`/api/v1/payees/${payee.id}`, {
      name: 'Bob',
      dailyLimit: 40,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ payee: { name: 'Bob', dailyLimit: 40 } });

    const sent = await as(alice.token).post('/api/v1/transactions/transfer', {
      payeeId: payee.id,
      amount: 30,
      description: 'Rent share',
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ newBalance: 70 });
    const over = await as(alice.token).post('/api/v1/transactions/transfer', {
      payeeId: payee.id,
      amount: 20,
    });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      message: 'Payee daily limit exceeded: the limit for this payee is $40.00 a day',
    });

    const removed = await as(alice.token).delete(`/api/v1/payees/${payee.id}`);
    expect(removed.json()).toEqual({ message: 'Payee removed', id: payee.id });
    const gone = await as(alice.token).get(`/api/v1/payees/${payee.id}`);
    expect(gone.statusCode).toBe(404);
  });

  it('is in the OpenAPI document with the step-up', async () => {
    const doc = (await server.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const paths = z.record(z.string(), z.record(z.string(), z.unknown())).parse(doc.paths);
    expect(Object.keys(paths['/payees'] ?? {})).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(paths['/payees/{id}'] ?? {})).toEqual(
      expect.arrayContaining(['get', 'put', 'delete']),
    );
    expect(paths['/auth/step-up']).toHaveProperty('post');
  });
});
