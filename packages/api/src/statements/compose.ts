import { createHash } from 'node:crypto';
import type { Executor } from '@bank/db';
import type { TransactionType } from '@bank/db/enums';
import { ledgerEntries, statementLines, statements, transactions } from '@bank/db/schema';
import { and, asc, desc, eq, gte, lt, ne, sql } from 'drizzle-orm';
import { toDollars } from '../money/cents.ts';
import { dayOf } from './calendar.ts';

/** The account a statement is of, and who holds it. */
export interface StatementAccount {
  id: string;
  accountNumber: string;
  holder: string;
  createdAt: Date;
}

/** The bank as printed on the statement, as its settings said when it was issued. */
export interface StatementBank {
  name: string;
  address: string;
  timeZone: string;
}

/** Which days a statement covers: a month ('YYYY-MM') or a range, in the bank's zone. */
export interface StatementWindow {
  period: string | null;
  fromDate: string;
  toDate: string;
  /** Instants: the first day's midnight and the midnight after the last day (or now). */
  start: Date;
  end: Date;
  provisional: boolean;
}

export interface StatementEntry {
  /** The bank's day it was posted, 'YYYY-MM-DD'. */
  date: string;
  postedAt: string;
  transactionId: string;
  type: TransactionType;
  description: string;
  /** Signed: money in is positive. */
  amount: number;
  /** The balance after this entry. */
  balance: number;
}

export interface PendingItem {
  date: string;
  transactionId: string;
  type: TransactionType;
  description: string;
  amount: number;
}

/**
 * A statement's content, the thing its digest is of. Built with a fixed key order, so the
 * same content serialises to the same text (and digest) every time.
 */
export interface StatementContent {
  document: 'statement';
  bank: { name: string; address: string };
  account: { number: string; holder: string };
  period: string | null;
  from: string;
  to: string;
  timeZone: string;
  provisional: boolean;
  currency: 'USD';
  openingBalance: number;
  closingBalance: number;
  totals: { moneyIn: number; moneyOut: number; fees: number; interest: number };
  entries: StatementEntry[];
  /** Movements still under way: listed apart, in none of the balances above. */
  pending: PendingItem[];
}

export interface ComposedStatement {
  content: StatementContent;
  text: string;
  digest: string;
  openingCents: bigint;
  closingCents: bigint;
  /** The ledger entries on it, for a month's statement to claim. */
  entryIds: number[];
}

export const sha256 = (data: string | Uint8Array) =>
  createHash('sha256').update(data).digest('hex');

/**
 * A month's statement continues the last one issued: it opens at that one's closing balance and
 * lists every posted entry before the month's end that no earlier statement listed (so an entry
 * booked late into an issued month appears here). The first opens at zero.
 */
export async function composeMonth(
  db: Executor,
  account: StatementAccount,
  bank: StatementBank,
  window: StatementWindow,
): Promise<ComposedStatement> {
  const [previous] = await db
    .select({ closing: statements.closingBalanceCents })
    .from(statements)
    .where(
      and(
        eq(statements.accountId, account.id),
        eq(statements.provisional, false),
        lt(statements.period, window.period ?? ''),
      ),
    )
    .orderBy(desc(statements.period))
    .limit(1);
  const rows = await postedEntries(
    db,
    account.id,
    and(
      lt(ledgerEntries.createdAt, window.end),
      sql`not exists (select 1 from ${statementLines} where ${statementLines.ledgerEntryId} = ${ledgerEntries.id})`,
    ),
  );
  return finish(db, account, bank, window, previous?.closing ?? 0n, rows);
}

