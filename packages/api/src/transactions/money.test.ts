import { text } from 'node:stream/consumers';
import { bankSettings, cards, transactions, users } from '@bank/db/schema';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { Book } from '../ledger/book.ts';
import { LedgerDesk } from '../ledger/desk.ts';
import type { Posted, Posting } from '../ledger/posting.ts';
import { readLedger } from '../ledger/read.ts';
import { writeLedger } from '../ledger/write.ts';
import { createFileTestApp, rejectionOf } from '../testing/harness.ts';
import { balanceCents, fundedCustomer, pay, saveCard, testCard } from '../testing/money.ts';
import { expectSoundLedger } from '../testing/sound-ledger.ts';
import { transactionsCsv } from './csv-export.ts';
import { settleDueTransactions, settlePendingTransactions } from './settlement.ts';

const app = await createFileTestApp();

/** Another bank's account: its number with that bank's (ABA-valid) routing number. */
const external = (recipientAccountNumber: string) => ({
  recipientAccountNumber,
  routingNumber: '021000021',
});

const expectLedgerSound = () => expectSoundLedger(app.db);

describe('accounts', () => {
  it('opens a USD checking account with a 12-digit number at registration', async () => {
    const alice = await fundedCustomer(app, 0);
    expect(alice.accountNumber).toMatch(/^[1-8]\d{11}$/);
    const me = await alice.caller.auth.me();
    expect(me.user).toMatchObject({
      accountNumber: alice.accountNumber,
      balance: 0,
      withdrawalLimit: 25000,
    });
  });
});

describe('deposits', () => {
  it('credits a card deposit at once, in the ledger and the cached balance', async () => {
    const alice = await fundedCustomer(app, 0);
    const result = await alice.caller.transactions.deposit({
      amount: 125.5,
      method: 'card',
      ...testCard,
    });
    expect(result).toMatchObject({
      message: 'Deposit completed successfully',
      newBalance: 125.5,
      transaction: {
        type: 'deposit',
        status: 'completed',
        amount: 125.5,
        direction: 'credit',
        description: 'Deposit funds',
      },
    });
    expect(result.transaction.timeline.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(result)).not.toContain(testCard.cardNumber);
    expect(await balanceCents(app.db, alice.accountNumber)).toBe(12550n);
    await expectLedgerSound();
  });

  it('checks a saved card’s CVV: Wrong CVV stops the deposit', async () => {
    const alice = await fundedCustomer(app, 0);
    const card = await saveCard(alice, { type: 'debit', number: '5555444433331111', cvv: '321' });
    const wrong = await rejectionOf(
      alice.caller.transactions.deposit({
        amount: 10,
        method: 'card',
        cardId: card.id,
        cvv: '999',
      }),
    );
    expect(wrong).toMatchObject({ code: 'BAD_REQUEST', message: 'Wrong CVV' });
    const ok = await alice.caller.transactions.deposit({
      amount: 10,
      method: 'card',
      cardId: card.id,
      cvv: '321',
    });
    expect(ok.transaction.counterparty).toEqual({
      name: 'Card ending 1111',
      accountNumber: '1111',
      bank: null,
      routingNumber: null,
    });
  });

  it('deposits from a linked bank', async () => {
    const alice = await fundedCustomer(app, 0);
    const { bank } = await alice.caller.banks.create({
      name: 'First Local',
      accountNumber: '000123456789',
      routingNumber: '021000021',
      accountType: 'checking',
    });
    const result = await alice.caller.transactions.deposit({
      amount: 40,
      method: 'bank',
      bankId: bank.id,
    });
    expect(result.transaction).toMatchObject({
      paymentMethod: 'bank_transfer',
      counterparty: { name: 'First Local', accountNumber: '6789', bank: 'First Local' },
    });
  });

  it('answers the validation messages', async () => {
    const alice = await fundedCustomer(app, 0);
    const cash = await rejectionOf(
      alice.caller.transactions.deposit({ amount: 10, method: 'cash' }),
    );
    expect(cash.details).toEqual([{ field: 'method', message: 'Cash deposits are not available' }]);
    const card = await rejectionOf(
      alice.caller.transactions.deposit({
        amount: -1,
        method: 'card',
        cardNumber: '123',
        expiryDate: '13/40',
        cvv: '1',
      }),
    );
    expect(card.details).toEqual([
      { field: 'amount', message: 'Amount must be positive' },
      { field: 'cvv', message: 'CVV must be 3 digits' },
      { field: 'cardNumber', message: 'Card number must be 16 digits' },
      { field: 'expiryDate', message: 'Expiry date must be in MM/YY format' },
    ]);
    const missing = await rejectionOf(
      // @ts-expect-error: amount left out
      alice.caller.transactions.deposit({ method: 'card', ...testCard }),
    );
    expect(missing.details).toEqual([{ field: 'amount', message: 'Amount is required' }]);
    const cents = await rejectionOf(
      alice.caller.transactions.deposit({ amount: 1.234, method: 'card', ...testCard }),
    );
    expect(cents.details).toEqual([
      { field: 'amount', message: 'Amount can have at most two decimal places' },
    ]);
    const expired = await rejectionOf(
      alice.caller.transactions.deposit({
        amount: 5,
        method: 'card',
        ...testCard,
        expiryDate: '01/20',
      }),
    );
    expect(expired.message).toBe('Card has expired');
  });
});

