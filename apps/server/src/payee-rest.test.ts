import { fundedCustomer } from '@bank/api/testing/money';
import { users } from '@bank/db/schema';
import { checkDigits, hasValidCheckDigits } from '@bank/validators/account-number';
import { messages } from '@bank/validators/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createFileTestServer, fieldRefused } from './testing.ts';

// From the API review for integrators: a typo in a 12-digit account number silently became a pending external transfer,
// and there was no way to check a recipient before sending.

const { app, server, as } = await createFileTestServer();

async function bobSmith() {
  const bob = await fundedCustomer(app, 0, 'Bob');
  await app.db.update(users).set({ lastName: 'Smith' }).where(eq(users.id, bob.id));
  return bob;
}

/** The same number with one digit changed (the last but three, any other value). */
function oneDigitTypo(number: string): string {
  const i = number.length - 4;
  const digit = String((Number(number[i]) + 3) % 10);
  return `${number.slice(0, i)}${digit}${number.slice(i + 1)}`;
}

const lookup = (token: string, query: string) => as(token).get(`/api/v1/accounts/lookup?${query}`);

describe('account numbers', () => {
  it('are issued with valid check digits in this bank’s format', async () => {
    const alice = await fundedCustomer(app, 0);
    expect(alice.accountNumber).toMatch(/^4\d{11}$/);
    expect(hasValidCheckDigits(alice.accountNumber)).toBe(true);
    expect(checkDigits(alice.accountNumber.slice(0, 10))).toBe(alice.accountNumber.slice(10));
  });

  it('refuses a transfer to a number with a one-digit typo, and moves nothing', async () => {
    const alice = await fundedCustomer(app, 50);
    const bob = await bobSmith();
    const typo = oneDigitTypo(bob.accountNumber);
    const response = await as(alice.token).post('/api/v1/transactions/transfer', {
      recipientAccountNumber: typo,
      amount: 10,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(
      fieldRefused('recipientAccountNumber', 'Invalid account number'),
    );
    expect((await alice.caller.transactions.balance()).balance).toBe(50);
  });

  it('refuses a transfer to a well-formed number of ours that no account has', async () => {
    const alice = await fundedCustomer(app, 50);
    const base = '4999999999';
    const response = await as(alice.token).post('/api/v1/transactions/transfer', {
      recipientAccountNumber: `${base}${checkDigits(base)}`,
      amount: 10,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('No Horizon Bank account has this number');
    expect((await alice.caller.transactions.balance()).balance).toBe(50);
  });
});

describe('GET /api/v1/accounts/lookup', () => {
  it('answers the masked holder of an account of this bank, and whether the name matches', async () => {
    const alice = await fundedCustomer(app, 0);
    const bob = await bobSmith();
    const plain = await lookup(alice.token, `accountNumber=${bob.accountNumber}`);
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toEqual({
      accountNumber: bob.accountNumber,
      bank: 'horizon',
      holderName: 'Bob S.',
      nameMatch: null,
      ownAccount: false,
      message: 'Bob S. holds this Horizon Bank account.',
    });
    const cases = [
      ['Bob Smith', 'match'],
      ['smith bob', 'match'],
      ['B Smith', 'close'],
      ['Robert Jones', 'no_match'],
    ] as const;
    for (const [name, nameMatch] of cases) {
      const answer = await lookup(
        alice.token,
        `accountNumber=${bob.accountNumber}&name=${encodeURIComponent(name)}`,
      );
      expect(answer.json().nameMatch, name).toBe(nameMatch);
    }
    const own = await lookup(alice.token, `accountNumber=${alice.accountNumber}`);
    expect(own.json()).toMatchObject({ ownAccount: true, message: 'This is your own account.' });
  });

  it('says when a number is not ours, and refuses a mistyped one of ours', async () => {
    const alice = await fundedCustomer(app, 0);
    const bob = await bobSmith();
    const external = await lookup(alice.token, 'accountNumber=123456789');
    expect(external.json()).toMatchObject({ bank: 'external', holderName: null });
    const typo = await lookup(alice.token, `accountNumber=${oneDigitTypo(bob.accountNumber)}`);
    expect(typo.statusCode).toBe(400);
    expect(typo.json().details).toEqual([
      { field: 'accountNumber', message: 'Invalid account number' },
    ]);
  });

  it('needs a signed-in customer', async () => {
    const response = await server.inject({
      method: 'GET',
      url: '/api/v1/accounts/lookup?accountNumber=123456789',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      code: 'UNAUTHORIZED',
      message: messages.authenticationRequired,
    });
  });

  it('is rate limited per user, with RateLimit headers and Retry-After', async () => {
    const alice = await fundedCustomer(app, 0);
    const first = await lookup(alice.token, 'accountNumber=123456789');
    expect(first.headers['ratelimit-policy']).toBe('"payee-lookup";q=30;w=60');
    expect(first.headers.ratelimit).toMatch(/^"payee-lookup";r=29;t=(60|59)$/);
    for (let i = 2; i <= 30; i += 1) {
      expect((await lookup(alice.token, 'accountNumber=123456789')).statusCode).toBe(200);
    }
    const refused = await lookup(alice.token, 'accountNumber=123456789');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'RATE_LIMITED', message: messages.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers.ratelimit).toMatch(/^"payee-lookup";r=0;t=\d+$/);
  });
});

describe('POST /api/v1/transactions/transfer', () => {
  it('answers the payee as the payee check shows them: masked name, no internal id', async () => {
    const alice = await fundedCustomer(app, 10);
    const bob = await bobSmith();
    const sent = await as(alice.token, { 'idempotency-key': crypto.randomUUID() }).post(
      '/api/v1/transactions/transfer',
      { recipientAccountNumber: bob.accountNumber, amount: 0.01 },
    );
    expect(sent.statusCode).toBe(201);
    expect(sent.json().transaction).toMatchObject({
      recipientName: 'Bob S.',
      recipient: null,
      recipientAccountNumber: bob.accountNumber,
    });
    expect(sent.body).not.toContain('Smith');
    expect(sent.body).not.toContain(bob.id);
    // The sender's history and detail say no more than the answer did.
    const history = await as(alice.token).get('/api/v1/transactions?page=1&limit=10');
    expect(history.body).not.toContain('Smith');
    expect(history.body).not.toContain(bob.id);
  });
});
