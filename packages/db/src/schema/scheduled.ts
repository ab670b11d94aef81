import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { OccurrenceStatus, ScheduleFrequency, ScheduleStatus } from '../enums.ts';
import { cents, day, instant, primaryId, requiredRef, timestamps } from './columns.ts';
import { transactions } from './money.ts';
import { payees } from './payees.ts';
import { ownerId } from './users.ts';

/**
 * A customer's scheduled or recurring transfer to one of their payees. Dates are calendar days
 * in the bank's time zone. `startDate` anchors the series (a monthly one on the 31st falls on
 * each month's last day); `nextRunDate` is the date still to pay, null once nothing is left.
 */
export const scheduledTransfers = pgTable(
  'scheduled_transfers',
  {
    id: primaryId(),
    userId: ownerId(),
    payeeId: requiredRef(() => payees.id),
    amountCents: cents().notNull(),
    description: text().notNull().default(''),
    frequency: text().$type<ScheduleFrequency>().notNull(),
    startDate: day().notNull(),
    endDate: day(),
    /** At most this many occurrences in all (whatever became of each). */
    count: integer(),
    status: text().$type<ScheduleStatus>().notNull().default('active'),
    /** Why the bank suspended it, or who cancelled it when it was staff. */
    statusReason: text(),
    nextRunDate: day(),
    /** Occurrences behind it (paid, failed or skipped): the count is judged against this. */
    occurrencesMade: integer().notNull().default(0),
    /** The date whose "not enough money" notice went out the day before (sent once). */
    lowBalanceNoticeFor: day(),
    ...timestamps(),
  },
  (table) => [
    index('scheduled_transfers_user_idx').on(table.userId, table.createdAt),
    // The runner's question: active schedules due by today.
    index('scheduled_transfers_due_idx')
      .on(table.nextRunDate)
      .where(sql`${table.status} = 'active'`),
    check('scheduled_transfers_amount_positive', sql`${table.amountCents} > 0`),
    check('scheduled_transfers_count_positive', sql`${table.count} is null or ${table.count} > 0`),
  ],
);

/**
 * One date of a schedule and what became of it. Written with the money when it is paid (in the
 * ledger's transaction), so an occurrence is `completed` exactly when its transfer exists.
 */
export const scheduledTransferOccurrences = pgTable(
  'scheduled_transfer_occurrences',
  {
    id: primaryId(),
    scheduleId: requiredRef(() => scheduledTransfers.id, { onDelete: 'cascade' }),
    date: day().notNull(),
    status: text().$type<OccurrenceStatus>().notNull(),
    amountCents: cents().notNull(),
    transactionId: uuid().references(() => transactions.id),
    reason: text(),
    /** A `retrying` occurrence is tried once more at this instant. */
    retryAt: instant(),
    ...timestamps(),
  },
  (table) => [
    // One row per date: two runners, or one after a crash, cannot record a date twice.
    uniqueIndex('scheduled_transfer_occurrences_date_key').on(table.scheduleId, table.date),
  ],
);
