import { idempotencyKeys, sessions, transactions, users } from '@bank/db/schema';
import { messages } from '@bank/validators/messages';
import { transferInput } from '@bank/validators/money';
import { TRPCError } from '@trpc/server';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deleteSession, type SessionWithUser } from '../auth/sessions.ts';
import { createFileTestApp, rejectionOf } from '../testing/harness.ts';
import {
  balanceCents,
  fundedCustomer,
  ledgerInvariant,
  saveCard,
  testCard,
} from '../testing/money.ts';
import { LedgerDesk } from './desk.ts';
import { idempotencyClaim } from './idempotency.ts';
import { transferPosting } from './kinds/transfer.ts';
import type { Posting } from './posting.ts';
import { movementResultSchema } from './transaction-dto.ts';
import { writeLedger } from './write.ts';

const app = await createFileTestApp();

async function sessionUser(token: string): Promise<SessionWithUser['user']> {
  const auth = await app.deps.sessions.validate(token);
  if (!auth) throw new Error('no session');
  return auth.user;
}

async function storedKey(userId: string, key: string) {
  const [row] = await app.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row;
}

/** A transfer of `dollars` without an idempotency key, as the transfer service builds it. */
function plainTransfer(
  user: SessionWithUser['user'],
  recipientAccountNumber: string,
  dollars: number,
) {
  const input = transferInput.parse({ recipientAccountNumber, amount: dollars });
  return transferPosting({ user, input, amountCents: BigInt(dollars * 100) });
}

/** A transfer of `dollars` with `key`, as the transfer service builds it. */
function keyedTransfer(
  user: SessionWithUser['user'],
  recipientAccountNumber: string,
  dollars: number,
  key: string,
) {
  const input = transferInput.parse({
    recipientAccountNumber,
    amount: dollars,
    idempotencyKey: key,
  });
  const claim = idempotencyClaim(user.id, key, 'transfer', input, movementResultSchema);
  return transferPosting({ user, input, amountCents: BigInt(dollars * 100) }, claim);
}

/**
 * Alice (with $100, signed in) about to pay Bob (with nothing), and a fresh idempotency key
 * named after the test.
 */
async function aliceAboutToPayBob(keyPrefix: string) {
  const alice = await fundedCustomer(app, 100);
  const bob = await fundedCustomer(app, 0);
  const user = await sessionUser(alice.token);
  return { alice, bob, user, key: `${keyPrefix}-${crypto.randomUUID()}` };
}