describe('transfers', () => {
  it('moves money between two customers at once, and both hear of it', async () => {
    const alice = await fundedCustomer(app, 500, 'Alice');
    const bob = await fundedCustomer(app, 0, 'Bob');
    const heard: Array<{ user: string; type: string; newBalance?: number; direction?: string }> =
      [];
    const controller = new AbortController();
    const listen = (user: string, id: string) =>
      (async () => {
        for await (const envelope of app.deps.hub.subscribe(id, controller.signal)) {
          if (envelope.event.type === 'transaction:new') {
            heard.push({
              user,
              type: envelope.event.type,
              newBalance: envelope.event.data.newBalance,
              direction: envelope.event.data.direction,
            });
          }
        }
      })();
    const listeners = [listen('alice', alice.id), listen('bob', bob.id)];
    const result = await alice.caller.transactions.transfer({
      recipientAccountNumber: bob.accountNumber,
      amount: 120.25,
      description: 'Rent share',
    });
    expect(result).toMatchObject({
      message: 'Transfer completed successfully',
      newBalance: 379.75,
      transaction: {
        status: 'completed',
        direction: 'debit',
        // As the payee check shows the holder, never the full name or internal id.
        recipientName: 'Bob C.',
        recipient: null,
        recipientAccountNumber: bob.accountNumber,
        description: 'Rent share',
      },
    });
    expect(JSON.stringify(result)).not.toContain(bob.id);
    expect(result.transaction.timeline.map((entry) => entry.description)).toContain(
      'Delivered to Bob C.',
    );
    expect(await balanceCents(app.db, bob.accountNumber)).toBe(12025n);
    const bobsView = await bob.caller.transactions.byId({ id: result.transaction.id });
    expect(bobsView).toMatchObject({
      direction: 'credit',
      amount: 120.25,
      sender: { firstName: 'Alice', lastName: 'Customer' },
    });
    // Both hear of it once the transfer has committed.
    await vi.waitFor(() =>
      expect(heard).toEqual(
        expect.arrayContaining([
          { user: 'alice', type: 'transaction:new', newBalance: 379.75, direction: 'debit' },
          { user: 'bob', type: 'transaction:new', newBalance: 120.25, direction: 'credit' },
        ]),
      ),
    );
    controller.abort();
    await Promise.all(listeners);
    await expectLedgerSound();
  });

  it('refuses more than the balance and writes nothing', async () => {
    const alice = await fundedCustomer(app, 50);
    const bob = await fundedCustomer(app, 0);
    const [before] = await app.db.select({ n: sql<number>`count(*)::int` }).from(transactions);
    const refused = await rejectionOf(
      alice.caller.transactions.transfer({
        recipientAccountNumber: bob.accountNumber,
        amount: 50.01,
      }),
    );
    expect(refused).toMatchObject({ code: 'BAD_REQUEST', message: 'Insufficient funds' });
    const [after] = await app.db.select({ n: sql<number>`count(*)::int` }).from(transactions);
    expect(after?.n).toBe(before?.n);
    expect(await balanceCents(app.db, alice.accountNumber)).toBe(5000n);
  });

  it('refuses a transfer to the sender’s own account and answers the field messages', async () => {
    const alice = await fundedCustomer(app, 50);
    expect(
      (
        await rejectionOf(
          alice.caller.transactions.transfer({
            recipientAccountNumber: alice.accountNumber,
            amount: 5,
          }),
        )
      ).message,
    ).toBe('You cannot transfer money to your own account');
    const invalid = await rejectionOf(
      alice.caller.transactions.transfer({ recipientAccountNumber: '', amount: 0 }),
    );
    expect(invalid.details).toEqual([
      { field: 'recipientAccountNumber', message: 'Account number is required' },
      { field: 'amount', message: 'Amount must be positive' },
    ]);
  });

  it('sends an external transfer through clearing: pending, then completed', async () => {
    const alice = await fundedCustomer(app, 300);
    const result = await alice.caller.transactions.transfer({
      recipientAccountNumber: '987654321',
      routingNumber: '021000021',
      recipientName: 'Landlord LLC',
      amount: 100,
    });
    expect(result.transaction).toMatchObject({
      status: 'pending',
      recipientName: 'Landlord LLC',
      counterparty: {
        name: 'Landlord LLC',
        accountNumber: '4321',
        bank: null,
        routingNumber: '021000021',
      },
    });
    expect(result.newBalance).toBe(200);
    await settlePendingTransactions(app.deps, 0);
    const settled = await alice.caller.transactions.byId({ id: result.transaction.id });
    expect(settled.status).toBe('completed');
    expect(settled.timeline.at(-1)?.description).toBe('Received by the external bank');
    await expectLedgerSound();
  });

  it('fails an external transfer the receiving bank rejects and returns the money', async () => {
    const alice = await fundedCustomer(app, 300);
    const result = await alice.caller.transactions.transfer({
      recipientAccountNumber: '5550000',
      routingNumber: '021000021',
      amount: 75,
    });
    expect(await balanceCents(app.db, alice.accountNumber)).toBe(22500n);
    await settlePendingTransactions(app.deps, 0);
    const failed = await alice.caller.transactions.byId({ id: result.transaction.id });
    expect(failed.status).toBe('failed');
    expect(failed.timeline.map((t) => t.description)).toContain('Funds returned to your account');
    expect(await balanceCents(app.db, alice.accountNumber)).toBe(30000n);
    await expectLedgerSound();
  });

  it('enforces the bank’s daily transfer limit on the server', async () => {
    const alice = await fundedCustomer(app, 1000);
    const bob = await fundedCustomer(app, 0);
    await app.db.update(bankSettings).set({ transferLimitCents: 30000n });
    app.deps.settings.forget();
    try {
      await pay(alice, bob, 200);
      const over = await rejectionOf(
        alice.caller.transactions.transfer({
          recipientAccountNumber: bob.accountNumber,
          amount: 100.01,
        }),
      );
      expect(over.message).toBe('Daily transfer limit exceeded: the limit is $300.00 a day');
      await pay(alice, bob, 100);
    } finally {
      await app.db.update(bankSettings).set({ transferLimitCents: 5_000_000n });
      app.deps.settings.forget();
    }
  });
});

