import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cents, instant, primaryId, sealedAccountNumber, timestamps } from './columns.ts';
import { accounts } from './money.ts';
import { ownerId } from './users.ts';

/**
 * A customer's saved payees: an account of this bank (`internal`, checked by the payee check
 * when saved) or another bank's (`external`, routing number and account). The number is sealed
 * like a linked bank's. Removing one keeps the row (`removedAt`): the history and the limits
 * still name it, and its name is free again.
 */
export const payees = pgTable(
  'payees',
  {
    id: primaryId(),
    userId: ownerId(),
    name: text().notNull(),
    bank: text({ enum: ['internal', 'external'] }).notNull(),
    ...sealedAccountNumber(),
    /** External payees only. */
    routingNumber: text(),
    /** Internal payees: the account the number named when saved. */
    accountId: uuid().references(() => accounts.id),
    /** The payee check when saved (internal): match, close or no_match, and the holder masked. */
    confirmationResult: text({ enum: ['match', 'close', 'no_match'] }),
    confirmationHolder: text(),
    /** At most this much a day (UTC) to this payee; null: only the bank's daily limit. */
    dailyLimitCents: cents(),
    ...timestamps(),
    removedAt: instant(),
  },
  (table) => [
    // A name is the customer's own way to tell payees apart: one of each, whatever the case.
    uniqueIndex('payees_user_name_key')
      .on(table.userId, sql`lower(${table.name})`)
      .where(sql`${table.removedAt} is null`),
    index('payees_user_idx').on(table.userId, table.createdAt),
    check(
      'payees_external_routing',
      sql`(${table.bank} = 'external') = (${table.routingNumber} is not null)`,
    ),
    check(
      'payees_daily_limit_positive',
      sql`${table.dailyLimitCents} is null or ${table.dailyLimitCents} > 0`,
    ),
  ],
);
