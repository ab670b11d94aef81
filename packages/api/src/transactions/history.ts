import type { Executor } from '@bank/db';
import { transactions, users } from '@bank/db/schema';
import type { transactionListQuery } from '@bank/validators/money';
import { TRPCError } from '@trpc/server';
import { stringify } from 'csv-stringify/sync';
import { and, count, eq, gte, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { primaryAccountOf } from '../accounts/service.ts';
import type { SessionWithUser } from '../auth/sessions.ts';
import { queryRows } from '../db-rows.ts';
import type { AppDeps } from '../deps.ts';
import { outflowOn, utcDay } from '../ledger/account-state.ts';
import { primaryAccountIdOf } from '../ledger/primary-account.ts';
import { toTransactionDto } from '../ledger/transaction-dto.ts';
import { transactionJsonPairs, transactionRowJson } from '../ledger/transaction-row.ts';
import { toCents, toDollars } from '../money/cents.ts';
import { reversalsOf } from './reversal-links.ts';

const senders = alias(users, 'sender');

/** The order of the (…, created_at desc nulls last, id desc nulls last) indexes, exactly. */
const newestFirst = [
  sql`${transactions.createdAt} desc nulls last`,
  sql`${transactions.id} desc nulls last`,
];

function filterConditions(query: z.infer<typeof transactionListQuery>): SQL[] {
  const conditions: SQL[] = [];
  if (query.type) conditions.push(eq(transactions.type, query.type));
  if (query.status) conditions.push(eq(transactions.status, query.status));
  if (query.startDate)
    conditions.push(gte(transactions.createdAt, new Date(`${query.startDate}T00:00:00.000Z`)));
  // The day after, counted by PostgreSQL: 9999-12-31's next day is past what a JS Date writes.
  if (query.endDate)
    conditions.push(
      lt(transactions.createdAt, sql`((${query.endDate}::date + 1)::timestamp at time zone 'UTC')`),
    );
  if (query.minAmount !== undefined)
    conditions.push(gte(transactions.amountCents, toCents(query.minAmount)));
  if (query.maxAmount !== undefined)
    conditions.push(lte(transactions.amountCents, toCents(query.maxAmount)));
  return conditions;
}

async function pageOf(
  db: Executor,
  where: SQL | undefined,
  query: z.infer<typeof transactionListQuery>,
  viewerAccountId: string | null,
  withSenderEmail: boolean,
) {
  const rows = await db
    .select({
      transaction: transactions,
      sender: { firstName: senders.firstName, lastName: senders.lastName, email: senders.email },
    })
    .from(transactions)
    .leftJoin(senders, eq(senders.id, transactions.senderUserId))
    .where(where)
    .orderBy(...newestFirst)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [totals] = await db.select({ total: count() }).from(transactions).where(where);
  const total = totals?.total ?? 0;
  const reversals = await reversalsOf(
    db,
    rows.map(({ transaction }) => transaction),
  );
  return {
    data: rows.map(({ transaction, sender }) =>
      toTransactionDto(transaction, viewerAccountId, {
        sender: sender ? { ...sender, email: withSenderEmail ? sender.email : '' } : null,
        reversedBy: reversals.get(transaction.id),
      }),
    ),
    page: query.page,
    limit: query.limit,
    count: rows.length,
    total,
    pages: Math.max(1, Math.ceil(total / query.limit)),
  };
}

/** One transaction of the page, as the statement below spells it (JSON, camelCase). */
const pageTransaction = transactionRowJson.extend({
  senderFirstName: z.string().nullable(),
  senderLastName: z.string().nullable(),
});
/** The page's columns, built once. */
const transactionOfT = transactionJsonPairs('t');

const historyPage = z.object({
  account_id: z.string().nullable(),
  rows: z.array(pageTransaction),
  total: z.coerce.number(),
});

/**
 * The customer's history, newest first, in one statement. Money leaving and money arriving are
 * read from their own (account, created_at) indexes and merged, so page one costs the same with
 * a million rows; the page's rows (with the sender's name) and the total come back together.
 */
export async function listTransactions(
  db: Executor,
  userId: string,
  query: z.infer<typeof transactionListQuery>,
) {
  const filters = filterConditions(query);
  const filtered = filters.length > 0 ? sql` and ${and(...filters)}` : sql``;
  const offset = (query.page - 1) * query.limit;
  const reach = offset + query.limit;
  const side = (column: typeof transactions.fromAccountId | typeof transactions.toAccountId) =>
    // A scalar subquery (not a join) lets each side walk its index in order and stop early.
    sql`(select ${transactions.id} as id, ${transactions.createdAt} as created_at from ${transactions}
      where ${column} = (select id from acct)${filtered}
      order by ${transactions.createdAt} desc nulls last, ${transactions.id} desc nulls last limit ${reach})`;
  const count = (column: typeof transactions.fromAccountId | typeof transactions.toAccountId) =>
    sql`(select count(*) from ${transactions} where ${column} = (select id from acct)${filtered})`;
  // Unfiltered, the account's own count answers at once; filtered, both sides are counted.
  const total =
    filters.length === 0
      ? sql`(select transaction_count from accounts where id = (select id from acct))`
      : sql`(${count(transactions.fromAccountId)} + ${count(transactions.toAccountId)})::int`;
  const [page] = await queryRows(
    db,
    sql`with acct as (
        select ${primaryAccountIdOf(sql`${userId}::uuid`)} as id
      ), merged as (
        select id, created_at from (${side(transactions.fromAccountId)} union all ${side(transactions.toAccountId)}) both_sides
        order by created_at desc, id desc limit ${query.limit} offset ${offset}
      )
      select (select id from acct) as account_id,
        coalesce((
          select json_agg(json_build_object(${transactionOfT},
            'senderFirstName', s.first_name, 'senderLastName', s.last_name
          ) order by t.created_at desc, t.id desc)
          from merged m join transactions t on t.id = m.id left join users s on s.id = t.sender_user_id
        ), '[]'::json) as rows,
        ${total} as total`,
    historyPage,
  );
  if (!page?.account_id) throw new TRPCError({ code: 'NOT_FOUND', message: 'Account not found' });
  const accountId = page.account_id;
  const reversals = await reversalsOf(db, page.rows);
  return {
    data: page.rows.map(({ senderFirstName, senderLastName, ...transaction }) =>
      toTransactionDto(transaction, accountId, {
        sender:
          senderFirstName !== null && senderLastName !== null
            ? { firstName: senderFirstName, lastName: senderLastName, email: '' }
            : null,
        reversedBy: reversals.get(transaction.id),
      }),
    ),
    page: query.page,
    limit: query.limit,
    count: page.rows.length,
    total: page.total,
    pages: Math.max(1, Math.ceil(page.total / query.limit)),
  };
}

export async function listAllTransactions(
  db: Executor,
  query: z.infer<typeof transactionListQuery>,
) {
  const conditions = filterConditions(query);
  return pageOf(db, conditions.length > 0 ? and(...conditions) : undefined, query, null, true);
}

/** One of the customer's transactions; another customer's answers not found. */
export async function transactionById(db: Executor, userId: string, id: string) {
  const account = await primaryAccountOf(db, userId);
  const [row] = await db
    .select({
      transaction: transactions,
      sender: { firstName: senders.firstName, lastName: senders.lastName, email: senders.email },
    })
    .from(transactions)
    .leftJoin(senders, eq(senders.id, transactions.senderUserId))
    .where(
      and(
        eq(transactions.id, id),
        or(eq(transactions.fromAccountId, account.id), eq(transactions.toAccountId, account.id)),
      ),
    );
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: 'Transaction not found' });
  const reversals = await reversalsOf(db, [row.transaction]);
  return toTransactionDto(row.transaction, account.id, {
    sender: row.sender ? { ...row.sender, email: '' } : null,
    reversedBy: reversals.get(row.transaction.id),
  });
}

