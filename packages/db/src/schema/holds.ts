import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { primaryId, timestampNow } from './columns.ts';
import { accounts } from './money.ts';
import { users } from './users.ts';

/**
 * An amount staff hold on an account: it stays in the balance but cannot leave
 * until released or past `expiresAt` (judged by time, no job). available = balance - holds.
 */
export const accountHolds = pgTable(
  'account_holds',
  {
    id: primaryId(),
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    amountCents: bigint({ mode: 'bigint' }).notNull(),
    reason: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdById: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestampNow(),
    releasedAt: timestamp({ withTimezone: true }),
    releasedById: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    // The ledger's read looks up an account's unreleased holds: a small partial index.
    index('account_holds_open_idx')
      .on(table.accountId)
      .where(sql`${table.releasedAt} is null`),
    check('account_holds_amount_positive', sql`${table.amountCents} > 0`),
  ],
);
