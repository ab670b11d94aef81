import { balanceCents, fundedCustomer, testCard } from '@bank/api/testing/money';
import { messages } from '@bank/validators/messages';
import { describe, expect, it } from 'vitest';
import { createFileTestServer, fieldRefused, requestBodySchema } from './testing.ts';
import { cardForm } from './testing-support.ts';

const { app, server, as } = await createFileTestServer();

describe('REST money paths', () => {
  it('transfers with an Idempotency-Key header once, replays the answer, and refuses a changed request with 422', async () => {
    const alice = await fundedCustomer(app, 100);
    const bob = await fundedCustomer(app, 0);
    const keyed = as(alice.token, { 'idempotency-key': `rest-${crypto.randomUUID()}` });
    const payload = {
      type: 'transfer',
      recipientAccountNumber: bob.accountNumber,
      amount: 12.34,
      currency: 'USD',
    };
    const first = await keyed.post('/api/v1/transactions/transfer', payload);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await keyed.post('/api/v1/transactions/transfer', payload);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    // The replayed answer says so, as Stripe's does.
    expect(again.headers['idempotent-replayed']).toBe('true');
    const changed = await keyed.post('/api/v1/transactions/transfer', { ...payload, amount: 1 });
    expect(changed.statusCode).toBe(422);
    // A refusal is an answer too: replayed, and marked so.
    const keyedRefusal = as(alice.token, { 'idempotency-key': `rest-${crypto.randomUUID()}` });
    const tooMuch = { ...payload, amount: 1_000_000 };
    for (const replayed of [undefined, 'true']) {
      const refused = await keyedRefusal.post('/api/v1/transactions/transfer', tooMuch);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'INSUFFICIENT_FUNDS',
        message: 'Insufficient funds',
      });
      expect(refused.headers['idempotent-replayed']).toBe(replayed);
    }
    const balance = await as(bob.token).get('/api/v1/transactions/balance');
    expect(balance.json()).toMatchObject({ balance: 12.34, accountNumber: bob.accountNumber });
  });

  it('creates by type on POST /transactions and answers docs/product.md’s list shape', async () => {
    const alice = await fundedCustomer(app, 0);
    const created = await as(alice.token).post('/api/v1/transactions', {
      type: 'deposit',
      amount: 20,
      method: 'card',
      ...testCard,
      currency: 'USD',
      description: 'Deposit funds',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe('Deposit completed successfully');
    const list = await as(alice.token).get('/api/v1/transactions?page=1&limit=10&type=deposit');
    expect(list.json()).toMatchObject({
      page: 1,
      count: 1,
      total: 1,
      pages: 1,
      data: [{ amount: 20, type: 'deposit' }],
    });
    const id = list.json().data[0].id;
    const one = await as(alice.token).get(`/api/v1/transactions/${id}`);
    expect(one.json().data.id).toBe(id);
    const stats = await as(alice.token).get('/api/v1/transactions/stats');
    expect(stats.json().stats).toMatchObject({ balance: 20, totalIncome: 20, totalExpense: 0 });
  });

  it('answers 400 with the messages for a bad transfer and 404 for another customer’s transaction', async () => {
    const alice = await fundedCustomer(app, 10);
    const eve = await fundedCustomer(app, 0);
    const bad = await as(alice.token).post('/api/v1/transactions/transfer', { amount: 'lots' });
    expect(bad.statusCode).toBe(400);
    // The recipient (a number or a saved payee) is judged once the fields themselves parse.
    expect(bad.json()).toEqual(fieldRefused('amount', 'Amount must be a number'));
    const [mine] = (await alice.caller.transactions.list({})).data;
    const peek = await as(eve.token).get(`/api/v1/transactions/${mine?.id}`);
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
      const found = await as(alice.token).get(`/api/v1/transactions?q=${q}&type=transfer`);
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
    const csv = await as(alice.token).get('/api/v1/transactions/export?type=deposit');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toContain('attachment');
    expect(csv.body.split('\n')).toHaveLength(2);
  });

  it('serves cards and banks with docs/product.md’s shapes', async () => {
    const alice = await fundedCustomer(app, 0);
    const card = await as(alice.token).post('/api/v1/cards', cardForm('Alice', '09/37', '555'));
    expect(card.statusCode).toBe(201);
    expect(card.json()).toMatchObject({
      message: 'Card added successfully',
      card: { number: '**** **** **** 1111' },
      pagination: { page: 1, total: 1 },
    });
    const cards = await as(alice.token).get('/api/v1/cards?page=1&limit=10');
    expect(cards.json().cards).toHaveLength(1);
    const id = card.json().card.id;
    const edited = await as(alice.token).put(`/api/v1/cards/${id}`, {
      expiryMonth: 3,
      expiryYear: 2038,
    });
    expect(edited.json().card.expiry).toBe('03/38');
    expect((await as(alice.token).delete(`/api/v1/cards/${id}`)).json().message).toBe(
      'Card removed successfully',
    );

    const bank = await as(alice.token).post('/api/v1/banks', {
      name: 'Local CU',
      accountNumber: '12341234',
      routingNumber: '011000015',
      accountType: 'savings',
    });
    expect(bank.statusCode).toBe(201);
    const all = await as(alice.token).get('/api/v1/banks/all');
    expect(all.statusCode).toBe(403);
  });
});

describe('older payload names', () => {
  it('accepts accountNumber for the recipient, as the older transfer form sends it', async () => {
    const alice = await fundedCustomer(app, 10);
    const bob = await fundedCustomer(app, 0);
    const response = await as(alice.token).post('/api/v1/transactions/transfer', {
      accountNumber: bob.accountNumber,
      amount: 1,
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
      as(alice.token, { 'idempotency-key': key }).post('/api/v1/transactions/transfer', {
        recipientAccountNumber: bob.accountNumber,
        amount: 1,
      });
    // Looked up once: the next money call within seconds is answered from the cache.
    expect((await transfer(`first-${crypto.randomUUID()}`)).statusCode).toBe(201);
    const logout = await as(alice.token).post('/api/v1/auth/logout');
    expect(logout.statusCode).toBeLessThan(300);
    const key = `after-logout-${crypto.randomUUID()}`;
    const refused = await transfer(key);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ code: 'UNAUTHORIZED', message: messages.sessionExpired });
    expect(await balanceCents(app.db, bob.accountNumber)).toBe(100n);
  });
});