export async function balanceOf(
  deps: Pick<AppDeps, 'db' | 'settings'>,
  user: SessionWithUser['user'],
) {
  const account = await primaryAccountOf(deps.db, user.id);
  const settings = await deps.settings.get();
  const withdrawalLimit = user.withdrawalLimitCents ?? settings.withdrawalLimitCents;
  const today = utcDay(new Date());
  return {
    balance: toDollars(account.balanceCents),
    currency: account.currency,
    accountNumber: account.accountNumber,
    accountType: account.type,
    withdrawalLimit: toDollars(withdrawalLimit),
    // The account row carries the day's totals the limits count.
    withdrawnToday: toDollars(outflowOn(account, today, 'withdraw')),
    transferLimit: toDollars(settings.transferLimitCents),
    transferredToday: toDollars(outflowOn(account, today, 'transfer')),
  };
}

/** Income (money in, completed), expenses (money out, not failed) and the last 12 months. */
export async function statsOf(db: Executor, userId: string) {
  const account = await primaryAccountOf(db, userId);
  const incoming = and(
    eq(transactions.toAccountId, account.id),
    eq(transactions.status, 'completed'),
  );
  const outgoing = and(
    eq(transactions.fromAccountId, account.id),
    inArray(transactions.status, ['pending', 'completed']),
  );
  const since = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 11, 1));
  const month = sql<string>`to_char(${transactions.createdAt} at time zone 'UTC', 'YYYY-MM')`;
  const [totals] = await db
    .select({
      income: sql<string>`coalesce(sum(${transactions.amountCents}) filter (where ${incoming}), 0)::text`,
      expense: sql<string>`coalesce(sum(${transactions.amountCents}) filter (where ${outgoing}), 0)::text`,
    })
    .from(transactions)
    .where(
      or(eq(transactions.fromAccountId, account.id), eq(transactions.toAccountId, account.id)),
    );
  const monthly = await db
    .select({
      month,
      income: sql<string>`coalesce(sum(${transactions.amountCents}) filter (where ${incoming}), 0)::text`,
      expenses: sql<string>`coalesce(sum(${transactions.amountCents}) filter (where ${outgoing}), 0)::text`,
    })
    .from(transactions)
    .where(
      and(
        or(eq(transactions.fromAccountId, account.id), eq(transactions.toAccountId, account.id)),
        gte(transactions.createdAt, since),
      ),
    )
    .groupBy(month)
    .orderBy(month);
  const byMonth = new Map(monthly.map((row) => [row.month, row]));
  const monthlyStats = Array.from({ length: 12 }, (_, i) => {
    const date = new Date(Date.UTC(since.getUTCFullYear(), since.getUTCMonth() + i, 1));
    const key = `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
    const row = byMonth.get(key);
    return {
      month: key,
      income: toDollars(BigInt(row?.income ?? '0')),
      expenses: toDollars(BigInt(row?.expenses ?? '0')),
    };
  });
  return {
    balance: toDollars(account.balanceCents),
    totalIncome: toDollars(BigInt(totals?.income ?? '0')),
    totalExpense: toDollars(BigInt(totals?.expense ?? '0')),
    monthlyStats,
  };
}

/** A cell a spreadsheet would run as a formula is defused with a leading quote. */
const defuseFormula = (text: string) => (/^[=+\-@]/.test(text) ? `'${text}` : text);

export async function exportCsv(
  db: Executor,
  userId: string,
  query: z.infer<typeof transactionListQuery>,
) {
  const page = await listTransactions(db, userId, { ...query, page: 1, limit: 10_000 });
  const header = [
    'Date',
    'Reference',
    'Type',
    'Description',
    'Status',
    'Direction',
    'Amount',
    'Currency',
  ];
  const rows = page.data.map((t) => [
    t.createdAt,
    t.id,
    t.type,
    t.description,
    t.status,
    t.direction,
    (t.direction === 'credit' ? t.amount : -t.amount).toFixed(2),
    t.currency,
  ]);
  return {
    filename: `transactions-${new Date().toISOString().slice(0, 10)}.csv`,
    // Lines end in a line feed with none after the last; a cell is quoted for a comma, a quote
    // or a line feed.
    csv: stringify(rows, {
      header: true,
      columns: header,
      eof: false,
      quote_record_delimiter: false,
      cast: { string: defuseFormula },
    }),
  };
}
