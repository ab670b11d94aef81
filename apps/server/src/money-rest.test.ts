import type { TestApp } from '@bank/api/testing/harness';
import { balanceCents, fundedCustomer, testCard } from '@bank/api/testing/money';
import { messages } from '@bank/validators/messages';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { jsonHeaders, requestBodySchema, useTestServer } from './testing.ts';

let app: TestApp;
let server: FastifyInstance;
const started = useTestServer();
beforeAll(() => {
  ({ app, server } = started);
});

describe('REST money paths', () => {
  it('transfers with an Idempotency-Key header once, replays the answer, and refuses a changed request with 422', async () => {
    const alice = await fundedCustomer(app, 100);
    const bob = await fundedCustomer(app, 0);
    const headers = {
      ...jsonHeaders(alice.token),
      'idempotency-key': `rest-${crypto.randomUUID()}`,
    };
    const payload = {
      type: 'transfer',
      recipientAccountNumber: bob.accountNumber,
      amount: 12.34,
      currency: 'USD',
    };
    const first = await server.inject({
      method: 'POST',
      url: '/api/v1/transactions/transfer',
      headers,
      payload,
    });
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await server.inject({
      method: 'POST',
      url: '/api/v1/transactions/transfer',
      headers,
      payload,
    });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    // The replayed answer says so, as Stripe's does.
    expect(again.headers['idempotent-replayed']).toBe('true');
    const changed = await server.inject({
      method: 'POST',
      url: '/api/v1/transactions/transfer',
      headers,
      payload: { ...payload, amount: 1 },
    });
    expect(changed.statusCode).toBe(422);
    // A refusal is an answer too: replayed, and marked so.
    const refusalHeaders = {
      ...jsonHeaders(alice.token),
      'idempotency-key': `rest-${crypto.randomUUID()}`,
    };
    const tooMuch = { ...payload, amount: 1_000_000 };
    for (const replayed of [undefined, 'true']) {
      const refused = await server.inject({
        method: 'POST',
        url: '/api/v1/transactions/transfer',
        headers: refusalHeaders,
        payload: tooMuch,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'INSUFFICIENT_FUNDS',
        message: 'Insufficient funds',
      });
      expect(refused.headers['idempotent-replayed']).toBe(replayed);
    }
    const balance = await server.inject({
      method: 'GET',
      url: '/api/v1/transactions/balance',
      headers: jsonHeaders(bob.token),
    });
    expect(balance.json()).toMatchObject({ balance: 12.34, accountNumber: bob.accountNumber });
  });

  it('creates by type on POST /transactions and answers docs/product.md’s list shape', async () => {
    const alice = await fundedCustomer(app, 0);
    const created = await server.inject({
      method: 'POST',
      url: '/api/v1/transactions',
      headers: jsonHeaders(alice.token),
      payload: {
        type: 'deposit',
        amount: 20,
        method: 'card',
        ...testCard,
        currency: 'USD',
        description: 'Deposit funds',
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe('Deposit completed successfully');
    const list = await server.inject({
      method: 'GET',
      url: '/api/v1/transactions?page=1&limit=10&type=deposit',
      headers: jsonHeaders(alice.token),
    });
    expect(list.json()).toMatchObject({
      page: 1,
      count: 1,
      total: 1,
      pages: 1,
      data: [{ amount: 20, type: 'deposit' }],
    });
    const id = list.json().data[0].id;
    const one = await server.inject({
      method: 'GET',
      url: `/api/v1/transactions/${id}`,
      headers: jsonHeaders(alice.token),
    });
    expect(one.json().data.id).toBe(id);
    const stats = await server.inject({
      method: 'GET',
      url: '/api/v1/transactions/stats',
      headers: jsonHeaders(alice.token),
    });
    expect(stats.json().stats).toMatchObject({ balance: 20, totalIncome: 20, totalExpense: 0 });
  });

  it('answers 400 with the messages for a bad transfer and 404 for another customer’s transaction', async () => {
    const alice = await fundedCustomer(app, 10);
    const eve = await fundedCustomer(app, 0);
    const bad = await server.inject({
      method: 'POST',
      url: '/api/v1/transactions/transfer',
      headers: jsonHeaders(alice.token),
      payload: { amount: 'lots' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Validation error',
      // The recipient (a number or a saved payee) is judged once the fields themselves parse.
      details: [{ field: 'amount', message: 'Amount must be a number' }],
    });
    const [mine] = (await alice.caller.transactions.list({})).data;
    const peek = await server.inject({
      method: 'GET',
      url: `/api/v1/transactions/${mine?.id}`,
      headers: jsonHeaders(eve.token),
    });
    expect(peek.statusCode).toBe(404);
    expect(peek.json()).toEqual({ code: 'NOT_FOUND', message: 'Transaction not found' });
  });

  it('searches the history with ?q= and names each counterparty, as the OpenAPI document says', async () => {
    const bob = await fundedCustomer(app, 100, 'Bob', 'Rivera');
    const alice = await fundedCustomer(app, 0, 'Alice', 'Carter');
    await bob.caller.transactions.transfer({
      recipientAccountNumber: alice.accountNumber,
      amount: 42.1,
      description: 'Pizza night',
    });
    for (const q of ['bob', 'pizza']) {
      const found = await server.inject({
        method: 'GET',
        url: `/api/v1/transactions?q=${q}&type=transfer`,
        headers: jsonHeaders(alice.token),
      });
      expect(found.statusCode).toBe(200);
      expect(found.json()).toMatchObject({
        total: 1,
        data: [
          {
            description: 'Pizza night',
            counterparty: {
              name: 'Bob Rivera',
              accountNumber: bob.accountNumber.slice(-4),
              bank: null,
              routingNumber: null,
            },
          },
        ],
      });
    }
    const document = await server.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    const list = document.json().paths['/transactions'].get;
    expect(list.parameters).toContainEqual(expect.objectContaining({ name: 'q', in: 'query' }));
    expect(document.json().components.schemas.Counterparty).toMatchObject({
      type: 'object',
      required: ['name', 'accountNumber', 'bank', 'routingNumber'],
    });
  });

  it('downloads the filtered history as CSV', async () => {
    const alice = await fundedCustomer(app, 7);
    const csv = await server.inject({
      method: 'GET',
      url: '/api/v1/transactions/export?type=deposit',
      headers: jsonHeaders(alice.token),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toContain('attachment');
    expect(csv.body.split('\n')).toHaveLength(2);
  });

  it('serves cards and banks with docs/product.md’s shapes', async () => {
    const alice = await fundedCustomer(app, 0);
    const card = await server.inject({
      method: 'POST',
      url: '/api/v1/cards',
      headers: jsonHeaders(alice.token),
      payload: {
        type: 'debit',
        name: 'Alice',
        number: '4111111111111111',
        expiry: '09/37',
        cvv: '555',
      },
    });
    expect(card.statusCode).toBe(201);
    expect(card.json()).toMatchObject({
      message: 'Card added successfully',
      card: { number: '**** **** **** 1111' },
      pagination: { page: 1, total: 1 },
    });
    const cards = await server.inject({
      method: 'GET',
      url: '/api/v1/cards?page=1&limit=10',
      headers: jsonHeaders(alice.token),
    });
    expect(cards.json().cards).toHaveLength(1);
    const id = card.json().card.id;
    const edited = await server.inject({
      method: 'PUT',
      url: `/api/v1/cards/${id}`,
      headers: jsonHeaders(alice.token),
      payload: { expiryMonth: 3, expiryYear: 2038 },
    });
    expect(edited.json().card.expiry).toBe('03/38');
    expect(
      (
        await server.inject({
          method: 'DELETE',
          url: `/api/v1/cards/${id}`,
          headers: jsonHeaders(alice.token),
        })
      ).json().message,
    ).toBe('Card removed successfully');

    const bank = await server.inject({
      method: 'POST',
      url: '/api/v1/banks',
      headers: jsonHeaders(alice.token),
      payload: {
        name: 'Local CU',
        accountNumber: '12341234',
        routingNumber: '011000015',
        accountType: 'savings',
      },
    });
    expect(bank.statusCode).toBe(201);
    const all = await server.inject({
      method: 'GET',
      url: '/api/v1/banks/all',
      headers: jsonHeaders(alice.token),
    });
    expect(all.statusCode).toBe(403);
  });
});

describe('older payload names', () => {
  it('accepts accountNumber for the recipient, as the older transfer form sends it', async () => {
    const alice = await fundedCustomer(app, 10);
    const bob = await fundedCustomer(app, 0);
    const response = await server.inject({
      method: 'POST',
      url: '/api/v1/transactions/transfer',
      headers: jsonHeaders(alice.token),
      payload: { accountNumber: bob.accountNumber, amount: 1 },
    });
    expect(response.statusCode).toBe(201);
    const doc = (await server.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(requestBodySchema(doc, '/transactions/transfer', 'post').properties).toHaveProperty(
      'recipientAccountNumber',
    );
  });
});

describe('a session that ends', () => {
  it('moves no more money at once, though the money routes take sessions from the cache', async () => {
    const alice = await fundedCustomer(app, 100);
    const bob = await fundedCustomer(app, 0);
    const transfer = (key: string) =>
      server.inject({
        method: 'POST',
        url: '/api/v1/transactions/transfer',
        headers: { ...jsonHeaders(alice.token), 'idempotency-key': key },
        payload: { recipientAccountNumber: bob.accountNumber, amount: 1 },
      });
    // Looked up once: the next money call within seconds is answered from the cache.
    expect((await transfer(`first-${crypto.randomUUID()}`)).statusCode).toBe(201);
    const logout = await server.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: jsonHeaders(alice.token),
    });
    expect(logout.statusCode).toBeLessThan(300);
    const key = `after-logout-${crypto.randomUUID()}`;
    const refused = await transfer(key);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ code: 'UNAUTHORIZED', message: messages.sessionExpired });
    expect(await balanceCents(app.db, bob.accountNumber)).toBe(100n);
  });
});
