import { payees, transactions, users } from '@bank/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LedgerDesk } from '../ledger/desk.ts';
import { auditEntries, auditEventsAbout } from '../testing/audit.ts';
import { createFileTestApp, rejectionOf } from '../testing/harness.ts';
import { fundedCustomer, ledgerInvariant, pay } from '../testing/money.ts';
import { transfer } from '../transactions/transfer.ts';

const app = await createFileTestApp();

type Customer = Awaited<ReturnType<typeof fundedCustomer>>;

/** Asks for a step-up code and reads it from the mailbox, as the customer would. */
async function emailedCode(customer: Customer): Promise<string> {
  const answer = await customer.caller.payees.stepUp({ purpose: 'payee' });
  expect(answer.method).toBe('email');
  const [mail] = await app.mailbox(customer.email);
  const code = mail?.subject.match(/(\d{6})$/)?.[1];
  if (!code) throw new Error('no step-up code in the mailbox');
  return code;
}

/** A payee at this bank: `to`'s account, saved as `name` with the second factor's `code`. */
function internalPayee(name: string, to: { accountNumber: string }, code: string) {
  return { bank: 'internal' as const, name, accountNumber: to.accountNumber, code };
}

/** Another bank's account, by a routing number (one that passes the ABA check by default). */
function externalPayee(name: string, code: string, routingNumber = '021000021') {
  return { bank: 'external' as const, name, routingNumber, accountNumber: '987654321', code };
}

async function savedPayees(userId: string) {
  return app.db.select().from(payees).where(eq(payees.userId, userId));
}

async function addInternal(customer: Customer, to: Customer, name: string, dailyLimit?: number) {
  const code = await emailedCode(customer);
  const { payee } = await customer.caller.payees.create({
    ...internalPayee(name, to, code),
    ...(dailyLimit ? { dailyLimit } : {}),
  });
  return payee;
}

describe('saving a payee needs a second factor', () => {
  it('answers 403 STEP_UP_REQUIRED without a code or with a wrong one, and saves nothing', async () => {
    const alice = await fundedCustomer(app, 0, 'Alice');
    const bob = await fundedCustomer(app, 0, 'Bob');
    const input = { bank: 'internal' as const, name: 'Bob', accountNumber: bob.accountNumber };
    expect(await rejectionOf(alice.caller.payees.create(input))).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'STEP_UP_REQUIRED',
    });
    expect(
      await rejectionOf(alice.caller.payees.create({ ...input, code: '000000' })),
    ).toMatchObject({ code: 'FORBIDDEN', reason: 'STEP_UP_REQUIRED' });
    expect(await savedPayees(alice.id)).toHaveLength(0);
  });

  it('takes an e-mailed code once, checks the payee and tells the customer', async () => {
    const alice = await fundedCustomer(app, 0, 'Alice');
    const bob = await fundedCustomer(app, 0, 'Bob');
    const code = await emailedCode(alice);
    const { payee } = await alice.caller.payees.create(internalPayee('Bob Customer', bob, code));
    expect(payee).toMatchObject({
      name: 'Bob Customer',
      accountNumber: bob.accountNumber.slice(-4),
      routingNumber: null,
      bank: 'internal',
      confirmation: { result: 'match', holder: 'Bob C.' },
      dailyLimit: null,
    });
    // One use: the same code does not add another.
    const again = await rejectionOf(
      alice.caller.payees.create(internalPayee('Bob again', bob, code)),
    );
    expect(again.reason).toBe('STEP_UP_REQUIRED');
    expect((await alice.caller.payees.list()).data.map((p) => p.name)).toEqual(['Bob Customer']);
    const subjects = (await app.mailbox(alice.email)).map((mail) => mail.subject);
    expect(subjects).toContain('Security alert: A payee was added: Bob Customer');
    expect(await auditEntries(app.db, 'payee.added', alice.id)).toHaveLength(1);
  });

  it('refuses an expired code', async () => {
    const alice = await fundedCustomer(app, 0, 'Alice');
    const bob = await fundedCustomer(app, 0, 'Bob');
    const code = await emailedCode(alice);
    const { stepUpCodes } = await import('@bank/db/schema');
    await app.db
      .update(stepUpCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(stepUpCodes.userId, alice.id));
    const expired = await rejectionOf(alice.caller.payees.create(internalPayee('Bob', bob, code)));
    expect(expired.reason).toBe('STEP_UP_REQUIRED');
  });

  it('takes the authenticator code when two-factor authentication is on, and sends nothing', async () => {
    const alice = await fundedCustomer(app, 0, 'Alice');
    const bob = await fundedCustomer(app, 0, 'Bob');
    await alice.caller.auth.setup2fa();
    await alice.caller.auth.enable2fa({ code: await app.currentTotp(alice.id) });
    const caller = await app.caller(alice.token);
    const mailsBefore = (await app.mailbox(alice.email)).length;
    expect(await caller.payees.stepUp({ purpose: 'payee' })).toMatchObject({ method: 'totp' });
    expect(await app.mailbox(alice.email)).toHaveLength(mailsBefore);
    const { payee } = await caller.payees.create(
      internalPayee('Bob', bob, await app.currentTotp(alice.id, 1)),
    );
    expect(payee.confirmation).toEqual({ result: 'close', holder: 'Bob C.' });
  });

  it('answers 429 beyond five codes a quarter of an hour, and never drops one silently', async () => {
    const alice = await fundedCustomer(app, 0, 'Alice');
    for (let i = 0; i < 5; i += 1) await alice.caller.payees.stepUp({ purpose: 'payee' });
    const limited = await rejectionOf(alice.caller.payees.stepUp({ purpose: 'payee' }));
    expect(limited.code).toBe('TOO_MANY_REQUESTS');
    const codes = (await app.mailbox(alice.email)).filter((mail) =>
      mail.subject.startsWith('Your confirmation code'),
    );
    expect(codes).toHaveLength(5);
  });
});

