import { randomInt } from 'node:crypto';
import type { Executor } from '@bank/db';
import { accounts, ledgerEntries } from '@bank/db/schema';
import { TRPCError } from '@trpc/server';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';

export type AccountRow = typeof accounts.$inferSelect;
export type SystemAccountCode = 'external_clearing' | 'loans_funding' | 'fees' | 'interest';

/** Customer numbers are 12 random digits starting 1-8; the bank's own start with 9. */
export function randomCustomerAccountNumber(): string {
  return `${randomInt(1, 9)}${String(randomInt(0, 100_000_000_000)).padStart(11, '0')}`;
}

/** Every customer's USD checking account, opened at registration. */
export async function openCheckingAccount(db: Executor, userId: string): Promise<AccountRow> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const [account] = await db
      .insert(accounts)
      .values({
        userId,
        kind: 'customer',
        type: 'checking',
        accountNumber: randomCustomerAccountNumber(),
      })
      .onConflictDoNothing({ target: accounts.accountNumber })
      .returning();
    if (account) return account;
  }
  throw new Error('Could not find a free account number');
}

export async function customerAccountOf(db: Executor, userId: string): Promise<AccountRow> {
  const [account] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.kind, 'customer')))
    .orderBy(asc(accounts.createdAt))
    .limit(1);
  if (!account) throw new TRPCError({ code: 'NOT_FOUND', message: 'Account not found' });
  return account;
}

export async function systemAccount(db: Executor, code: SystemAccountCode): Promise<AccountRow> {
  const [account] = await db.select().from(accounts).where(eq(accounts.systemCode, code));
  if (!account) throw new Error(`System account ${code} is missing: migrations not applied?`);
  return account;
}

export async function accountByNumber(
  db: Executor,
  accountNumber: string,
): Promise<AccountRow | undefined> {
  const [account] = await db
    .select()
    .from(accounts)
    .where(eq(accounts.accountNumber, accountNumber));
  return account;
}

/**
 * Locks the accounts a movement touches, always in id order, so that two movements between
 * the same accounts queue instead of deadlocking; answers them with their current balances.
 */
export async function lockAccountsInOrder(
  db: Executor,
  ids: string[],
): Promise<Map<string, AccountRow>> {
  const unique = [...new Set(ids)].sort();
  const rows = await db
    .select()
    .from(accounts)
    .where(inArray(accounts.id, unique))
    .orderBy(asc(accounts.id))
    .for('update');
  return new Map(rows.map((row) => [row.id, row]));
}

/** The sum of an account's ledger entries: what its cached balance must equal. */
export async function ledgerBalance(db: Executor, accountId: string): Promise<bigint> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)::text` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.accountId, accountId));
  return BigInt(row?.sum ?? '0');
}

/** The customer's account and the bank's clearing account, locked in id order. */
export async function lockWithClearing(db: Executor, userId: string) {
  const account = await customerAccountOf(db, userId);
  const clearing = await systemAccount(db, 'external_clearing');
  const locked = await lockAccountsInOrder(db, [account.id, clearing.id]);
  const customer = locked.get(account.id);
  const lockedClearing = locked.get(clearing.id);
  if (!customer || !lockedClearing) throw new Error('Locked accounts missing');
  return { customer, clearing: lockedClearing };
}