describe('idempotency keys at the front door', () => {
  it('stores no answer when the desk gives up (conflict), so the same key runs again', async () => {
    const { bob, user, key } = await aliceAboutToPayBob('conflict');
    // Every write finds an account changed: the desk judges again and then gives up.
    const busy = new LedgerDesk(app.db, app.deps.settings, {
      maxAttempts: 3,
      write: async () => 'changed',
    });
    const refused = await rejectionOf(busy.submit(keyedTransfer(user, bob.accountNumber, 10, key)));
    expect(refused).toMatchObject({ code: 'CONFLICT', message: 'Please retry the request' });
    expect(await storedKey(user.id, key)).toBeUndefined();

    const retried = await app.deps.ledger.submit(keyedTransfer(user, bob.accountNumber, 10, key));
    expect(retried.replayed).toBe(false);
    expect(retried.value.newBalance).toBe(90);
    expect(await balanceCents(app.db, bob.accountNumber)).toBe(1000n);
  });

  it('stores no answer when the write fails unexpectedly, so the same key runs again', async () => {
    const { bob, user, key } = await aliceAboutToPayBob('failure');
    const broken = new LedgerDesk(app.db, app.deps.settings, {
      write: async () => {
        throw new Error('connection lost');
      },
    });
    const failed = await rejectionOf(
      broken.submit(keyedTransfer(user, bob.accountNumber, 10, key)),
    );
    expect(failed.message).toBe('connection lost');
    expect(await storedKey(user.id, key)).toBeUndefined();
    await expect(
      app.deps.ledger.submit(keyedTransfer(user, bob.accountNumber, 10, key)),
    ).resolves.toMatchObject({ replayed: false, value: { newBalance: 90 } });
  });

  it('writes the key in the statement that moves the money: a write that fails leaves neither', async () => {
    const { alice, bob, user, key } = await aliceAboutToPayBob('atomic');
    const [before] = await app.db.select({ n: sql<number>`count(*)::int` }).from(transactions);
    // The real write, made to fail inside its statement (an event over NOTIFY's 8000 bytes).
    const failing = new LedgerDesk(app.db, app.deps.settings, {
      write: (db, changes) =>
        writeLedger(db, {
          ...changes,
          events: [
            ...changes.events,
            {
              userId: user.id,
              event: { type: 'system:error', data: { message: 'x'.repeat(9000) } },
            },
          ],
        }),
    });
    await rejectionOf(failing.submit(keyedTransfer(user, bob.accountNumber, 10, key)));
    const [after] = await app.db.select({ n: sql<number>`count(*)::int` }).from(transactions);
    expect(after?.n).toBe(before?.n);
    expect(await storedKey(user.id, key)).toBeUndefined();
    expect(await balanceCents(app.db, alice.accountNumber)).toBe(10000n);
  });

  it('answers a duplicate sent while the first is running with the first’s answer, replayed', async () => {
    const { bob, user, key } = await aliceAboutToPayBob('twice');
    const [first, second, third] = await Promise.all([
      app.deps.ledger.submit(keyedTransfer(user, bob.accountNumber, 10, key)),
      app.deps.ledger.submit(keyedTransfer(user, bob.accountNumber, 10, key)),
      app.deps.ledger.submit(keyedTransfer(user, bob.accountNumber, 10, key)),
    ]);
    expect([first?.replayed, second?.replayed, third?.replayed]).toEqual([false, true, true]);
    expect(second?.value).toEqual(first?.value);
    expect(third?.value).toEqual(first?.value);
    expect(await balanceCents(app.db, bob.accountNumber)).toBe(1000n);
  });

  it('answers a duplicate on another instance (another desk) once the first commits', async () => {
    const alice = await fundedCustomer(app, 100);
    const bob = await fundedCustomer(app, 0);
    const user = await sessionUser(alice.token);
    const other = new LedgerDesk(app.db, app.deps.settings);
    for (let round = 0; round < 5; round += 1) {
      const key = `instances-${round}-${crypto.randomUUID()}`;
      const answers = await Promise.all([
        app.deps.ledger.submit(keyedTransfer(user, bob.accountNumber, 1, key)),
        other.submit(keyedTransfer(user, bob.accountNumber, 1, key)),
      ]);
      expect(answers.map((a) => a.value.transaction.id)).toEqual([
        answers[0]?.value.transaction.id,
        answers[0]?.value.transaction.id,
      ]);
      expect(answers.filter((a) => a.replayed)).toHaveLength(1);
    }
    expect(await balanceCents(app.db, bob.accountNumber)).toBe(500n);
    expect(await ledgerInvariant(app.db)).toMatchObject({ mismatched: 0, entriesSum: 0n });
  });

  it('keeps a refusal found before the ledger (Wrong CVV) as the key’s answer, and replays a success whatever happened since', async () => {
    const alice = await fundedCustomer(app, 0);
    const card = await saveCard(alice, { type: 'debit', number: '4000000000000010', cvv: '111' });
    const wrong = { amount: 5, method: 'card' as const, cardId: card.id, cvv: '999' };
    const wrongKey = `cvv-${crypto.randomUUID()}`;
    for (let i = 0; i < 2; i += 1) {
      expect(
        await rejectionOf(
          alice.caller.transactions.deposit({ ...wrong, idempotencyKey: wrongKey }),
        ),
      ).toMatchObject({ code: 'BAD_REQUEST', message: 'Wrong CVV' });
    }
    expect((await storedKey(alice.id, wrongKey))?.response).toEqual({
      ok: false,
      code: 'BAD_REQUEST',
      message: 'Wrong CVV',
    });

    const right = { amount: 5, method: 'card' as const, cardId: card.id, cvv: '111' };
    const key = `card-${crypto.randomUUID()}`;
    const first = await alice.caller.transactions.deposit({ ...right, idempotencyKey: key });
    await alice.caller.cards.remove({ id: card.id });
    // The card is gone, but the key already has its answer.
    await expect(
      alice.caller.transactions.deposit({ ...right, idempotencyKey: key }),
    ).resolves.toEqual(first);
    expect(await balanceCents(app.db, alice.accountNumber)).toBe(500n);
  });

  it('lets a new kind of movement through without a new write path', async () => {
    // A fee, as the fees work will add it: a posting kind with its rule, nothing else.
    const alice = await fundedCustomer(app, 50);
    const user = await sessionUser(alice.token);
    const fee: Posting<bigint> = {
      needs: { users: [user.id] },
      judge(ledger) {
        const from = ledger.primaryAccountOf(user.id);
        if (!from) return { refused: new TRPCError({ code: 'NOT_FOUND', message: 'No account' }) };
        if (ledger.stateOf(from).balanceCents < 250n)
          return { refused: new TRPCError({ code: 'BAD_REQUEST', message: 'Insufficient funds' }) };
        return {
          effects: [
            {
              open: {
                type: 'fee',
                status: 'completed',
                amountCents: 250n,
                description: 'Monthly fee',
                category: 'fee',
                paymentMethod: 'internal',
                from,
                to: ledger.systemAccount('fees'),
                senderUserId: user.id,
                recipientUserId: null,
                timeline: [],
              },
            },
          ],
          answer: (applied) => applied.balanceOf(from.id),
        };
      },
    };
    expect((await app.deps.ledger.submit(fee)).value).toBe(4750n);
    const history = await alice.caller.transactions.list({ page: 1, limit: 10, type: 'fee' });
    expect(history.data).toMatchObject([{ type: 'fee', amount: 2.5, direction: 'debit' }]);
    expect(await ledgerInvariant(app.db)).toMatchObject({ mismatched: 0, entriesSum: 0n });
  });
});

