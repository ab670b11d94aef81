import type { Executor } from '@bank/db';
import { accounts } from '@bank/db/schema';
import { eq } from 'drizzle-orm';
import { cachedBankSettings } from '../settings/service.ts';

/** Daily limits run from 00:00 UTC (docs/decisions/009): the day as a date literal. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** Money that left an account today (UTC) through `type`, pending or done: what limits count. */
export async function outgoingToday(
  db: Executor,
  accountId: string,
  type: 'transfer' | 'withdraw',
): Promise<bigint> {
  const [row] = await db
    .select({
      day: accounts.outflowDay,
      transferred: accounts.transferredOnDayCents,
      withdrawn: accounts.withdrawnOnDayCents,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!row || row.day !== utcDay(new Date())) return 0n;
  return type === 'transfer' ? row.transferred : row.withdrawn;
}

/** The user's own daily withdrawal limit, or the bank's. */
export async function withdrawalLimitOf(
  db: Executor,
  user: { withdrawalLimitCents: bigint | null },
) {
  return user.withdrawalLimitCents ?? (await cachedBankSettings(db)).withdrawalLimitCents;
}
