import { randomInt } from 'node:crypto';
import type { Executor } from '@bank/db';
import { accounts, ledgerEntries } from '@bank/db/schema';
import { checkDigits, HORIZON_PREFIX } from '@bank/validators/account-number';
import { TRPCError } from '@trpc/server';
import { eq, sql } from 'drizzle-orm';
import type { SystemAccountCode } from '../ledger/posting.ts';
import { primaryAccountIdOf } from '../ledger/primary-account.ts';

export type AccountRow = typeof accounts.$inferSelect;

/**
 * Customer numbers are '4', nine random digits and two check digits (ISO 7064 MOD 97-10), so a
 * mistyped one is refused; the bank's own accounts start with 9.
 */
export function randomCustomerAccountNumber(): string {
  const base = `${HORIZON_PREFIX}${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
  return `${base}${checkDigits(base)}`;
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

export async function primaryAccountOf(db: Executor, userId: string): Promise<AccountRow> {
  const [account] = await db
    .select()
    .from(accounts)
    .where(eq(accounts.id, primaryAccountIdOf(sql`${userId}::uuid`)));
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

/** The sum of an account's ledger entries: what its cached balance must equal. */
export async function ledgerBalance(db: Executor, accountId: string): Promise<bigint> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)::text` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.accountId, accountId));
  return BigInt(row?.sum ?? '0');
}