describe('what a desk knows of the accounts', () => {
  it('is never trusted for money: another instance’s moves are found by the write', async () => {
    const alice = await fundedCustomer(app, 100);
    const bob = await fundedCustomer(app, 0);
    const user = await sessionUser(alice.token);
    const here = new LedgerDesk(app.db, app.deps.settings);
    const there = new LedgerDesk(app.db, app.deps.settings);
    const send = (desk: LedgerDesk, dollars: number) =>
      desk.submit(plainTransfer(user, bob.accountNumber, dollars));
    // `here` reads and remembers Alice at $100, then $90.
    await expect(send(here, 10)).resolves.toMatchObject({ value: { newBalance: 90 } });
    // Another instance spends most of it.
    await expect(send(there, 80)).resolves.toMatchObject({ value: { newBalance: 10 } });
    // `here` would judge $90 from memory; its write finds Alice changed and it judges again.
    expect(await rejectionOf(send(here, 50))).toMatchObject({ message: 'Insufficient funds' });
    // A refusal from memory is checked too: after a deposit elsewhere, the money is there.
    await alice.caller.transactions.deposit({ amount: 100, method: 'card', ...testCard });
    await expect(send(here, 50)).resolves.toMatchObject({ value: { newBalance: 60 } });
    expect(await balanceCents(app.db, alice.accountNumber)).toBe(6000n);
    expect(await ledgerInvariant(app.db)).toMatchObject({ mismatched: 0, entriesSum: 0n });
  });
});

describe('what a desk knows of the owners', () => {
  it('is confirmed by the write: a name changed since the desk read it goes into the next transfer', async () => {
    const alice = await fundedCustomer(app, 100);
    const bob = await fundedCustomer(app, 0, 'Bob');
    const user = await sessionUser(alice.token);
    const here = new LedgerDesk(app.db, app.deps.settings);
    const send = (dollars: number) => here.submit(plainTransfer(user, bob.accountNumber, dollars));
    const first = await send(10);
    expect(first.value.transaction.recipientName).toBe('Bob C.');
    // Bob changes his name (on any instance); `here` still remembers the old one.
    await app.db.update(users).set({ firstName: 'Robert' }).where(eq(users.id, bob.id));
    const second = await send(10);
    expect(second.value.transaction.recipientName).toBe('Robert C.');
    const [row] = await app.db
      .select({ recipientName: transactions.recipientName })
      .from(transactions)
      .where(eq(transactions.id, second.value.transaction.id));
    expect(row?.recipientName).toBe('Robert C.');
    expect(await balanceCents(app.db, bob.accountNumber)).toBe(2000n);
  });
});

