import { fundedCustomer, ledgerInvariant, testCard } from '@bank/api/testing/money';
import { users } from '@bank/db/schema';
import { messages } from '@bank/validators/messages';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFileTestServer, jsonHeaders } from './testing.ts';
import { cardForm } from './testing-support.ts';

// From the security review: input a hostile client sends answers 400 naming the field,
// never 500; who is asking is judged before what they ask.

const { app, server } = await createFileTestServer();

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function call(method: Method, url: string, token: string | null, payload?: unknown) {
  const response = await server.inject({
    method,
    url,
    headers: token ? jsonHeaders(token) : { 'content-type': 'application/json' },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
  return { status: response.statusCode, body: response.json() };
}

function expectValidationError(
  result: { status: number; body: { message?: string; details?: Array<{ field: string }> } },
  field: string,
) {
  expect(result.status).toBe(400);
  expect(result.body.message).toBe(messages.validation);
  expect(result.body.details?.map((detail) => detail.field)).toContain(field);
}

const registration = {
  firstName: 'Eve',
  lastName: 'Tester',
  phoneNumber: '+15551234567',
  dateOfBirth: '1990-05-17',
  password: 'Str0ng!Passw0rd',
  confirmPassword: 'Str0ng!Passw0rd',
  acceptTerms: true,
};

describe('amounts (finding 3)', () => {
  it.each([
    5e-324, 1e-9, 0.001, 0.005, 1e308, 10_000_000.01,
  ])('answers 400 for an amount of %s on transfer, deposit and withdrawal', async (amount) => {
    const alice = await fundedCustomer(app, 50);
    const bob = await fundedCustomer(app, 0);
    const before = await ledgerInvariant(app.db);
    const transfer = await call('POST', '/api/v1/transactions/transfer', alice.token, {
      recipientAccountNumber: bob.accountNumber,
      amount,
    });
    expectValidationError(transfer, 'amount');
    const deposit = await call('POST', '/api/v1/transactions/deposit', alice.token, {
      amount,
      method: 'card',
      ...testCard,
    });
    expectValidationError(deposit, 'amount');
    const withdrawal = await call('POST', '/api/v1/transactions/withdraw', alice.token, {
      amount,
      method: 'cash_pickup',
    });
    expectValidationError(withdrawal, 'amount');
    expect(await ledgerInvariant(app.db)).toEqual(before);
  });
});

describe('text the database cannot store (finding 3)', () => {
  const unstorable = ['a\u0000b', 'a\ud800b', '\udc00', 'x\ud83d'];

  it.each(unstorable)('answers 400 for %j in a description, a card or bank name', async (text) => {
    const alice = await fundedCustomer(app, 50);
    const bob = await fundedCustomer(app, 0);
    expectValidationError(
      await call('POST', '/api/v1/transactions/transfer', alice.token, {
        recipientAccountNumber: bob.accountNumber,
        amount: 1,
        description: text,
      }),
      'description',
    );
    expectValidationError(await call('POST', '/api/v1/cards', alice.token, cardForm(text)), 'name');
    expectValidationError(
      await call('POST', '/api/v1/banks', alice.token, {
        name: text,
        accountNumber: '123456789',
        routingNumber: '021000021',
        accountType: 'checking',
      }),
      'name',
    );
    expectValidationError(
      await call('POST', '/api/v1/transactions/deposit', alice.token, {
        amount: 1,
        method: 'bank',
        bankName: text,
        bankAccountNumber: '123456789',
        bankRoutingNumber: '021000021',
      }),
      'bankName',
    );
    expectValidationError(
      await call('PUT', '/api/v1/auth/profile', alice.token, {
        firstName: 'Alice',
        lastName: text,
        phoneNumber: '+15551234567',
      }),
      'lastName',
    );
  });

  it('answers 400 for a lone surrogate in a last name at registration', async () => {
    expectValidationError(
      await call('POST', '/api/v1/auth/register', null, {
        ...registration,
        email: `eve.${crypto.randomUUID()}@example.com`,
        lastName: 'a\ud800b',
      }),
      'lastName',
    );
  });

  it('keeps a well-formed pair (an emoji) and other scripts', async () => {
    const alice = await fundedCustomer(app, 50);
    const bob = await fundedCustomer(app, 0);
    const result = await call('POST', '/api/v1/transactions/transfer', alice.token, {
      recipientAccountNumber: bob.accountNumber,
      amount: 1,
      description: 'Rent 🏠 für Mai — 五月',
    });
    expect(result.status).toBe(201);
  });
});

describe('dates (finding 3)', () => {
  it.each([
    '1990-13-45',
    '0000-00-00',
    '1990-02-30',
    '19900-01-01',
    '1800-01-01',
  ])('answers 400 for a dateOfBirth of %s', async (dateOfBirth) => {
    expectValidationError(
      await call('POST', '/api/v1/auth/register', null, {
        ...registration,
        email: `eve.${crypto.randomUUID()}@example.com`,
        dateOfBirth,
      }),
      'dateOfBirth',
    );
  });

  it('accepts a leap day', async () => {
    const result = await call('POST', '/api/v1/auth/register', null, {
      ...registration,
      email: `leap.${crypto.randomUUID()}@example.com`,
      dateOfBirth: '1992-02-29',
    });
    expect(result.status).toBe(201);
  });
});

describe('list filters (finding 3)', () => {
  const filters: Array<[string, string]> = [
    ['startDate', '2020-13-45'],
    ['endDate', '9999-99-99'],
    ['endDate', '2026-02-30'],
    ['startDate', '0000-01-01'],
    ['minAmount', '0.001'],
    ['minAmount', '1e308'],
    ['maxAmount', '1e20'],
    ['maxAmount', '-1'],
    ['minAmount', 'abc'],
    ['page', '1e308'],
  ];
  let customer: string;
  let admin: string;
  beforeAll(async () => {
    customer = (await fundedCustomer(app, 10)).token;
    const staff = await fundedCustomer(app, 0);
    await app.db.update(users).set({ role: 'admin' }).where(eq(users.id, staff.id));
    admin = staff.token;
  });

  it.each(
    filters,
  )('answers 400 for %s=%s on the list, the export and the admin list', async (name, value) => {
    const query = `${name}=${encodeURIComponent(value)}`;
    expectValidationError(await call('GET', `/api/v1/transactions?${query}`, customer), name);
    const exported = await server.inject({
      method: 'GET',
      url: `/api/v1/transactions/export?${query}`,
      headers: { authorization: `Bearer ${customer}` },
    });
    if (name !== 'page') {
      expectValidationError({ status: exported.statusCode, body: exported.json() }, name);
    }
    expectValidationError(
      await call('GET', `/api/v1/transactions/admin/all?${query}`, admin),
      name,
    );
  });

  it('still takes real filters', async () => {
    const result = await call(
      'GET',
      '/api/v1/transactions?startDate=2024-02-29&endDate=9999-12-31&minAmount=0.01&maxAmount=10000000',
      customer,
    );
    expect(result.status).toBe(200);
    expect(result.body.total).toBe(1);
  });
});

describe('an e-mail address (finding 10)', () => {
  it('of more than 254 characters is refused at registration and sign-in', async () => {
    const email = `${'a'.repeat(100_000)}@example.com`;
    expectValidationError(
      await call('POST', '/api/v1/auth/register', null, { ...registration, email }),
      'email',
    );
    expectValidationError(
      await call('POST', '/api/v1/auth/login', null, { email, password: 'x' }),
      'email',
    );
    const longest = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;
    expect(longest.length).toBe(254);
    const accepted = await call('POST', '/api/v1/auth/register', null, {
      ...registration,
      email: longest,
    });
    expect(accepted.status).toBe(201);
  });
});

describe('a password', () => {
  it('of more than 128 characters is refused before it is hashed', async () => {
    const password = `Aa1!${'x'.repeat(100_000)}`;
    expectValidationError(
      await call('POST', '/api/v1/auth/login', null, { email: 'a@example.com', password }),
      'password',
    );
    expectValidationError(
      await call('POST', '/api/v1/auth/register', null, {
        ...registration,
        email: `long.${crypto.randomUUID()}@example.com`,
        password,
        confirmPassword: password,
      }),
      'password',
    );
  });
});

describe('signed out (finding 8)', () => {
  it.each([
    ['POST', '/api/v1/transactions/transfer'],
    ['POST', '/api/v1/transactions/deposit'],
    ['POST', '/api/v1/cards'],
    ['PUT', '/api/v1/banks/00000000-0000-0000-0000-000000000000'],
    ['PUT', '/api/v1/auth/change-password'],
    ['POST', '/api/v1/auth/verify-2fa'],
    ['PUT', '/api/v1/users/not-a-uuid/block'],
  ] as const)('a %s %s with an empty body answers 401, not 400', async (method, url) => {
    const result = await call(method, url, null, {});
    expect(result.status).toBe(401);
    expect(result.body).toEqual({
      code: 'UNAUTHORIZED',
      message: messages.authenticationRequired,
    });
  });
});

describe('a malformed Authorization header (finding 9)', () => {
  it('does not skip the cross-site check when the cookie is what authenticates', async () => {
    const alice = await fundedCustomer(app, 50);
    const bob = await fundedCustomer(app, 0);
    for (const authorization of ['Bearer x y', 'Bearer ', 'Bearer\tbad token']) {
      const response = await server.inject({
        method: 'POST',
        url: '/api/v1/transactions/transfer',
        headers: {
          authorization,
          'content-type': 'application/json',
          'sec-fetch-site': 'cross-site',
        },
        cookies: { session: alice.token },
        payload: { recipientAccountNumber: bob.accountNumber, amount: 1 },
      });
      expect(response.statusCode).toBe(403);
    }
    const balance = await alice.caller.transactions.balance();
    expect(balance.balance).toBe(50);
  });

  it('lets a well-formed Bearer call from another site through (no cookie is used)', async () => {
    const alice = await fundedCustomer(app, 50);
    const response = await server.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { authorization: `Bearer ${alice.token}`, 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(200);
  });
});
