import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { fundedCustomer } from '@bank/api/testing/money';
import { users } from '@bank/db/schema';
import { eq } from 'drizzle-orm';
import openapiTS, { astToString } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';
import { useListeningServer } from './testing.ts';
import { runJourney, typecheckJourney } from './testing-journeys.ts';

// From the API review for integrators: a TypeScript client generated from the served document (openapi-typescript +
// openapi-fetch) typechecks a small journey without edits, and the journey runs.

const journeyDir = fileURLToPath(new URL('../client-journey/', import.meta.url));

const started = useListeningServer();

describe('a client generated from /api/v1/openapi.json', () => {
  it('typechecks the journey and runs it against the server', { timeout: 180_000 }, async () => {
    const document = await (await fetch(`${started.origin}/api/v1/openapi.json`)).text();
    mkdirSync(`${journeyDir}generated`, { recursive: true });
    writeFileSync(`${journeyDir}generated/schema.ts`, astToString(await openapiTS(document)));

    await typecheckJourney(journeyDir);

    const alice = await fundedCustomer(started.app, 100, 'Alice');
    const bob = await fundedCustomer(started.app, 0, 'Bob');
    await started.app.db.update(users).set({ lastName: 'Smith' }).where(eq(users.id, bob.id));
    const steps = await runJourney(journeyDir, started.origin, alice, bob);
    expect(steps.login).toEqual({ twoFactorRequired: false });
    expect(steps.me).toEqual({ email: alice.email, accountNumber: alice.accountNumber });
    expect(steps.payee).toMatchObject({ holderName: 'Bob S.', nameMatch: 'match' });
    expect(steps.payee.rateLimit).toMatch(/^"payee-lookup";r=29;t=\d+$/);
    expect(steps.transfer).toMatchObject({
      status: 201,
      amount: 12.34,
      newBalance: 87.66,
      replayed: 'true',
      sameId: true,
    });
    expect(steps.transfer.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(steps.deposit).toEqual({ type: 'deposit', newBalance: 92.66 });
    expect(steps.card).toEqual({ name: 'Renamed Card', last4: '4242' });
    expect(steps.history.total).toBe(3);
    expect(steps.export.contentType).toMatch(/^text\/csv/);
    expect(steps.export.lines).toBe(4);
    expect(steps.invalid).toEqual({
      status: 400,
      error: {
        code: 'VALIDATION_ERROR',
        message: 'Validation error',
        details: [{ field: 'amount', message: 'Amount must be positive' }],
      },
    });
    expect(steps.afterLogout).toEqual({
      status: 401,
      message: 'Your session has expired. Please sign in again.',
      wwwAuthenticate: 'Bearer error="invalid_token"',
    });
    expect((await bob.caller.transactions.balance()).balance).toBe(12.34);
  });
});
