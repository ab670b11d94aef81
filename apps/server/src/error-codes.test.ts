import { readFileSync } from 'node:fs';
import { errorCatalogue, errorCodes } from '@bank/api/errors';
import { balanceCents, fundedCustomer } from '@bank/api/testing/money';
import { bankSettings } from '@bank/db/schema';
import { checkDigits } from '@bank/validators/account-number';
import { describe, expect, it } from 'vitest';
import { createFileTestServer, resolveRef, ruleRefused } from './testing.ts';

// Errors a program can read. Every error body carries a stable `code`; a refusal by a
// rule carries its figures and the next step; `?dryRun=true` answers the same verdict.

const { app, server, as } = await createFileTestServer();

async function transfer(token: string, payload: object, query = '', key?: string) {
  return as(token, key ? { 'idempotency-key': key } : {}).post(
    `/api/v1/transactions/transfer${query}`,
    payload,
  );
}

/** Alice with `dollars`, Bob with nothing, and the body of a transfer of `amount` to him. */
async function aliceAndBob(dollars: number) {
  const alice = await fundedCustomer(app, dollars);
  const bob = await fundedCustomer(app, 0);
  const toBob = (amount: number) => ({ recipientAccountNumber: bob.accountNumber, amount });
  return { alice, bob, toBob };
}

/** What the daily-limit figures say about the day: it resets at the next 00:00 UTC. */
function nextUtcMidnightAfter(before: Date) {
  const day = Date.UTC(before.getUTCFullYear(), before.getUTCMonth(), before.getUTCDate());
  return new Date(day + 86_400_000).toISOString();
}

describe('error codes', () => {
  it('answers INSUFFICIENT_FUNDS with the amount, what is available and the next step, in REST and tRPC alike', async () => {
    const { alice, toBob } = await aliceAndBob(40);
    const payload = toBob(50);
    const rest = await transfer(alice.token, payload);
    expect(rest.statusCode).toBe(400);
    const body = {
      code: 'INSUFFICIENT_FUNDS',
      message: 'Insufficient funds',
      reason: 'INSUFFICIENT_FUNDS',
      details: {
        amount: 50,
        available: 40,
        nextStep: 'Deposit money first, or use an amount of at most $40.00.',
      },
    };
    expect(rest.json()).toEqual(body);
    const trpc = await as(alice.token).post('/trpc/transactions.transfer', payload);
    expect(trpc.statusCode).toBe(400);
    expect(trpc.json().error.data).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      httpStatus: 400,
      details: body.details,
    });
    expect(trpc.json().error.message).toBe('Insufficient funds');
  });

  it('answers DAILY_LIMIT_EXCEEDED with the limit, what the day used, what is left and when it resets', async () => {
    const { alice, toBob } = await aliceAndBob(1000);
    await app.db.update(bankSettings).set({ transferLimitCents: 30000n });
    app.deps.settings.forget();
    try {
      const first = await transfer(alice.token, toBob(200));
      expect(first.statusCode).toBe(201);
      const before = new Date(first.json().transaction.createdAt);
      const over = await transfer(alice.token, toBob(100.01));
      expect(over.statusCode).toBe(400);
      const { details, ...rest } = over.json();
      expect(rest).toEqual(
        ruleRefused(
          'DAILY_LIMIT_EXCEEDED',
          'Daily transfer limit exceeded: the limit is $300.00 a day',
        ),
      );
      expect(details).toEqual({
        limit: 300,
        used: 200,
        available: 100,
        resetsAt: nextUtcMidnightAfter(before),
        nextStep: 'Send at most $100.00 today, or wait until the limit resets.',
      });
    } finally {
      await app.db.update(bankSettings).set({ transferLimitCents: 5_000_000n });
      app.deps.settings.forget();
    }
  });

  it('answers ACCOUNT_NOT_FOUND, OWN_ACCOUNT, VALIDATION_ERROR, UNAUTHORIZED and NOT_FOUND', async () => {
    const alice = await fundedCustomer(app, 10);
    const base = '4999999999';
    const unknown = await transfer(alice.token, {
      // This bank's format with valid check digits, held by nobody.
      recipientAccountNumber: `${base}${checkDigits(base)}`,
      amount: 1,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(
      ruleRefused('ACCOUNT_NOT_FOUND', 'No Horizon Bank account has this number'),
    );
    const own = await transfer(alice.token, {
      recipientAccountNumber: alice.accountNumber,
      amount: 1,
    });
    expect(own.json()).toEqual(
      ruleRefused('OWN_ACCOUNT', 'You cannot transfer money to your own account'),
    );
    const invalid = await transfer(alice.token, { recipientAccountNumber: '', amount: -1 });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Validation error' });
    const anonymous = await server.inject({ method: 'GET', url: '/api/v1/transactions/balance' });
    expect(anonymous.json()).toEqual({
      code: 'UNAUTHORIZED',
      message: 'Authentication required',
    });
    const missing = await as(alice.token).get(`/api/v1/transactions/${crypto.randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('replays a refusal under its key with the same code and figures', async () => {
    const { alice, toBob } = await aliceAndBob(5);
    const key = crypto.randomUUID();
    const payload = toBob(6);
    const first = await transfer(alice.token, payload, '', key);
    const again = await transfer(alice.token, payload, '', key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(again.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS', details: { available: 5 } });
  });

  it('documents every code once: the OpenAPI enum and the integrator guide’s catalogue', async () => {
    const document = (await server.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const error = resolveRef(document, document.components.schemas.Error);
    expect(error.required).toEqual(['code', 'message']);
    expect(resolveRef(document, error.properties).code).toMatchObject({ enum: errorCodes });
    const guide = readFileSync(new URL('../../../docs/integrators.md', import.meta.url), 'utf8');
    for (const [code, [statuses]] of Object.entries(errorCatalogue)) {
      expect(guide).toMatch(new RegExp(`\\| \`${code}\` \\| ${statuses.join(', ')} \\|`));
    }
  });
});

