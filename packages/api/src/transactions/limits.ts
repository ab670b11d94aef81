import type { Executor } from '@bank/db';
import { transactions } from '@bank/db/schema';
import { and, eq, gte, inArray, sql, sum } from 'drizzle-orm';
import { cachedBankSettings } from '../settings/service.ts';
import type { TransactionRow } from './dto.ts';

/** Daily limits run from 00:00 UTC (docs/decisions/009). */
export function startOfUtcDay(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** Money that left an account today (UTC) through `type`, pending or done: what limits count. */
export async function outgoingToday(
  db: Executor,
  accountId: string,
  type: TransactionRow['type'],
): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(${sum(transactions.amountCents)}, 0)::text` })
    .from(transactions)
    .where(
      and(
        eq(transactions.fromAccountId, accountId),
        eq(transactions.type, type),
        inArray(transactions.status, ['pending', 'completed']),
        gte(transactions.createdAt, startOfUtcDay()),
      ),
    );
  return BigInt(row?.total ?? '0');
}

/** The user's own daily withdrawal limit, or the bank's. */
export async function withdrawalLimitOf(
  db: Executor,
  user: { withdrawalLimitCents: bigint | null },
) {
  return user.withdrawalLimitCents ?? (await cachedBankSettings(db)).withdrawalLimitCents;
}