describe('transfers that arrive together (one batch)', () => {
  it('judges them in arrival order against what the earlier ones left', async () => {
    const alice = await fundedCustomer(app, 100);
    const bob = await fundedCustomer(app, 0);
    const results = await Promise.allSettled(
      [40, 40, 40].map((amount) =>
        alice.caller.transactions.transfer({ recipientAccountNumber: bob.accountNumber, amount }),
      ),
    );
    const answers = results.map((r) =>
      r.status === 'fulfilled' ? r.value.newBalance : r.reason.message,
    );
    expect(answers).toEqual([60, 20, 'Insufficient funds']);
    expect(await balanceCents(app.db, alice.accountNumber)).toBe(2000n);
    expect(await balanceCents(app.db, bob.accountNumber)).toBe(8000n);
    // Each transfer is its own transaction, in order.
    const history = await bob.caller.transactions.list({ page: 1, limit: 10 });
    expect(history.data.map((t) => t.amount)).toEqual([40, 40]);
    await expectLedgerSound();
  });

  it('counts the earlier ones of the batch towards the daily limit', async () => {
    const alice = await fundedCustomer(app, 1000);
    const bob = await fundedCustomer(app, 0);
    await app.db.update(bankSettings).set({ transferLimitCents: 5000n });
    app.deps.settings.forget();
    try {
      const results = await Promise.allSettled(
        [20, 20, 20].map((amount) =>
          alice.caller.transactions.transfer({ recipientAccountNumber: bob.accountNumber, amount }),
        ),
      );
      expect(results.map((r) => (r.status === 'fulfilled' ? 'ok' : r.reason.message))).toEqual([
        'ok',
        'ok',
        'Daily transfer limit exceeded: the limit is $50.00 a day',
      ]);
    } finally {
      await app.db.update(bankSettings).set({ transferLimitCents: 5_000_000n });
      app.deps.settings.forget();
    }
    await expectLedgerSound();
  });

  it('lets one sender’s refusal leave the others of the batch untouched', async () => {
    // One after another: the harness reads each verification e-mail from the shared outbox.
    const alice = await fundedCustomer(app, 50);
    const carol = await fundedCustomer(app, 10);
    const bob = await fundedCustomer(app, 0);
    const results = await Promise.allSettled([
      alice.caller.transactions.transfer({ recipientAccountNumber: bob.accountNumber, amount: 30 }),
      carol.caller.transactions.transfer({ recipientAccountNumber: bob.accountNumber, amount: 30 }),
      alice.caller.transactions.transfer({
        recipientAccountNumber: carol.accountNumber,
        amount: 5,
      }),
    ]);
    expect(
      results.map((r) => (r.status === 'fulfilled' ? r.value.newBalance : r.reason.message)),
    ).toEqual([20, 'Insufficient funds', 15]);
    expect(await balanceCents(app.db, bob.accountNumber)).toBe(3000n);
    expect(await balanceCents(app.db, carol.accountNumber)).toBe(1500n);
    await expectLedgerSound();
  });

  it('stops counting a failed external transfer towards the day’s limit', async () => {
    const alice = await fundedCustomer(app, 1000);
    await app.db.update(bankSettings).set({ transferLimitCents: 10000n });
    app.deps.settings.forget();
    try {
      await alice.caller.transactions.transfer({ ...external('7770000'), amount: 80 });
      const over = await rejectionOf(
        alice.caller.transactions.transfer({ ...external('7771234'), amount: 30 }),
      );
      expect(over.message).toBe('Daily transfer limit exceeded: the limit is $100.00 a day');
      await settlePendingTransactions(app.deps, 0); // the receiving bank rejects ...0000
      await alice.caller.transactions.transfer({ ...external('7771234'), amount: 30 });
      const balance = await alice.caller.transactions.balance();
      expect(balance.transferredToday).toBe(30);
    } finally {
      await app.db.update(bankSettings).set({ transferLimitCents: 5_000_000n });
      app.deps.settings.forget();
    }
    await expectLedgerSound();
  });
});