/** A range's statement: opens at the sum of every entry posted before its first day. */
export async function composeRange(
  db: Executor,
  account: StatementAccount,
  bank: StatementBank,
  window: StatementWindow,
): Promise<ComposedStatement> {
  const [before] = await db
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)::text` })
    .from(ledgerEntries)
    .innerJoin(transactions, eq(transactions.id, ledgerEntries.transactionId))
    .where(
      and(
        eq(ledgerEntries.accountId, account.id),
        lt(ledgerEntries.createdAt, window.start),
        ne(transactions.status, 'pending'),
      ),
    );
  const rows = await postedEntries(
    db,
    account.id,
    and(gte(ledgerEntries.createdAt, window.start), lt(ledgerEntries.createdAt, window.end)),
  );
  return finish(db, account, bank, window, BigInt(before?.sum ?? '0'), rows);
}

/** Entries of settled movements: a pending one's hold is not posted until it settles. */
function postedEntries(db: Executor, accountId: string, where: ReturnType<typeof and>) {
  return db
    .select({
      id: ledgerEntries.id,
      amountCents: ledgerEntries.amountCents,
      createdAt: ledgerEntries.createdAt,
      transactionId: transactions.id,
      type: transactions.type,
      description: transactions.description,
    })
    .from(ledgerEntries)
    .innerJoin(transactions, eq(transactions.id, ledgerEntries.transactionId))
    .where(and(eq(ledgerEntries.accountId, accountId), ne(transactions.status, 'pending'), where))
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id));
}

type EntryRow = Awaited<ReturnType<typeof postedEntries>>[number];

async function finish(
  db: Executor,
  account: StatementAccount,
  bank: StatementBank,
  window: StatementWindow,
  openingCents: bigint,
  rows: EntryRow[],
): Promise<ComposedStatement> {
  let balance = openingCents;
  let moneyIn = 0n;
  let moneyOut = 0n;
  let fees = 0n;
  let interest = 0n;
  const entries: StatementEntry[] = rows.map((row) => {
    balance += row.amountCents;
    if (row.amountCents > 0n) moneyIn += row.amountCents;
    else moneyOut -= row.amountCents;
    if (row.type === 'fee') fees -= row.amountCents;
    if (row.type === 'interest_earned') interest += row.amountCents;
    return {
      date: dayOf(row.createdAt, bank.timeZone),
      postedAt: row.createdAt.toISOString(),
      transactionId: row.transactionId,
      type: row.type,
      description: row.description,
      amount: toDollars(row.amountCents),
      balance: toDollars(balance),
    };
  });
  const pendingRows = await db
    .select({
      transactionId: transactions.id,
      type: transactions.type,
      description: transactions.description,
      createdAt: transactions.createdAt,
      amountCents: sql<string>`sum(${ledgerEntries.amountCents})::text`,
    })
    .from(ledgerEntries)
    .innerJoin(transactions, eq(transactions.id, ledgerEntries.transactionId))
    .where(
      and(
        eq(ledgerEntries.accountId, account.id),
        eq(transactions.status, 'pending'),
        lt(ledgerEntries.createdAt, window.end),
      ),
    )
    .groupBy(transactions.id)
    .orderBy(asc(transactions.createdAt), asc(transactions.id));
  const content: StatementContent = {
    document: 'statement',
    bank: { name: bank.name, address: bank.address },
    account: { number: account.accountNumber, holder: account.holder },
    period: window.period,
    from: window.fromDate,
    to: window.toDate,
    timeZone: bank.timeZone,
    provisional: window.provisional,
    currency: 'USD',
    openingBalance: toDollars(openingCents),
    closingBalance: toDollars(balance),
    totals: {
      moneyIn: toDollars(moneyIn),
      moneyOut: toDollars(moneyOut),
      fees: toDollars(fees),
      interest: toDollars(interest),
    },
    entries,
    pending: pendingRows.map((row) => ({
      date: dayOf(row.createdAt, bank.timeZone),
      transactionId: row.transactionId,
      type: row.type,
      description: row.description,
      amount: toDollars(BigInt(row.amountCents)),
    })),
  };
  const text = JSON.stringify(content);
  return {
    content,
    text,
    digest: sha256(text),
    openingCents,
    closingCents: balance,
    entryIds: rows.map((row) => row.id),
  };
}
