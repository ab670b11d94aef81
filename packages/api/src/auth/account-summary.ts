import type { Executor } from '@bank/db';
import { accounts } from '@bank/db/schema';
import { and, asc, eq } from 'drizzle-orm';
import { toDollars } from '../money/cents.ts';
import { cachedBankSettings } from '../settings/service.ts';
import { type AccountSummary, toUserDto, type UserDto, type UserRow } from './dto.ts';

/** The user's checking account as the user object shows it (SPEC.md 3: balance, limit). */
export async function accountSummary(
  db: Executor,
  user: UserRow,
): Promise<AccountSummary | undefined> {
  const [account] = await db
    .select({ accountNumber: accounts.accountNumber, balanceCents: accounts.balanceCents })
    .from(accounts)
    .where(and(eq(accounts.userId, user.id), eq(accounts.kind, 'customer')))
    .orderBy(asc(accounts.createdAt))
    .limit(1);
  if (!account) return undefined;
  const limit = user.withdrawalLimitCents ?? (await cachedBankSettings(db)).withdrawalLimitCents;
  return {
    accountNumber: account.accountNumber,
    balance: toDollars(account.balanceCents),
    withdrawalLimit: toDollars(limit),
  };
}

/** The user object every auth answer carries: with the account's number and balance. */
export async function userView(
  db: Executor,
  user: UserRow,
  session?: { twoFactorVerified: boolean },
): Promise<UserDto> {
  return toUserDto(user, session, await accountSummary(db, user));
}