describe('what a payee may be', () => {
  it('refuses the own account, a closed account and a duplicate name; a refusal keeps the code', async () => {
    const alice = await fundedCustomer(app, 0, 'Alice');
    const bob = await fundedCustomer(app, 0, 'Bob');
    const carol = await fundedCustomer(app, 0, 'Carol');
    await app.db.update(users).set({ closedAt: new Date() }).where(eq(users.id, carol.id));
    await addInternal(alice, bob, 'Bob');
    const code = await emailedCode(alice);
    const own = await rejectionOf(alice.caller.payees.create(internalPayee('Me', alice, code)));
    expect(own.message).toBe('You cannot add your own account as a payee');
    const closed = await rejectionOf(
      alice.caller.payees.create(internalPayee('Carol', carol, code)),
    );
    expect(closed.message).toBe('This account is closed and cannot receive payments');
    const duplicate = await rejectionOf(alice.caller.payees.create(externalPayee('bOB', code)));
    expect(duplicate.message).toBe('You already have a payee with this name');
    // Nothing was saved by the refusals, so the code still works once.
    const { payee } = await alice.caller.payees.create(externalPayee('Landlord', code));
    expect(payee).toMatchObject({
      bank: 'external',
      routingNumber: '021000021',
      accountNumber: '4321',
      confirmation: { result: null, holder: null },
    });
  });

  it('keeps one of two payees given the same name at once (the unique index answers as the check)', async () => {
    const alice = await fundedCustomer(app, 0, 'Alice');
    const bob = await fundedCustomer(app, 0, 'Bob');
    await alice.caller.payees.stepUp({ purpose: 'payee' });
    await alice.caller.payees.stepUp({ purpose: 'payee' });
    const codes = (await app.mailbox(alice.email))
      .map((mail) => mail.subject.match(/(\d{6})$/)?.[1])
      .filter((code): code is string => code !== undefined);
    expect(codes).toHaveLength(2);
    const results = await Promise.allSettled(
      codes.map((code, i) =>
        alice.caller.payees.create(internalPayee(i === 0 ? 'Bob' : 'BOB', bob, code)),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected');
    expect(refused?.status === 'rejected' && refused.reason.message).toBe(
      'You already have a payee with this name',
    );
  });

  it('refuses a routing number that fails the ABA checksum', async () => {
    const alice = await fundedCustomer(app, 0, 'Alice');
    const invalid = await rejectionOf(
      alice.caller.payees.create(externalPayee('Typo', '123456', '021000022')),
    );
    expect(invalid.details).toEqual([
      { field: 'routingNumber', message: 'Invalid routing number' },
    ]);
  });

  it('renames without a second factor, changes account details only with one, and removes', async () => {
    const alice = await fundedCustomer(app, 0, 'Alice');
    const bob = await fundedCustomer(app, 0, 'Bob');
    const carol = await fundedCustomer(app, 0, 'Carol');
    const payee = await addInternal(alice, bob, 'Bob');
    const renamed = await alice.caller.payees.update({
      id: payee.id,
      name: 'Bobby',
      dailyLimit: 50,
    });
    expect(renamed.payee).toMatchObject({ name: 'Bobby', dailyLimit: 50 });
    const moved = await rejectionOf(
      alice.caller.payees.update({ id: payee.id, accountNumber: carol.accountNumber }),
    );
    expect(moved.reason).toBe('STEP_UP_REQUIRED');
    expect((await alice.caller.payees.byId({ id: payee.id })).data.accountNumber).toBe(
      bob.accountNumber.slice(-4),
    );
    const code = await emailedCode(alice);
    const changed = await alice.caller.payees.update({
      id: payee.id,
      accountNumber: carol.accountNumber,
      code,
    });
    expect(changed.payee).toMatchObject({
      accountNumber: carol.accountNumber.slice(-4),
      confirmation: { result: 'no_match', holder: 'Carol C.' },
    });
    // Another customer's payee is not found.
    const mallory = await fundedCustomer(app, 0, 'Mallory');
    expect((await rejectionOf(mallory.caller.payees.byId({ id: payee.id }))).code).toBe(
      'NOT_FOUND',
    );
    await alice.caller.payees.remove({ id: payee.id });
    expect((await alice.caller.payees.list()).data).toEqual([]);
    expect(await auditEventsAbout(app.db, alice.id)).toEqual(
      expect.arrayContaining(['payee.added', 'payee.changed', 'payee.removed']),
    );
  });
});

describe('sending to a payee: its limits are judged by the ledger', () => {
  it('sends to a payee by id and records it against the payee', async () => {
    const alice = await fundedCustomer(app, 500, 'Alice');
    const bob = await fundedCustomer(app, 0, 'Bob');
    const payee = await addInternal(alice, bob, 'Bob');
    const sent = await alice.caller.transactions.transfer({
      payeeId: payee.id,
      amount: 25,
      description: 'Dinner',
    });
    expect(sent).toMatchObject({ newBalance: 475, transaction: { description: 'Dinner' } });
    const [row] = await app.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, sent.transaction.id));
    expect(row).toMatchObject({ payeeId: payee.id, recipientAccountNumber: bob.accountNumber });
    expect((await bob.caller.transactions.balance()).balance).toBe(25);
  });

  it('caps a new payee at the bank setting in its first 24 hours, even sent at once', async () => {
    const alice = await fundedCustomer(app, 5000, 'Alice');
    const bob = await fundedCustomer(app, 0, 'Bob');
    const payee = await addInternal(alice, bob, 'Bob');
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        alice.caller.transactions.transfer({ payeeId: payee.id, amount: 300 }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const refused = results.find((r) => r.status === 'rejected');
    expect(refused?.status === 'rejected' && refused.reason.message).toBe(
      'New payee limit exceeded: a payee can receive at most $1,000.00 in its first 24 hours',
    );
    expect((await bob.caller.transactions.balance()).balance).toBe(900);
    // The same number typed by hand is not the payee: only the bank's daily limit applies.
    await pay(alice, bob, 300);
    expect(await ledgerInvariant(app.db)).toMatchObject({ mismatched: 0, entriesSum: 0n });
  });

  it('holds the cap across two instances: each desk’s write finds the other’s transfers', async () => {
    const alice = await fundedCustomer(app, 5000, 'Alice');
    const bob = await fundedCustomer(app, 0, 'Bob');
    const payee = await addInternal(alice, bob, 'Bob');
    const auth = await app.deps.sessions.validate(alice.token);
    if (!auth) throw new Error('no session');
    const other = { ...app.deps, ledger: new LedgerDesk(app.db, app.deps.settings) };
    const results = await Promise.allSettled(
      [app.deps, other, app.deps, other, app.deps, other].map((deps) =>
        transfer(deps, auth, { type: 'transfer', currency: 'USD', payeeId: payee.id, amount: 300 }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect((await bob.caller.transactions.balance()).balance).toBe(900);
  });

  it('judges the payee’s daily limit once the first day is over', async () => {
    const alice = await fundedCustomer(app, 5000, 'Alice');
    const bob = await fundedCustomer(app, 0, 'Bob');
    const payee = await addInternal(alice, bob, 'Bob', 300);
    await app.db
      .update(payees)
      .set({ createdAt: new Date(Date.now() - 2 * 24 * 60 * 60_000) })
      .where(eq(payees.id, payee.id));
    await alice.caller.transactions.transfer({ payeeId: payee.id, amount: 200 });
    const over = await rejectionOf(
      alice.caller.transactions.transfer({ payeeId: payee.id, amount: 150 }),
    );
    expect(over.message).toBe(
      'Payee daily limit exceeded: the limit for this payee is $300.00 a day',
    );
    await alice.caller.transactions.transfer({ payeeId: payee.id, amount: 100 });
    expect((await bob.caller.transactions.balance()).balance).toBe(300);
  });

  it('refuses a removed payee and another customer’s', async () => {
    const alice = await fundedCustomer(app, 500, 'Alice');
    const bob = await fundedCustomer(app, 0, 'Bob');
    const payee = await addInternal(alice, bob, 'Bob');
    const mallory = await fundedCustomer(app, 500, 'Mallory');
    expect(
      (await rejectionOf(mallory.caller.transactions.transfer({ payeeId: payee.id, amount: 5 })))
        .code,
    ).toBe('NOT_FOUND');
    await alice.caller.payees.remove({ id: payee.id });
    const removed = await rejectionOf(
      alice.caller.transactions.transfer({ payeeId: payee.id, amount: 5 }),
    );
    expect(removed).toMatchObject({ code: 'NOT_FOUND', message: 'Payee not found' });
  });
});
