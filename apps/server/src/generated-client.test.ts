import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { TestApp } from '@bank/api/testing/harness';
import { fundedCustomer } from '@bank/api/testing/money';
import { users } from '@bank/db/schema';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import openapiTS, { astToString } from 'openapi-typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from './testing.ts';

// From the API review for integrators: a TypeScript client generated from the served document (openapi-typescript +
// openapi-fetch) typechecks a small journey without edits, and the journey runs.

const journeyDir = fileURLToPath(new URL('../client-journey/', import.meta.url));
const bin = (name: string, from = '../node_modules/.bin/') =>
  fileURLToPath(new URL(`${from}${name}`, import.meta.url));
const run = promisify(execFile);

let app: TestApp;
let server: FastifyInstance;
let origin = '';
const started = useTestServer();
beforeAll(async () => {
  ({ app, server } = started);
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening on TCP');
  origin = `http://127.0.0.1:${address.port}`;
});

describe('a client generated from /api/v1/openapi.json', () => {
  it('typechecks the journey and runs it against the server', { timeout: 180_000 }, async () => {
    const document = await (await fetch(`${origin}/api/v1/openapi.json`)).text();
    mkdirSync(`${journeyDir}generated`, { recursive: true });
    writeFileSync(`${journeyDir}generated/schema.ts`, astToString(await openapiTS(document)));

    await run(bin('tsc', '../../../node_modules/.bin/'), [
      '-p',
      `${journeyDir}tsconfig.json`,
    ]).catch((error: { stdout?: string }) => {
      throw new Error(`the journey does not typecheck:\n${error.stdout ?? String(error)}`);
    });

    const alice = await fundedCustomer(app, 100, 'Alice');
    const bob = await fundedCustomer(app, 0, 'Bob');
    await app.db.update(users).set({ lastName: 'Smith' }).where(eq(users.id, bob.id));
    const { stdout } = await run(bin('tsx', '../../../node_modules/.bin/'), [
      `${journeyDir}journey.ts`,
      origin,
      alice.email,
      alice.password,
      bob.accountNumber,
    ]);
    const steps = JSON.parse(stdout);
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