describe('the checked write', () => {
  it('writes nothing when an account changed since it was read', async () => {
    const alice = await fundedCustomer(app, 100);
    const bob = await fundedCustomer(app, 0);
    const read = async () =>
      readLedger(app.db, {
        users: [alice.id, bob.id],
        accountNumbers: [],
        transactions: [],
        sessions: [],
        keys: [],
      });
    const judge = (ledger: Awaited<ReturnType<typeof read>>) => {
      const book = new Book(ledger, new Date(), {
        transferLimitCents: 5_000_000n,
        withdrawalLimitCents: 2_500_000n,
        newPayeeLimitCents: 100_000n,
      });
      const from = book.primaryAccountOf(alice.id);
      const to = book.primaryAccountOf(bob.id);
      if (!from || !to) throw new Error('accounts missing');
      book.apply([
        {
          open: {
            type: 'transfer',
            status: 'completed',
            amountCents: 1000n,
            description: 'Checked',
            category: 'transfer',
            paymentMethod: 'internal_transfer',
            from,
            to,
            senderUserId: alice.id,
            recipientUserId: bob.id,
            timeline: [],
          },
        },
      ]);
      return book.changes();
    };
    const stale = judge(await read());
    // Read, then someone else moves Alice's money: the write must see it and refuse.
    await pay(alice, bob, 1);
    const [txBefore] = await app.db.select({ n: sql<number>`count(*)::int` }).from(transactions);
    expect(await writeLedger(app.db, stale)).toBe('changed');
    const [txAfter] = await app.db.select({ n: sql<number>`count(*)::int` }).from(transactions);
    expect(txAfter?.n).toBe(txBefore?.n);
    expect(await balanceCents(app.db, alice.accountNumber)).toBe(9900n);

    // Read again: now it writes.
    expect(await writeLedger(app.db, judge(await read()))).toBe('written');
    expect(await balanceCents(app.db, alice.accountNumber)).toBe(8900n);
    expect(await balanceCents(app.db, bob.accountNumber)).toBe(1100n);
    await expectLedgerSound();
  });
});