describe('POST /transactions/transfer?dryRun=true', () => {
  it('answers 200 wouldSucceed and moves nothing, leaving the Idempotency-Key free', async () => {
    const { alice, bob, toBob } = await aliceAndBob(30);
    const key = crypto.randomUUID();
    const payload = toBob(30);
    const dry = await transfer(alice.token, payload, '?dryRun=true', key);
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toEqual({ wouldSucceed: true });
    expect(await balanceCents(app.db, alice.accountNumber)).toBe(3000n);
    expect(await balanceCents(app.db, bob.accountNumber)).toBe(0n);
    // The key was not claimed: the real transfer with it moves the money, not replayed.
    const real = await transfer(alice.token, payload, '', key);
    expect(real.statusCode).toBe(201);
    expect(real.headers['idempotent-replayed']).toBeUndefined();
    expect(await balanceCents(app.db, bob.accountNumber)).toBe(3000n);
  });

  it('answers the very refusal the transfer would, from the ledger’s rules', async () => {
    const { alice, toBob } = await aliceAndBob(30);
    const tooMuch = toBob(30.01);
    const dry = await transfer(alice.token, tooMuch, '?dryRun=true');
    const real = await transfer(alice.token, tooMuch);
    expect(dry.statusCode).toBe(400);
    expect(dry.json()).toEqual(real.json());
    expect(dry.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    const own = { recipientAccountNumber: alice.accountNumber, amount: 1 };
    expect((await transfer(alice.token, own, '?dryRun=true')).json()).toEqual(
      (await transfer(alice.token, own)).json(),
    );
    // After money left, the day's limit counts it in the dry run too.
    await app.db.update(bankSettings).set({ transferLimitCents: 2000n });
    app.deps.settings.forget();
    try {
      const overLimit = toBob(20.01);
      const dryLimit = await transfer(alice.token, overLimit, '?dryRun=true');
      expect(dryLimit.json()).toEqual((await transfer(alice.token, overLimit)).json());
      expect(dryLimit.json()).toMatchObject({ code: 'DAILY_LIMIT_EXCEEDED' });
    } finally {
      await app.db.update(bankSettings).set({ transferLimitCents: 5_000_000n });
      app.deps.settings.forget();
    }
    expect(await balanceCents(app.db, alice.accountNumber)).toBe(3000n);
  });

  it('takes dryRun=false as a real transfer, refuses any other value, and is 401 signed out', async () => {
    const { alice, toBob } = await aliceAndBob(10);
    const payload = toBob(1);
    expect((await transfer(alice.token, payload, '?dryRun=false')).statusCode).toBe(201);
    const odd = await transfer(alice.token, payload, '?dryRun=yes');
    expect(odd.statusCode).toBe(400);
    expect(odd.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'dryRun' }],
    });
    const anonymous = await as().post('/api/v1/transactions/transfer?dryRun=true', payload);
    expect(anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
