import { accounts, ledgerEntries } from '@bank/db/schema';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { toDollars } from '../money/cents.ts';
import { createFileTestApp } from '../testing/harness.ts';
import { personalLoan } from '../testing/loans.ts';
import { aliceAndBob, pay } from '../testing/money.ts';
import { staffMember } from '../testing/staff.ts';
import { statsOf } from './stats.ts';

const app = await createFileTestApp();

describe('dashboard figures', () => {
  it('count this month’s income and expenses without loan proceeds or repaid principal', async () => {
    const { alice, bob } = await aliceAndBob(app, { alice: 100, bob: 50 });
    await pay(bob, alice, 42.1, 'Pizza night');
    await pay(alice, bob, 30, 'Cinema');
    await alice.caller.transactions.withdraw({ amount: 5, method: 'cash_pickup' });
    const officer = await staffMember(app, 'admin', 'Officer');
    const { loan } = await alice.caller.loans.create({
      ...personalLoan,
      amount: 8_000,
      purpose: 'Car repair',
    });
    await officer.caller.loans.decide({ id: loan.id, status: 'approved' });
    const paid = await alice.caller.loans.repay({ id: loan.id, mode: 'instalment' });
    const [interest] = await app.db
      .select({ cents: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId))
      .where(
        and(
          eq(ledgerEntries.transactionId, paid.transaction.id),
          eq(accounts.systemCode, 'interest'),
        ),
      );
    const interestDollars = toDollars(interest?.cents ?? 0n);
    expect(interestDollars).toBeGreaterThan(0);

    const stats = await alice.caller.transactions.stats();
    // Income: the $100 deposit and Bob's $42.10; the $8,000 loan is not income.
    expect(stats.thisMonth.income).toBe(142.1);
    // Expenses: the $30 transfer, the $5 withdrawal and the repayment's interest, not its principal.
    expect(stats.thisMonth.expenses).toBe(Math.round((35 + interestDollars) * 100) / 100);
    expect(stats.totalIncome).toBe(142.1);
    expect(stats.lastMonth).toMatchObject({ income: 0, expenses: 0 });
    expect(stats.monthlyStats.at(-1)).toEqual({
      month: stats.thisMonth.month,
      income: 142.1,
      expenses: stats.thisMonth.expenses,
    });

    // A month on, this month's figures are last month's.
    const later = new Date();
    later.setUTCMonth(later.getUTCMonth() + 1, 15);
    const nextMonth = await statsOf(app.db, alice.id, later);
    expect(nextMonth.lastMonth).toEqual({ ...stats.thisMonth });
    expect(nextMonth.thisMonth).toMatchObject({ income: 0, expenses: 0 });
  });
});