describe('withdrawals', () => {
  it('holds a withdrawal pending, then pays it out', async () => {
    const alice = await fundedCustomer(app, 200);
    const result = await alice.caller.transactions.withdraw({
      amount: 60,
      method: 'bank',
      bankName: 'Other Bank',
      accountNumber: '12345678',
      routingNumber: '021000021',
      accountName: 'Alice C',
    });
    expect(result).toMatchObject({
      message: 'Withdrawal request submitted successfully',
      newBalance: 140,
      transaction: { type: 'withdraw', status: 'pending', direction: 'debit' },
    });
    await settlePendingTransactions(app.deps, 0);
    expect((await alice.caller.transactions.byId({ id: result.transaction.id })).status).toBe(
      'completed',
    );
    const cash = await alice.caller.transactions.withdraw({ amount: 20, method: 'cash_pickup' });
    expect(cash.transaction.notes).toMatch(/^Pickup code \d{8}$/);
    await expectLedgerSound();
  });

  it('settles a backlog in one run of the task, batch after batch', async () => {
    const alice = await fundedCustomer(app, 100);
    for (let i = 0; i < 5; i += 1)
      await alice.caller.transactions.withdraw({ amount: 1, method: 'cash_pickup' });
    await settleDueTransactions(app.deps, 0, { batch: 2 });
    const pending = await alice.caller.transactions.list({ page: 1, limit: 10, status: 'pending' });
    expect(pending.total).toBe(0);
  });

  it('hands the desk a backlog a slice at a time, so customers are not queued behind it', async () => {
    const alice = await fundedCustomer(app, 100);
    for (let i = 0; i < 40; i += 1)
      await alice.caller.transactions.withdraw({ amount: 1, method: 'cash_pickup' });
    /** The desk, counting the settlements it holds at once. */
    class CountingDesk extends LedgerDesk {
      held = 0;
      mostHeld = 0;
      override async submit<R>(posting: Posting<R>, session?: string): Promise<Posted<R>> {
        this.held += 1;
        this.mostHeld = Math.max(this.mostHeld, this.held);
        try {
          return await super.submit(posting, session);
        } finally {
          this.held -= 1;
        }
      }
    }
    const desk = new CountingDesk(app.db, app.deps.settings);
    expect(await settlePendingTransactions({ db: app.db, ledger: desk }, 0)).toBeGreaterThanOrEqual(
      40,
    );
    expect(desk.mostHeld).toBe(16);
    const pending = await alice.caller.transactions.list({ page: 1, limit: 10, status: 'pending' });
    expect(pending.total).toBe(0);
    await expectLedgerSound();
  });

  it('enforces the user’s daily withdrawal limit, defaulting to the bank’s', async () => {
    const alice = await fundedCustomer(app, 500);
    await app.db.update(users).set({ withdrawalLimitCents: 10000n }).where(eq(users.id, alice.id));
    const caller = await app.caller(alice.token);
    await caller.transactions.withdraw({ amount: 80, method: 'cash_pickup' });
    expect(
      (await rejectionOf(caller.transactions.withdraw({ amount: 20.01, method: 'cash_pickup' })))
        .message,
    ).toBe('Daily withdrawal limit exceeded: the limit is $100.00 a day');
    const balance = await caller.transactions.balance();
    expect(balance).toMatchObject({ withdrawalLimit: 100, withdrawnToday: 80 });
  });

  it('pays out to a debit card only', async () => {
    const alice = await fundedCustomer(app, 100);
    const credit = await saveCard(alice, {
      type: 'credit',
      number: '4000000000000002',
      cvv: '111',
    });
    expect(
      (
        await rejectionOf(
          alice.caller.transactions.withdraw({ amount: 5, method: 'card', cardId: credit.id }),
        )
      ).message,
    ).toBe('Withdrawals to a card need a debit card');
    const debit = await saveCard(alice, { type: 'debit', number: '4000000000000010', cvv: '111' });
    await expect(
      alice.caller.transactions.withdraw({ amount: 5, method: 'card', cardId: debit.id }),
    ).resolves.toMatchObject({ newBalance: 95 });
  });
});

