import type { Executor } from '@bank/db';
import { cachedBankSettings } from '../settings/service.ts';

/** Daily limits run from 00:00 UTC (docs/decisions/009): the day as a date literal. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The user's own daily withdrawal limit, or the bank's. */
export async function withdrawalLimitOf(
  db: Executor,
  user: { withdrawalLimitCents: bigint | null },
) {
  return user.withdrawalLimitCents ?? (await cachedBankSettings(db)).withdrawalLimitCents;
}
