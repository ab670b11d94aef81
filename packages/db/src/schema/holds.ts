import { sql } from 'drizzle-orm';
import { check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { cents, instant, primaryId, requiredRef, timestampNow } from './columns.ts';
import { accounts } from './money.ts';
import { nullableUserId } from './users.ts';

/**
 * An amount staff hold on an account: it stays in the balance but cannot leave
 * until released or past `expiresAt` (judged by time, no job). available = balance - holds.
 */
export const accountHolds = pgTable(
  'account_holds',
  {
    id: primaryId(),
    accountId: requiredRef(() => accounts.id, { onDelete: 'restrict' }),
    amountCents: cents().notNull(),
    reason: text().notNull(),
    expiresAt: instant().notNull(),
    createdById: nullableUserId(),
    createdAt: timestampNow(),
    releasedAt: instant(),
    releasedById: nullableUserId(),
  },
  (table) => [
    // The ledger's read looks up an account's unreleased holds: a small partial index.
    index('account_holds_open_idx')
      .on(table.accountId)
      .where(sql`${table.releasedAt} is null`),
    check('account_holds_amount_positive', sql`${table.amountCents} > 0`),
  ],
);