describe('idempotency', () => {
  it('moves money once per key and answers the first result again', async () => {
    const alice = await fundedCustomer(app, 100);
    const bob = await fundedCustomer(app, 0);
    const request = {
      recipientAccountNumber: bob.accountNumber,
      amount: 10,
      idempotencyKey: `key-${crypto.randomUUID()}`,
    };
    const first = await alice.caller.transactions.transfer(request);
    const again = await alice.caller.transactions.transfer(request);
    expect(again).toEqual(first);
    expect(await balanceCents(app.db, bob.accountNumber)).toBe(1000n);
    const different = await rejectionOf(
      alice.caller.transactions.transfer({ ...request, amount: 11 }),
    );
    expect(different.code).toBe('UNPROCESSABLE_CONTENT');
  });

  it('keeps a refusal as the answer for its key', async () => {
    const alice = await fundedCustomer(app, 5);
    const bob = await fundedCustomer(app, 0);
    const request = {
      recipientAccountNumber: bob.accountNumber,
      amount: 10,
      idempotencyKey: `key-${crypto.randomUUID()}`,
    };
    expect((await rejectionOf(alice.caller.transactions.transfer(request))).message).toBe(
      'Insufficient funds',
    );
    await alice.caller.transactions.deposit({ amount: 100, method: 'card', ...testCard });
    expect((await rejectionOf(alice.caller.transactions.transfer(request))).message).toBe(
      'Insufficient funds',
    );
    expect(await balanceCents(app.db, bob.accountNumber)).toBe(0n);
  });
});