describe('deposits and withdrawals arriving together', () => {
  it('are judged in arrival order, each against what the earlier ones left', async () => {
    const alice = await fundedCustomer(app, 0);
    const card = { method: 'card' as const, ...testCard };
    const results = await Promise.allSettled([
      alice.caller.transactions.deposit({ amount: 100, ...card }),
      alice.caller.transactions.withdraw({ amount: 60, method: 'cash_pickup' }),
      alice.caller.transactions.withdraw({ amount: 60, method: 'cash_pickup' }),
      alice.caller.transactions.deposit({ amount: 30, ...card }),
    ]);
    expect(
      results.map((r) => (r.status === 'fulfilled' ? r.value.newBalance : r.reason.message)),
    ).toEqual([100, 40, 'Insufficient funds', 70]);
    expect(await ledgerInvariant(app.db)).toMatchObject({ mismatched: 0, entriesSum: 0n });
  });
});

describe('the session a customer acts through', () => {
  async function sessionOf(token: string) {
    const auth = await app.deps.sessions.validate(token);
    if (!auth) throw new Error('no session');
    return auth;
  }

  it('is confirmed by the write: a session ended after the request was authenticated moves nothing and leaves the key free', async () => {
    const alice = await fundedCustomer(app, 100);
    const bob = await fundedCustomer(app, 0);
    const auth = await sessionOf(alice.token);
    // The desk now knows both accounts: the next batch is judged without a read.
    await app.deps.ledger.submit(
      keyedTransfer(auth.user, bob.accountNumber, 1, `warm-${crypto.randomUUID()}`),
      auth.session.id,
    );
    await deleteSession(app.db, auth.session.id);
    const key = `ended-${crypto.randomUUID()}`;
    const refused = await rejectionOf(
      app.deps.ledger.submit(keyedTransfer(auth.user, bob.accountNumber, 10, key), auth.session.id),
    );
    expect(refused).toMatchObject({ code: 'UNAUTHORIZED', message: messages.sessionExpired });
    expect(await balanceCents(app.db, bob.accountNumber)).toBe(100n);
    expect(await storedKey(auth.user.id, key)).toBeUndefined();

    // Signed in again, the same key runs (nothing was stored under it).
    const again = await sessionOf((await app.signIn(alice.email)).token);
    const moved = await app.deps.ledger.submit(
      keyedTransfer(again.user, bob.accountNumber, 10, key),
      again.session.id,
    );
    expect(moved.replayed).toBe(false);
    expect(await balanceCents(app.db, bob.accountNumber)).toBe(1100n);
    expect(await ledgerInvariant(app.db)).toMatchObject({ mismatched: 0 });
  });

  it('refuses a session that ended, and one still half-open, when the batch is read too', async () => {
    const alice = await fundedCustomer(app, 100);
    const bob = await fundedCustomer(app, 0);
    const auth = await sessionOf(alice.token);
    await deleteSession(app.db, auth.session.id);
    // A fresh desk knows nothing: it reads the batch, sessions included.
    const fresh = new LedgerDesk(app.db, app.deps.settings);
    const refused = await rejectionOf(
      fresh.submit(
        keyedTransfer(auth.user, bob.accountNumber, 10, `read-${crypto.randomUUID()}`),
        auth.session.id,
      ),
    );
    expect(refused).toMatchObject({ code: 'UNAUTHORIZED', message: messages.sessionExpired });

    const carol = await fundedCustomer(app, 100);
    const carolAuth = await sessionOf(carol.token);
    // A session that still owes its second factor (as sign-in leaves one when 2FA is on).
    await app.db
      .update(users)
      .set({ twoFactorSecret: 'JBSWY3DPEHPK3PXP' })
      .where(eq(users.id, carolAuth.user.id));
    await app.db
      .update(sessions)
      .set({ twoFactorVerified: false })
      .where(eq(sessions.id, carolAuth.session.id));
    const halfOpen = await rejectionOf(
      app.deps.ledger.submit(
        keyedTransfer(carolAuth.user, bob.accountNumber, 10, `half-${crypto.randomUUID()}`),
        carolAuth.session.id,
      ),
    );
    expect(halfOpen).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await balanceCents(app.db, bob.accountNumber)).toBe(0n);
  });
});
