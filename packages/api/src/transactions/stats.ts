import type { Executor } from '@bank/db';
import { transactions } from '@bank/db/schema';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import { primaryAccountOf } from '../accounts/service.ts';
import { toDollars } from '../money/cents.ts';
import { spendingByCategory } from './spending.ts';

/**
 * The bank's time zone, in which months begin (docs/product.md 2.9); a bank setting may name
 * another one day.
 */
export const BANK_TIME_ZONE = 'America/New_York';
// A constant written into the statement: GROUP BY matches its expression only without parameters.
const bankZone = sql.raw(`'${BANK_TIME_ZONE}'`);

/**
 * What counts as income and as an expense (docs/product.md 2.9): money in that completed, money
 * out that did not fail; but loan proceeds are not income, the principal of a repayment is not
 * an expense (its interest is), and money between the customer's own accounts is neither.
 */
function incomeAndExpense(accountId: string) {
  // Null-safe: a withdrawal or repayment has no recipient, and is no move between own accounts.
  const own = sql`coalesce(${transactions.senderUserId} = ${transactions.recipientUserId}, false)`;
  const interestPart = sql`(select coalesce(sum(e.amount_cents), 0) from ledger_entries e
    join accounts a on a.id = e.account_id
    where e.transaction_id = ${transactions.id} and a.system_code = 'interest')`;
  return {
    income: sql`case when ${transactions.toAccountId} = ${accountId}
      and ${transactions.status} = 'completed' and ${transactions.type} <> 'loan_disbursement'
      and not ${own} then ${transactions.amountCents} else 0 end`,
    expense: sql`case when ${transactions.fromAccountId} = ${accountId}
      and ${transactions.status} in ('pending', 'completed') and not ${own}
      then (case when ${transactions.type} = 'loan_repayment' then ${interestPart}
        else ${transactions.amountCents} end) else 0 end`,
  };
}

const dollarsOf = (cents: string | null | undefined) => toDollars(BigInt(cents ?? '0'));

/**
 * Income and expenses: all time, this month and last month (the bank's months), and the last
 * 12 months. `now` decides which month is this one.
 */
export async function statsOf(db: Executor, userId: string, now = new Date()) {
  const account = await primaryAccountOf(db, userId);
  const { income, expense } = incomeAndExpense(account.id);
  const mine = or(
    eq(transactions.fromAccountId, account.id),
    eq(transactions.toAccountId, account.id),
  );
  const local = sql`(${now.toISOString()}::timestamptz at time zone ${bankZone})`;
  const monthStart = (monthsBack: number) =>
    sql`((date_trunc('month', ${local}) - ${`${monthsBack} months`}::interval) at time zone ${bankZone})`;
  const between = (from: SQL, to: SQL) =>
    sql`${transactions.createdAt} >= ${from} and ${transactions.createdAt} < ${to}`;
  const sum = (amount: SQL, where?: SQL) =>
    where
      ? sql<string>`coalesce(sum(${amount}) filter (where ${where}), 0)::text`
      : sql<string>`coalesce(sum(${amount}), 0)::text`;
  const thisMonth = between(monthStart(0), monthStart(-1));
  const lastMonth = between(monthStart(1), monthStart(0));
  const [totals] = await db
    .select({
      income: sum(income),
      expense: sum(expense),
      thisIncome: sum(income, thisMonth),
      thisExpense: sum(expense, thisMonth),
      lastIncome: sum(income, lastMonth),
      lastExpense: sum(expense, lastMonth),
      thisMonth: sql<string>`to_char(${local}, 'YYYY-MM')`,
      lastMonth: sql<string>`to_char(${local} - interval '1 month', 'YYYY-MM')`,
    })
    .from(transactions)
    .where(mine);
  const month = sql<string>`to_char(${transactions.createdAt} at time zone ${bankZone}, 'YYYY-MM')`;
  const monthly = await db
    .select({ month, income: sum(income), expenses: sum(expense) })
    .from(transactions)
    .where(and(mine, sql`${transactions.createdAt} >= ${monthStart(11)}`))
    .groupBy(month)
    .orderBy(month);
  const byMonth = new Map(monthly.map((row) => [row.month, row]));
  const [year = 0, current = 1] = (totals?.thisMonth ?? '').split('-').map(Number);
  const monthlyStats = Array.from({ length: 12 }, (_, i) => {
    const date = new Date(Date.UTC(year, current - 12 + i, 1));
    const key = `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
    const row = byMonth.get(key);
    return { month: key, income: dollarsOf(row?.income), expenses: dollarsOf(row?.expenses) };
  });
  const spending = await spendingByCategory(db, userId, {
    expense,
    thisMonth,
    lastMonth,
    from: monthStart(1),
    to: monthStart(-1),
    accountId: account.id,
  });
  return {
    balance: toDollars(account.balanceCents),
    totalIncome: dollarsOf(totals?.income),
    totalExpense: dollarsOf(totals?.expense),
    thisMonth: {
      month: totals?.thisMonth ?? '',
      income: dollarsOf(totals?.thisIncome),
      expenses: dollarsOf(totals?.thisExpense),
    },
    lastMonth: {
      month: totals?.lastMonth ?? '',
      income: dollarsOf(totals?.lastIncome),
      expenses: dollarsOf(totals?.lastExpense),
    },
    monthlyStats,
    spendingByCategory: spending,
  };
}
