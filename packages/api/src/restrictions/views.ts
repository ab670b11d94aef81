import type { Executor } from '@bank/db';
import { accountHolds, accounts } from '@bank/db/schema';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import { activeFreeze, availableCents, heldCents } from '../ledger/account-state.ts';
import { toDollars } from '../money/cents.ts';
import { restrictionsFrom } from './locked-account.ts';
import { holdDto } from './service.ts';

// What staff and the customer read of an account's restrictions; service.ts changes them.

/**
 * Every account of a user with its freeze and holds as they stand at `now` (expired ones no
 * longer apply), and the available balance: the staff view, with reasons and recent history.
 */
export async function restrictionsOfUser(db: Executor, userId: string, now = new Date()) {
  const rows = await db
    .select()
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .orderBy(asc(accounts.createdAt), asc(accounts.id));
  const ids = rows.map((row) => row.id);
  const holds =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(accountHolds)
          .where(inArray(accountHolds.accountId, ids))
          .orderBy(desc(accountHolds.createdAt))
          .limit(50);
  return rows.map((account) => {
    const own = holds.filter((hold) => hold.accountId === account.id);
    const restrictions = restrictionsFrom(
      account,
      own
        .filter((hold) => hold.releasedAt === null)
        .map((hold) => ({ id: hold.id, amountCents: hold.amountCents, expiresAt: hold.expiresAt })),
    );
    const freeze = activeFreeze(restrictions, now);
    return {
      accountNumber: account.accountNumber,
      balance: toDollars(account.balanceCents),
      available: toDollars(
        availableCents({ balanceCents: account.balanceCents, restrictions }, now),
      ),
      held: toDollars(heldCents(restrictions, now)),
      freeze: freeze
        ? {
            mode: freeze.mode,
            reason: account.freezeReason ?? '',
            expiresAt: freeze.until?.toISOString() ?? null,
            frozenAt: account.frozenAt?.toISOString() ?? null,
            fraud: account.frozenForFraud,
          }
        : null,
      holds: own.map((hold) => holdDto(hold, account.accountNumber, now)),
    };
  });
}

/**
 * What the customer is told (dashboard): which of their accounts is frozen and how, the holds
 * in force with their amount and expiry (not staff's reasons), and the available balance.
 */
export async function restrictionsForCustomer(db: Executor, userId: string, now = new Date()) {
  const all = await restrictionsOfUser(db, userId, now);
  return all.map((account) => ({
    accountNumber: account.accountNumber,
    available: account.available,
    held: account.held,
    freeze: account.freeze
      ? { mode: account.freeze.mode, expiresAt: account.freeze.expiresAt }
      : null,
    holds: account.holds
      .filter((hold) => hold.active)
      .map((hold) => ({ id: hold.id, amount: hold.amount, expiresAt: hold.expiresAt })),
  }));
}