describe('reading', () => {
  it('filters and paginates the customer’s own transactions', async () => {
    const alice = await fundedCustomer(app, 100);
    const bob = await fundedCustomer(app, 0);
    for (const amount of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]) {
      await alice.caller.transactions.transfer({
        recipientAccountNumber: bob.accountNumber,
        amount,
      });
    }
    const page1 = await alice.caller.transactions.list({ page: 1, limit: 10 });
    expect(page1).toMatchObject({ page: 1, count: 10, total: 12, pages: 2 });
    expect(page1.data[0]?.amount).toBe(11);
    const page2 = await alice.caller.transactions.list({ page: 2, limit: 10 });
    expect(page2.data.map((t) => t.type)).toEqual(['transfer', 'deposit']);
    expect((await alice.caller.transactions.list({ type: 'deposit' })).total).toBe(1);
    expect(
      (await alice.caller.transactions.list({ minAmount: 5, maxAmount: 7 })).data.map(
        (t) => t.amount,
      ),
    ).toEqual([7, 6, 5]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await alice.caller.transactions.list({ startDate: today, endDate: today })).total).toBe(
      12,
    );
    expect((await alice.caller.transactions.list({ endDate: '2000-01-01' })).total).toBe(0);
    expect((await bob.caller.transactions.list({ status: 'completed' })).total).toBe(11);
  });

  it('shows another customer’s transaction as not found, and the admin list to admins only', async () => {
    const alice = await fundedCustomer(app, 10);
    const eve = await fundedCustomer(app, 0);
    const [mine] = (await alice.caller.transactions.list({})).data;
    const peek = await rejectionOf(eve.caller.transactions.byId({ id: mine?.id ?? '' }));
    expect(peek).toMatchObject({ code: 'NOT_FOUND', message: 'Transaction not found' });
    expect((await rejectionOf(eve.caller.transactions.all({}))).code).toBe('FORBIDDEN');
    await app.db.update(users).set({ role: 'admin' }).where(eq(users.id, eve.id));
    const all = await (await app.caller(eve.token)).transactions.all({ type: 'deposit' });
    expect(all.total).toBeGreaterThan(0);
    expect(all.data.every((t) => t.type === 'deposit')).toBe(true);
  });

  it('sums income and expenses, by month too', async () => {
    const alice = await fundedCustomer(app, 250);
    const bob = await fundedCustomer(app, 0);
    await pay(alice, bob, 50);
    const stats = await alice.caller.transactions.stats();
    expect(stats).toMatchObject({ balance: 200, totalIncome: 250, totalExpense: 50 });
    expect(stats.monthlyStats).toHaveLength(12);
    expect(stats.monthlyStats.at(-1)).toEqual({
      month: new Date().toISOString().slice(0, 7),
      income: 250,
      expenses: 50,
    });
  });

  it('exports the filtered list as CSV', async () => {
    const alice = await fundedCustomer(app, 42.5);
    const { fileName, ownerId } = await alice.caller.transactions.csvExport({});
    expect(fileName).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(ownerId).toBe(alice.id);
    const csv = await text(transactionsCsv(app.db, alice.id, {}));
    const [header, row] = csv.split('\n');
    expect(header).toBe(
      'Date,Reference,Type,Description,Counterparty,Category,Status,Direction,Amount,Currency',
    );
    expect(row).toContain(
      ',deposit,Deposit funds,Card ending 1111,Income,completed,credit,42.50,USD',
    );
  });
});

