import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  type DisputeReason,
  type DisputeStatus,
  disputeReasons,
  disputeStatuses,
  openDisputeStatuses,
} from '../enums.ts';
import { cents, instant, isOneOf, primaryId, requiredRef, timestamps } from './columns.ts';
import { transactions } from './money.ts';
import { supportTickets } from './support.ts';
import { nullableUserId, ownerId } from './users.ts';

/**
 * A customer's dispute of one of their movements ('Report a problem'), worked as a support
 * ticket. A provisional credit and its withdrawal are movements of their own through the
 * disputes suspense account, named here; the movement disputed is never edited.
 */
export const disputes = pgTable(
  'disputes',
  {
    id: primaryId(),
    transactionId: requiredRef(() => transactions.id, { onDelete: 'restrict' }),
    userId: ownerId(),
    ticketId: requiredRef(() => supportTickets.id, { onDelete: 'restrict' }),
    reason: text().$type<DisputeReason>().notNull(),
    description: text().notNull(),
    status: text().$type<DisputeStatus>().notNull().default('submitted'),
    /** The provisional credit's movement and how much it lent; 0 until one is made. */
    creditTransactionId: uuid().references(() => transactions.id, { onDelete: 'restrict' }),
    creditedCents: cents().notNull().default(sql`0`),
    /** The movement that took the provisional credit back (denied, withdrawn, or paid twice). */
    creditReversalId: uuid().references(() => transactions.id, { onDelete: 'restrict' }),
    /** Why it was denied (told to the customer), or staff's note on the resolution. */
    decisionReason: text(),
    /** The staff member who last moved it on. */
    handledById: nullableUserId(),
    /** Regulation E: 10 business days to credit provisionally, 45 days to decide. */
    creditDueAt: instant().notNull(),
    decisionDueAt: instant().notNull(),
    ...timestamps(),
    closedAt: instant(),
  },
  (table) => [
    check('disputes_reason_known', isOneOf('reason', disputeReasons)),
    check('disputes_status_known', isOneOf('status', disputeStatuses)),
    check('disputes_credited_non_negative', sql`${table.creditedCents} >= 0`),
    // One open dispute per movement: a race's second one is refused by the database.
    uniqueIndex('disputes_open_transaction_key')
      .on(table.transactionId)
      .where(isOneOf('status', openDisputeStatuses)),
    index('disputes_user_idx').on(table.userId, table.createdAt),
    index('disputes_status_idx').on(table.status, table.decisionDueAt),
  ],
);
