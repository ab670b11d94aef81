import type { Executor } from '@bank/db';
import { transactionCategories, transactions, users } from '@bank/db/schema';
import type { transactionListQuery } from '@bank/validators/money';
import { TRPCError } from '@trpc/server';
import { and, eq, gte, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { primaryAccountOf } from '../accounts/service.ts';
import type { SessionWithUser } from '../auth/sessions.ts';
import { queryRows } from '../db-rows.ts';
import type { AppDeps } from '../deps.ts';
import { outflowOn, utcDay } from '../ledger/account-state.ts';
import { primaryAccountIdOf } from '../ledger/primary-account.ts';
import { containsPattern } from '../ledger/search-text.ts';
import { toTransactionDto } from '../ledger/transaction-dto.ts';
import { transactionJsonPairs, transactionRowJson } from '../ledger/transaction-row.ts';
import { toCents, toDollars } from '../money/cents.ts';
import { selectPage } from '../paging.ts';
import { encodeHistoryCursor, type OwnTransactionListQuery } from './cursor.ts';
import { reversalsOf } from './reversal-links.ts';

const senders = alias(users, 'sender');

/** The order of the (…, created_at desc nulls last, id desc nulls last) indexes, exactly. */
const newestFirst = [
  sql`${transactions.createdAt} desc nulls last`,
  sql`${transactions.id} desc nulls last`,
];

type SearchColumn = typeof transactions.searchOut | typeof transactions.searchIn;
/** One side of the customer's history: the account column and what that side searches. */
interface Side {
  account: typeof transactions.fromAccountId | typeof transactions.toAccountId;
  search: SearchColumn;
}

/** The words asked for, matched against a side's search column (written at posting). */
function searchCondition(query: z.infer<typeof transactionListQuery>, column: SearchColumn) {
  return query.q ? sql`${column} like ${containsPattern(query.q)}` : undefined;
}

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
  const { rows, total } = await selectPage(
    db,
    db
      .select({
        transaction: transactions,
        sender: { firstName: senders.firstName, lastName: senders.lastName, email: senders.email },
      })
      .from(transactions)
      .leftJoin(senders, eq(senders.id, transactions.senderUserId))
      .where(where)
      .$dynamic(),
    newestFirst,
    query,
  );
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
  filedCategory: z.string().nullable(),
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
  query: OwnTransactionListQuery,
  /** Whether to count the matching rows (an export reading on by cursor needs no total). */
  options: { counted: boolean } = { counted: true },
) {
  const filters = filterConditions(query);
  // After a cursor: strictly below its row (one of this account's) in the list's order,
  // created_at desc then id desc; an unknown cursor leaves nothing below it.
  const after =
    query.cursor === undefined
      ? sql``
      : sql` and (${transactions.createdAt}, ${transactions.id}) < (select c.created_at, c.id from ${transactions} c
          where c.id = ${query.cursor} and (select id from acct) in (c.from_account_id, c.to_account_id))`;
  const offset = query.cursor === undefined ? (query.page - 1) * query.limit : 0;
  // One row beyond the page tells whether there is a next one.
  const take = query.limit + 1;
  const reach = offset + take;
  // Each side searches what it sees: the payer the payee's name, the payee the payer's.
  const sides: Record<'out' | 'in', Side> = {
    out: { account: transactions.fromAccountId, search: transactions.searchOut },
    in: { account: transactions.toAccountId, search: transactions.searchIn },
  };
  const filtered = (search: SearchColumn) => {
    const all = [...filters, searchCondition(query, search)].filter((c) => c !== undefined);
    return all.length > 0 ? sql` and ${and(...all)}` : sql``;
  };
  // A filtered first page that is counted reads each side once: the window counts every match
  // while the index walk is in order, and the page is the first rows of it (a count of its own
  // walked the account's entries a second time: docs/benchmarks.md). Read once, each side's
  // CTE is inlined as before; read twice (page and count), PostgreSQL keeps its rows.
  const countedInOnePass =
    options.counted && query.cursor === undefined && (filters.length > 0 || !!query.q);
  const side = ({ account, search }: Side) =>
    // A scalar subquery (not a join) lets each side walk its index in order and stop early.
    sql`(select ${transactions.id} as id, ${transactions.createdAt} as created_at${
      countedInOnePass ? sql`, count(*) over () as matches` : sql``
    } from ${transactions}
      where ${account} = (select id from acct)${filtered(search)}${after}
      order by ${transactions.createdAt} desc nulls last, ${transactions.id} desc nulls last limit ${reach})`;
  const count = ({ account, search }: Side) =>
    sql`(select count(*) from ${transactions} where ${account} = (select id from acct)${filtered(search)})`;
  // Unfiltered, the account's own count answers at once; filtered, both sides are counted.
  const total = !options.counted
    ? sql`0`
    : countedInOnePass
      ? sql`(coalesce((select max(matches) from out_side), 0) + coalesce((select max(matches) from in_side), 0))::int`
      : filters.length === 0 && !query.q
        ? sql`(select transaction_count from accounts where id = (select id from acct))`
        : sql`(${count(sides.out)} + ${count(sides.in)})::int`;
  const [page] = await queryRows(
    db,
    sql`with acct as (
        select ${primaryAccountIdOf(sql`${userId}::uuid`)} as id
      ), out_side as ${side(sides.out)}, in_side as ${side(sides.in)},
      merged as (
        select id, created_at from (select id, created_at from out_side
          union all select id, created_at from in_side) both_sides
        order by created_at desc, id desc limit ${take} offset ${offset}
      )
      select (select id from acct) as account_id,
        coalesce((
          select json_agg(json_build_object(${transactionOfT},
            'senderFirstName', s.first_name, 'senderLastName', s.last_name,
            'filedCategory', fc.category
          ) order by t.created_at desc, t.id desc)
          from merged m join transactions t on t.id = m.id left join users s on s.id = t.sender_user_id
            -- The customer's own filing of the page's rows: a primary-key probe each.
            left join transaction_categories fc on fc.user_id = ${userId}::uuid and fc.transaction_id = t.id
        ), '[]'::json) as rows,
        ${total} as total`,
    historyPage,
  );
  if (!page?.account_id) throw new TRPCError({ code: 'NOT_FOUND', message: 'Account not found' });
  const accountId = page.account_id;
  const rows = page.rows.slice(0, query.limit);
  const last = rows.at(-1);
  const reversals = await reversalsOf(db, rows);
  return {
    data: rows.map(({ senderFirstName, senderLastName, filedCategory, ...transaction }) =>
      toTransactionDto(transaction, accountId, {
        sender:
          senderFirstName !== null && senderLastName !== null
            ? { firstName: senderFirstName, lastName: senderLastName, email: '' }
            : null,
        reversedBy: reversals.get(transaction.id),
        category: filedCategory,
      }),
    ),
    page: query.cursor === undefined ? query.page : 1,
    limit: query.limit,
    count: rows.length,
    total: page.total,
    pages: Math.max(1, Math.ceil(page.total / query.limit)),
    nextCursor: page.rows.length > query.limit && last ? encodeHistoryCursor(last.id) : null,
  };
}

export async function listAllTransactions(
  db: Executor,
  query: z.infer<typeof transactionListQuery>,
) {
  const conditions = filterConditions(query);
  const searched = [
    searchCondition(query, transactions.searchOut),
    searchCondition(query, transactions.searchIn),
  ].filter((c) => c !== undefined);
  if (searched.length > 0) conditions.push(or(...searched) ?? sql`true`);
  return pageOf(db, conditions.length > 0 ? and(...conditions) : undefined, query, null, true);
}

/** One of the customer's transactions; another customer's answers not found. */
export async function transactionById(db: Executor, userId: string, id: string) {
  const account = await primaryAccountOf(db, userId);
  const [row] = await db
    .select({
      transaction: transactions,
      sender: { firstName: senders.firstName, lastName: senders.lastName, email: senders.email },
      category: transactionCategories.category,
    })
    .from(transactions)
    .leftJoin(senders, eq(senders.id, transactions.senderUserId))
    .leftJoin(
      transactionCategories,
      and(
        eq(transactionCategories.userId, userId),
        eq(transactionCategories.transactionId, transactions.id),
      ),
    )
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
    category: row.category,
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