describe('cards and banks', () => {
  it('keeps card numbers sealed and CVVs hashed, and shows only the last four digits', async () => {
    const alice = await fundedCustomer(app, 0);
    const { card } = await alice.caller.cards.create({
      type: 'credit',
      name: 'Alice Q',
      number: '4242 4242 4242 4242',
      expiry: '08/35',
      cvv: '987',
    });
    expect(card).toMatchObject({
      number: '**** **** **** 4242',
      last4: '4242',
      expiry: '08/35',
      expiryMonth: 8,
      expiryYear: 2035,
    });
    const listed = await alice.caller.cards.list({ page: 1, limit: 10 });
    // The CVV as a value of its own: the random ids may hold its digits.
    expect(JSON.stringify(listed)).not.toMatch(/4242424242424242|"987"|cvv/i);
    const [stored] = await app.db
      .select({ number: cards.numberSealed, cvv: cards.cvvHash })
      .from(cards)
      .where(eq(cards.id, card.id));
    expect(JSON.stringify(stored)).not.toMatch(/4242424242424242|"987"/);
    const updated = await alice.caller.cards.update({
      id: card.id,
      expiryMonth: 11,
      expiryYear: 2036,
    });
    expect(updated).toMatchObject({
      message: 'Card updated successfully',
      card: { expiry: '11/36' },
    });
    const invalid = await rejectionOf(
      alice.caller.cards.create({
        type: 'debit',
        name: '',
        number: '42',
        expiry: '1/2',
        cvv: '12',
      }),
    );
    expect(invalid.details).toEqual([
      { field: 'name', message: 'Name on card is required' },
      { field: 'number', message: 'Card number must be 16 digits' },
      { field: 'expiry', message: 'Expiry must be MM/YY' },
      { field: 'cvv', message: 'CVV must be 3 digits' },
    ]);
    await expect(alice.caller.cards.remove({ id: card.id })).resolves.toMatchObject({
      message: 'Card removed successfully',
    });
  });

  it('lets a customer change only their own cards and banks', async () => {
    const alice = await fundedCustomer(app, 0);
    const eve = await fundedCustomer(app, 0);
    const card = await saveCard(alice, { type: 'debit', number: '4000000000000077', cvv: '222' });
    const { bank } = await alice.caller.banks.create({
      name: 'Alice Bank',
      accountNumber: '11112222',
      routingNumber: '011000015',
      accountType: 'savings',
    });
    expect((await rejectionOf(eve.caller.cards.update({ id: card.id, name: 'Eve' }))).code).toBe(
      'NOT_FOUND',
    );
    expect((await rejectionOf(eve.caller.cards.remove({ id: card.id }))).code).toBe('NOT_FOUND');
    expect(
      (
        await rejectionOf(
          eve.caller.banks.update({
            id: bank.id,
            name: 'X',
            accountNumber: '1234',
            routingNumber: '011000015',
            accountType: 'checking',
          }),
        )
      ).code,
    ).toBe('NOT_FOUND');
    expect((await rejectionOf(eve.caller.banks.remove({ id: bank.id }))).code).toBe('NOT_FOUND');
    expect(
      (
        await rejectionOf(
          eve.caller.transactions.deposit({
            amount: 5,
            method: 'card',
            cardId: card.id,
            cvv: '222',
          }),
        )
      ).message,
    ).toBe('Card not found');
    expect((await eve.caller.banks.list()).data).toEqual([]);
    expect((await eve.caller.cards.list({ page: 1, limit: 10 })).cards).toEqual([]);
  });

  it('links, updates and removes a bank; every field of the update is required', async () => {
    const alice = await fundedCustomer(app, 0);
    const { bank } = await alice.caller.banks.create({
      name: 'Credit Union',
      accountNumber: '99887766',
      routingNumber: '011000015',
      accountType: 'checking',
    });
    expect(bank).toMatchObject({
      name: 'Credit Union',
      accountNumber: '99887766',
      maskedAccountNumber: '****7766',
      routingNumber: '011000015',
      accountType: 'checking',
    });
    const missing = await rejectionOf(
      alice.caller.banks.update({
        id: bank.id,
        name: '',
        accountNumber: '',
        routingNumber: '',
        accountType: 'checking',
      }),
    );
    expect(missing.details?.map((d) => d.message)).toEqual([
      'Bank name is required',
      'Account number is required',
      'Routing number is required',
    ]);
    const updated = await alice.caller.banks.update({
      id: bank.id,
      name: 'CU Savings',
      accountNumber: '55554444',
      routingNumber: '011000015',
      accountType: 'savings',
    });
    expect(updated.bank).toMatchObject({
      name: 'CU Savings',
      maskedAccountNumber: '****4444',
      accountType: 'savings',
    });
    await expect(alice.caller.banks.remove({ id: bank.id })).resolves.toMatchObject({
      id: bank.id,
    });
    expect((await alice.caller.banks.list()).data).toEqual([]);
  });
});
