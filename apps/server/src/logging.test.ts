import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { fundedCustomer } from '@bank/api/testing/money';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { lazyChildLogger, loggerOptions } from './logging.ts';
import { createFileTestServer } from './testing.ts';
import { cardForm } from './testing-support.ts';

// From the security review: a failed statement is logged by its code and constraint, never with its
// bound values (argon2 hashes, sealed card numbers, CVV hashes); credentials are redacted.

const lines: string[] = [];
const { app, server, as } = await createFileTestServer({
  logLevel: 'info',
  logStream: { write: (line) => lines.push(line) },
});
beforeAll(async () => {
  // A constraint only this test's database has, so a statement full of secrets fails.
  await app.db.execute(
    sql`alter table users add constraint test_no_mallory check (first_name <> 'Mallory')`,
  );
  await app.db.execute(
    sql`alter table cards add constraint test_no_mallory_card check (name <> 'Mallory')`,
  );
});

const signedOut = as();

describe('the log', () => {
  it('keeps a failed statement’s code and constraint, not its values', async () => {
    lines.length = 0;
    const password = 'Str0ng!Passw0rd';
    const registered = await signedOut.post('/api/v1/auth/register', {
      firstName: 'Mallory',
      lastName: 'Tester',
      email: `mallory.${crypto.randomUUID()}@example.com`,
      phoneNumber: '+15551234567',
      dateOfBirth: '1990-05-17',
      password,
      confirmPassword: password,
      acceptTerms: true,
    });
    expect(registered.statusCode).toBe(500);
    expect(registered.json()).toEqual({
      code: 'INTERNAL_ERROR',
      message: 'An unexpected error occurred. Please try again later.',
    });

    const alice = await fundedCustomer(app, 0);
    const mallorysCard = cardForm('Mallory', '12/39', '987');
    const card = await as(alice.token).post('/api/v1/cards', mallorysCard);
    expect(card.statusCode).toBe(500);

    const log = lines.join('\n');
    const errors = lines.map((line) => JSON.parse(line)).filter((entry) => entry.level >= 50);
    expect(errors.length).toBeGreaterThanOrEqual(2);
    expect(errors.map((entry) => entry.err.constraint)).toEqual(
      expect.arrayContaining(['test_no_mallory', 'test_no_mallory_card']),
    );
    expect(errors.every((entry) => entry.err.code === '23514')).toBe(true);
    expect(log).not.toContain('$argon2');
    expect(log).not.toMatch(/params:/i);
    expect(log).not.toContain(mallorysCard.number);
    expect(log).not.toContain('Failed query');
    // The sealed number and keyed CVV hash are long base64/hex strings among the parameters.
    expect(log).not.toMatch(/[A-Za-z0-9+/=_-]{60,}/);
  });

  it('redacts credentials in headers and secret fields wherever they sit', () => {
    lines.length = 0;
    server.log.info(
      {
        req: { headers: { authorization: 'Bearer abc.def', cookie: 'session=abc.def' } },
        body: { password: 'Hunter2!x', cvv: '123', cardNumber: '4111111111111111' },
        token: 'abc.def',
        nested: { deeper: { currentPassword: 'Hunter2!x' } },
      },
      'a careless line',
    );
    const log = lines.join('\n');
    expect(log).toContain('a careless line');
    expect(log).not.toContain('abc.def');
    expect(log).not.toContain('Hunter2');
    expect(log).not.toContain('4111111111111111');
    expect(log).not.toContain('"123"');
    expect(log).toContain('[redacted]');
  });
});

describe('a request’s logger', () => {
  it('is made by the first line it writes, with the request id and the redaction', () => {
    const written: string[] = [];
    const quiet = Fastify({
      logger: loggerOptions('warn', { write: (line) => written.push(line) }),
    });
    const makeChild = vi.spyOn(quiet.log, 'child');
    const log = lazyChildLogger.call(
      quiet,
      quiet.log,
      { reqId: 'req-7' },
      {},
      new IncomingMessage(new Socket()),
    );

    // Fastify checks the methods are there when it gets the logger: that must not make it.
    expect(
      ['info', 'warn', 'error', 'fatal', 'child'].map((method) => typeof Reflect.get(log, method)),
    ).toEqual(Array(5).fill('function'));
    log.info('below the level');
    log.debug({ password: 'Hunter2!x' }, 'below the level');
    expect(makeChild).not.toHaveBeenCalled();
    expect(written).toEqual([]);

    log.warn({ body: { password: 'Hunter2!x' } }, 'worth a line');
    log.error('and another');
    expect(makeChild).toHaveBeenCalledTimes(1);
    const entries = written.map((line) => JSON.parse(line));
    expect(entries.map((entry) => [entry.reqId, entry.msg])).toEqual([
      ['req-7', 'worth a line'],
      ['req-7', 'and another'],
    ]);
    expect(entries[0].body.password).toBe('[redacted]');
    expect(log.level).toBe('warn');
  });
});
