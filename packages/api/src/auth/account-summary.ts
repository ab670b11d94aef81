import { accounts } from '@bank/db/schema';
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import { primaryAccountIdOf } from '../ledger/primary-account.ts';
import { toDollars } from '../money/cents.ts';
import { type AccountSummary, toUserDto, type UserDto, type UserRow } from './dto.ts';

/** The user's checking account as the user object shows it (docs/product.md 3: balance, limit). */
export async function accountSummary(
  deps: Pick<AppDeps, 'db' | 'settings'>,
  user: UserRow,
): Promise<AccountSummary | undefined> {
  const [account] = await deps.db
    .select({ accountNumber: accounts.accountNumber, balanceCents: accounts.balanceCents })
    .from(accounts)
    .where(eq(accounts.id, primaryAccountIdOf(sql`${user.id}::uuid`)));
  if (!account) return undefined;
  const limit = user.withdrawalLimitCents ?? (await deps.settings.get()).withdrawalLimitCents;
  return {
    accountNumber: account.accountNumber,
    balance: toDollars(account.balanceCents),
    withdrawalLimit: toDollars(limit),
  };
}

/** The user object every auth answer carries: with the account's number and balance. */
export async function userView(
  deps: Pick<AppDeps, 'db' | 'settings'>,
  user: UserRow,
  session?: { twoFactorVerified: boolean },
): Promise<UserDto> {
  return toUserDto(user, session, await accountSummary(deps, user));
}
