import { transactionTypes } from '@bank/db/enums';
import { transactionCategories } from '@bank/db/schema';
import { spendingCategories } from '@bank/validators/categories';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../db-rows.ts';
import { defaultCategory, defaultCategorySql } from '../ledger/spending-category.ts';
import { createFileTestApp, rejectionOf } from '../testing/harness.ts';
import { aliceAndBob, fundedCustomer, pay } from '../testing/money.ts';
import { statsOf } from './stats.ts';

const app = await createFileTestApp();

describe('spending categories', () => {
  it('reads a default from the kind of movement, as each side sees it', async () => {
    const { alice, bob } = await aliceAndBob(app, { alice: 200, bob: 0 });
    const sent = await pay(alice, bob, 42.1, 'Pizza night');
    await alice.caller.transactions.withdraw({ amount: 20, method: 'cash_pickup' });
    await alice.caller.transactions.withdraw({
      amount: 10,
      method: 'bank',
      bankName: 'Citi',
      accountNumber: '000123456789',
      routingNumber: '021000021',
      accountName: 'Alice Carter',
    });
    expect(sent.transaction.category).toBe('transfers');
    const mine = (await alice.caller.transactions.list({})).data;
    expect(mine.map((t) => [t.type, t.paymentMethod, t.category])).toEqual([
      ['withdraw', 'bank_transfer', 'transfers'],
      ['withdraw', 'cash_pickup', 'cash'],
      ['transfer', 'internal_transfer', 'transfers'],
      ['deposit', 'card', 'income'],
    ]);
    const [received] = (await bob.caller.transactions.list({})).data;
    expect(received?.category).toBe('income');
  });

  it('files a movement for the customer alone: the other side keeps their own', async () => {
    const { alice, bob } = await aliceAndBob(app, { alice: 900, bob: 0 });
    const { transaction } = await pay(alice, bob, 850, 'November rent');
    const filed = await alice.caller.transactions.setCategory({
      id: transaction.id,
      category: 'rent_housing',
    });
    expect(filed).toMatchObject({ id: transaction.id, category: 'rent_housing' });
    expect((await alice.caller.transactions.byId({ id: transaction.id })).category).toBe(
      'rent_housing',
    );
    const [first] = (await alice.caller.transactions.list({ limit: 1 })).data;
    expect(first).toMatchObject({ id: transaction.id, category: 'rent_housing' });
    // Bob, the other side, still reads his default, and his own filing leaves Alice's be.
    expect((await bob.caller.transactions.byId({ id: transaction.id })).category).toBe('income');
    await bob.caller.transactions.setCategory({ id: transaction.id, category: 'other' });
    expect((await alice.caller.transactions.byId({ id: transaction.id })).category).toBe(
      'rent_housing',
    );
    expect((await bob.caller.transactions.byId({ id: transaction.id })).category).toBe('other');
    // Filing again replaces it (one row per customer and movement).
    await alice.caller.transactions.setCategory({
      id: transaction.id,
      category: 'bills_utilities',
    });
    const rows = await app.db
      .select()
      .from(transactionCategories)
      .where(eq(transactionCategories.transactionId, transaction.id));
    expect(rows.map((row) => [row.userId, row.category]).sort()).toEqual(
      [
        [alice.id, 'bills_utilities'],
        [bob.id, 'other'],
      ].sort(),
    );
  });

  it('refuses a category outside the catalogue and another customer’s movement', async () => {
    const alice = await fundedCustomer(app, 50, 'Alice', 'Carter');
    const mallory = await fundedCustomer(app, 0, 'Mallory', 'Quinn');
    const [deposit] = (await alice.caller.transactions.list({})).data;
    if (!deposit) throw new Error('deposit missing');
    const bad = await rejectionOf(
      alice.caller.transactions.setCategory({
        id: deposit.id,
        // @ts-expect-error: a category the catalogue does not have, as a caller might send
        category: 'crypto',
      }),
    );
    expect(bad).toMatchObject({
      code: 'BAD_REQUEST',
      details: [{ field: 'category', message: 'Choose a category from the list' }],
    });
    const foreign = await rejectionOf(
      mallory.caller.transactions.setCategory({ id: deposit.id, category: 'travel' }),
    );
    expect(foreign).toMatchObject({ code: 'NOT_FOUND', message: 'Transaction not found' });
    const [stored] = await queryRows(
      app.db,
      sql`select count(*)::int as n from transaction_categories where transaction_id = ${deposit.id}`,
      z.object({ n: z.number() }),
    );
    expect(stored?.n).toBe(0);
  });

  it('sums this month’s and last month’s spending by the category each movement reads', async () => {
    const { alice, bob } = await aliceAndBob(app, { alice: 1_000, bob: 0 });
    const send = (amount: number, description: string) =>
      alice.caller.transactions.transfer({
        recipientAccountNumber: bob.accountNumber,
        amount,
        description,
      });
    const rent = await send(600, 'Rent');
    const shop = await send(45.5, 'Groceries');
    await send(30, 'Gift');
    await alice.caller.transactions.withdraw({ amount: 40, method: 'cash_pickup' });
    await alice.caller.transactions.setCategory({
      id: rent.transaction.id,
      category: 'rent_housing',
    });
    await alice.caller.transactions.setCategory({ id: shop.transaction.id, category: 'groceries' });
    // Money received is no spending, whatever it is filed under.
    const back = await pay(bob, alice, 12, 'Half the pizza');
    await alice.caller.transactions.setCategory({ id: back.transaction.id, category: 'dining' });

    const stats = await alice.caller.transactions.stats();
    expect(stats.spendingByCategory).toEqual([
      { category: 'rent_housing', amount: 600, lastMonth: 0 },
      { category: 'groceries', amount: 45.5, lastMonth: 0 },
      { category: 'cash', amount: 40, lastMonth: 0 },
      { category: 'transfers', amount: 30, lastMonth: 0 },
    ]);
    // The categories add up to the month's expenses.
    expect(stats.thisMonth.expenses).toBe(715.5);

    // A month on, the same sums are last month's; refiling now moves them there too.
    await alice.caller.transactions.setCategory({ id: shop.transaction.id, category: 'dining' });
    const later = new Date();
    later.setUTCMonth(later.getUTCMonth() + 1, 15);
    const nextMonth = await statsOf(app.db, alice.id, later);
    expect(nextMonth.spendingByCategory).toEqual([
      { category: 'rent_housing', amount: 0, lastMonth: 600 },
      { category: 'dining', amount: 0, lastMonth: 45.5 },
      { category: 'cash', amount: 0, lastMonth: 40 },
      { category: 'transfers', amount: 0, lastMonth: 30 },
    ]);
    // Two months on, nothing is this month's or last month's.
    later.setUTCMonth(later.getUTCMonth() + 1, 15);
    expect((await statsOf(app.db, alice.id, later)).spendingByCategory).toEqual([]);
  });

  it('a stored key the catalogue no longer has reads as the default', async () => {
    const alice = await fundedCustomer(app, 25, 'Alice', 'Carter');
    const [deposit] = (await alice.caller.transactions.list({})).data;
    if (!deposit) throw new Error('deposit missing');
    await app.db
      .insert(transactionCategories)
      .values({ userId: alice.id, transactionId: deposit.id, category: 'retired_key' });
    expect((await alice.caller.transactions.byId({ id: deposit.id })).category).toBe('income');
  });

  it('the SQL default agrees with the DTO’s for every kind, side and method', async () => {
    const methods = ['card', 'cash_pickup', 'bank_transfer', 'internal_transfer', 'loan'];
    const cases = transactionTypes.flatMap((type) =>
      methods.flatMap((paymentMethod) =>
        [true, false].map((incoming) => ({ type, paymentMethod, incoming })),
      ),
    );
    const rows = await queryRows(
      app.db,
      sql`select x.n, ${defaultCategorySql(sql`x.incoming`)} as category
        from jsonb_to_recordset(${JSON.stringify(cases.map((c, n) => ({ n, type: c.type, payment_method: c.paymentMethod, incoming: c.incoming })))}::jsonb)
          as x(n int, type text, payment_method text, incoming boolean)
        cross join lateral (select x.type::transaction_type as type, x.payment_method) as transactions`,
      z.object({ n: z.number(), category: z.enum(spendingCategories) }),
    );
    const byN = new Map(rows.map((row) => [row.n, row.category]));
    for (const [n, c] of cases.entries()) {
      expect([c, byN.get(n)]).toEqual([c, defaultCategory(c, c.incoming)]);
    }
  });
});
