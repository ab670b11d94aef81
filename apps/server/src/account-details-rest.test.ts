import { fundedCustomer } from '@bank/api/testing/money';
import { users } from '@bank/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createFileTestServer, fieldRefused, jsonHeaders } from './testing.ts';

const { app, server } = await createFileTestServer();

async function call(method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) {
  const answer = await server.inject({
    method,
    url,
    headers: jsonHeaders(token),
    ...(payload ? { payload } : {}),
  });
  return { status: answer.statusCode, body: answer.json() };
}

const invalidRouting = (field: string) => ({
  status: 400,
  body: fieldRefused(field, 'Invalid routing number'),
});

describe('GET /api/v1/accounts', () => {
  it('answers each account with what a payer needs, and nothing else', async () => {
    const alice = await fundedCustomer(app, 125.5, 'Alice');
    const answer = await call('GET', '/api/v1/accounts', alice.token);
    expect(answer).toEqual({
      status: 200,
      body: {
        data: [
          {
            accountNumber: alice.accountNumber,
            routingNumber: '121098768',
            holderName: 'Alice Customer',
            bankName: 'Horizon Bank',
            type: 'checking',
            balance: 125.5,
            available: 125.5,
          },
        ],
      },
    });
  });

  it('answers only the caller’s own accounts, and nobody’s to a stranger', async () => {
    const alice = await fundedCustomer(app, 10, 'Alice');
    const bob = await fundedCustomer(app, 20, 'Bob');
    const mine = await call('GET', '/api/v1/accounts', bob.token);
    expect(
      mine.body.data.map((account: { accountNumber: string }) => account.accountNumber),
    ).toEqual([bob.accountNumber]);
    expect(mine.body.data).not.toContainEqual(
      expect.objectContaining({ accountNumber: alice.accountNumber }),
    );
    expect((await call('GET', '/api/v1/accounts')).status).toBe(401);
  });

  it('follows the routing number an administrator sets, and refuses one that fails the check', async () => {
    const admin = await fundedCustomer(app, 0, 'Admin');
    await app.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    const current = (await call('GET', '/api/v1/admin/settings', admin.token)).body;
    expect(current.routingNumber).toBe('121098768');
    const { updatedAt: _updatedAt, ...settings } = current;
    const saveRouting = (routingNumber: string) =>
      call('PUT', '/api/v1/admin/settings', admin.token, { ...settings, routingNumber });
    expect(await saveRouting('121098769')).toEqual(invalidRouting('routingNumber'));
    const saved = await saveRouting('011000015');
    expect(saved.status).toBe(200);
    expect(saved.body.settings.routingNumber).toBe('011000015');
    const accounts = await call('GET', '/api/v1/accounts', admin.token);
    expect(accounts.body.data[0].routingNumber).toBe('011000015');
    // A client that does not send it leaves it as it is.
    const { routingNumber: _routingNumber, ...withoutRouting } = settings;
    const kept = await call('PUT', '/api/v1/admin/settings', admin.token, withoutRouting);
    expect(kept.body.settings.routingNumber).toBe('011000015');
    await call('PUT', '/api/v1/admin/settings', admin.token, settings);
  });
});

describe('routing numbers where money leaves for another bank', () => {
  it('refuses an external transfer without a routing number or with a mistyped one, moving nothing', async () => {
    const alice = await fundedCustomer(app, 100);
    const transfer = { recipientAccountNumber: '987654321', amount: 10 };
    expect(await call('POST', '/api/v1/transactions/transfer', alice.token, transfer)).toEqual({
      status: 400,
      body: fieldRefused('routingNumber', 'Routing number is required'),
    });
    expect(
      await call('POST', '/api/v1/transactions/transfer', alice.token, {
        ...transfer,
        routingNumber: '021000022',
      }),
    ).toEqual(invalidRouting('routingNumber'));
    const balance = await call('GET', '/api/v1/transactions/balance', alice.token);
    expect(balance.body.balance).toBe(100);
  });

  it('sends an external transfer with a valid routing number and keeps it with the movement', async () => {
    const alice = await fundedCustomer(app, 100);
    const sent = await call('POST', '/api/v1/transactions/transfer', alice.token, {
      recipientAccountNumber: '987654321',
      routingNumber: '021000021',
      recipientName: 'Landlord LLC',
      amount: 40,
    });
    expect(sent.status).toBe(201);
    expect(sent.body.transaction).toMatchObject({
      status: 'pending',
      counterparty: {
        name: 'Landlord LLC',
        accountNumber: '4321',
        bank: null,
        routingNumber: '021000021',
      },
    });
    const one = await call('GET', `/api/v1/transactions/${sent.body.transaction.id}`, alice.token);
    expect(
      one.body.data.timeline.map((entry: { description: string }) => entry.description),
    ).toContain('Sent to the external bank (routing number 021000021) for clearing');
  });

  it('needs no routing number to pay a customer of this bank', async () => {
    const alice = await fundedCustomer(app, 50);
    const bob = await fundedCustomer(app, 0);
    const sent = await call('POST', '/api/v1/transactions/transfer', alice.token, {
      recipientAccountNumber: bob.accountNumber,
      amount: 5,
    });
    expect(sent.status).toBe(201);
    expect(sent.body.transaction.status).toBe('completed');
  });

  it('checks the routing number of a withdrawal to a bank and of a linked bank', async () => {
    const alice = await fundedCustomer(app, 100);
    const withdrawal = {
      amount: 10,
      method: 'bank',
      bankName: 'Other Bank',
      accountNumber: '12345678',
      accountName: 'Alice C',
    };
    const withdraw = (routingNumber: string) =>
      call('POST', '/api/v1/transactions/withdraw', alice.token, { ...withdrawal, routingNumber });
    expect(await withdraw('123456789')).toEqual(invalidRouting('routingNumber'));
    const paid = await withdraw('011000015');
    expect(paid.status).toBe(201);
    expect(paid.body.transaction.counterparty).toMatchObject({ routingNumber: '011000015' });
    expect(
      await call('POST', '/api/v1/banks', alice.token, {
        name: 'Local CU',
        accountNumber: '12341234',
        routingNumber: '011000016',
        accountType: 'savings',
      }),
    ).toEqual(invalidRouting('routingNumber'));
  });
});
