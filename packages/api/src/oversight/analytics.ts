import type { Executor } from '@bank/db';
import { loanStatuses, ticketStatuses, transactionTypes } from '@bank/db/enums';
import { loans, supportTickets, transactions, users } from '@bank/db/schema';
import type { AnalyticsPeriod } from '@bank/validators/oversight';
import { stringify } from 'csv-stringify/sync';
import { type AnyColumn, and, count, gte, inArray, lt, type SQL, sql, sum } from 'drizzle-orm';
import { toDollars } from '../money/cents.ts';

/** Money that moved or is on its way; failed and cancelled movements moved nothing. */
const countedStatuses = ['pending', 'completed'] as const;

/** A sum of cents as the database answers it (text; none when the group is empty), in dollars. */
const dollarsOf = (cents: string | undefined) => toDollars(BigInt(cents ?? '0'));

/** The period's days (UTC), oldest first, ending today: 'YYYY-MM-DD'. */
export function periodDays(days: number, now = new Date()): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, index) =>
    new Date(today - (days - 1 - index) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** The UTC day of a timestamp column, as 'YYYY-MM-DD'. */
function utcDay(column: AnyColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
}

/** Rows keyed by day, spread over every day of the period (a day without rows counts zero). */
function fillDays<T>(days: string[], rows: Map<string, T>, empty: T) {
  return days.map((day) => ({ day, ...(rows.get(day) ?? empty) }));
}

/**
 * What the analytics screen draws, over the last `days` days (UTC) ending today. Every figure
 * is an aggregate computed by PostgreSQL; only sums and counts leave the database.
 */
export async function analyticsOf(db: Executor, days: AnalyticsPeriod, now = new Date()) {
  const series = periodDays(days, now);
  const first = series[0] ?? now.toISOString().slice(0, 10);
  const from = new Date(`${first}T00:00:00.000Z`);
  const until = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));

  const signUpDay = utcDay(users.createdAt);
  const transactionDay = utcDay(transactions.createdAt);
  const inPeriod = and(
    gte(transactions.createdAt, from),
    lt(transactions.createdAt, until),
    inArray(transactions.status, [...countedStatuses]),
  );

  const [signUps, byType, flows, loanBook, tickets] = await Promise.all([
    db
      .select({ day: signUpDay, count: count() })
      .from(users)
      .where(and(gte(users.createdAt, from), lt(users.createdAt, until)))
      .groupBy(signUpDay),
    db
      .select({
        type: transactions.type,
        count: count(),
        volumeCents: sql<string>`coalesce(${sum(transactions.amountCents)}, 0)::text`,
      })
      .from(transactions)
      .where(inPeriod)
      .groupBy(transactions.type),
    db
      .select({
        day: transactionDay,
        depositCents: sql<string>`coalesce(sum(${transactions.amountCents}) filter (where ${transactions.type} = 'deposit'), 0)::text`,
        withdrawalCents: sql<string>`coalesce(sum(${transactions.amountCents}) filter (where ${transactions.type} = 'withdraw'), 0)::text`,
      })
      .from(transactions)
      .where(and(inPeriod, inArray(transactions.type, ['deposit', 'withdraw'])))
      .groupBy(transactionDay),
    // The loan book is today's, whatever the period: every loan by where it stands.
    db
      .select({
        status: loans.status,
        count: count(),
        amountCents: sql<string>`coalesce(${sum(loans.amountCents)}, 0)::text`,
        outstandingCents: sql<string>`coalesce(${sum(loans.outstandingCents)}, 0)::text`,
      })
      .from(loans)
      .groupBy(loans.status),
    db
      .select({ status: supportTickets.status, count: count() })
      .from(supportTickets)
      .where(and(gte(supportTickets.createdAt, from), lt(supportTickets.createdAt, until)))
      .groupBy(supportTickets.status),
  ]);

  const typeRows = new Map(byType.map((row) => [row.type, row]));
  const loanRows = new Map(loanBook.map((row) => [row.status, row]));
  const ticketRows = new Map(tickets.map((row) => [row.status, row.count]));

  return {
    days,
    from: first,
    to: series[series.length - 1] ?? first,
    signUps: fillDays(series, new Map(signUps.map((row) => [row.day, { count: row.count }])), {
      count: 0,
    }),
    depositsVsWithdrawals: fillDays(
      series,
      new Map(
        flows.map((row) => [
          row.day,
          {
            deposits: dollarsOf(row.depositCents),
            withdrawals: dollarsOf(row.withdrawalCents),
          },
        ]),
      ),
      { deposits: 0, withdrawals: 0 },
    ),
    transactionsByType: transactionTypes.map((type) => {
      const row = typeRows.get(type);
      return { type, count: row?.count ?? 0, volume: dollarsOf(row?.volumeCents) };
    }),
    loansByStatus: loanStatuses.map((status) => {
      const row = loanRows.get(status);
      return {
        status,
        count: row?.count ?? 0,
        amount: dollarsOf(row?.amountCents),
        outstanding: dollarsOf(row?.outstandingCents),
      };
    }),
    ticketsByStatus: ticketStatuses.map((status) => ({
      status,
      count: ticketRows.get(status) ?? 0,
    })),
  };
}

export type Analytics = Awaited<ReturnType<typeof analyticsOf>>;

/**
 * The analytics as one tidy CSV (one figure a row), so a spreadsheet can pivot it: the series
 * by day, then the breakdowns by type and status. Formulas are escaped (csv-stringify).
 */
export function analyticsCsv(analytics: Analytics) {
  const rows: Array<Array<string | number>> = [];
  for (const { day, count: signUps } of analytics.signUps)
    rows.push(['sign_ups', day, '', signUps, '']);
  for (const { day, deposits, withdrawals } of analytics.depositsVsWithdrawals) {
    rows.push(['deposits', day, '', '', deposits.toFixed(2)]);
    rows.push(['withdrawals', day, '', '', withdrawals.toFixed(2)]);
  }
  for (const row of analytics.transactionsByType)
    rows.push(['transactions_by_type', '', row.type, row.count, row.volume.toFixed(2)]);
  for (const row of analytics.loansByStatus)
    rows.push(['loans_by_status', '', row.status, row.count, row.amount.toFixed(2)]);
  for (const row of analytics.loansByStatus)
    rows.push(['loans_outstanding_by_status', '', row.status, '', row.outstanding.toFixed(2)]);
  for (const row of analytics.ticketsByStatus)
    rows.push(['tickets_by_status', '', row.status, row.count, '']);
  return {
    filename: `analytics-${analytics.from}-to-${analytics.to}.csv`,
    csv: stringify(rows, {
      header: true,
      columns: ['metric', 'day', 'category', 'count', 'amount_usd'],
      escape_formulas: true,
    }),
  };
}
