import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { type ApprovalAction, type ApprovalStatus, approvalStatuses } from '../enums.ts';
import { primaryId, timestampNow } from './columns.ts';
import { users } from './users.ts';

/**
 * Four eyes: an action a staff member asked for that another must approve before it runs
 * (docs/product.md, Approvals). The action's input is kept as it was asked, and runs only on
 * approval; a pending request lapses after 24 hours.
 */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: primaryId(),
    action: text().$type<ApprovalAction>().notNull(),
    /** What the request is about ('reversal:<transaction id>'): one pending request per subject. */
    subjectKey: text().notNull(),
    status: text().$type<ApprovalStatus>().notNull().default('pending'),
    /** One line for the queue: 'Reverse $1,500.00 of Transfer to Bob S.'. */
    summary: text().notNull(),
    /** The action's input as the maker gave it. */
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    amountCents: bigint({ mode: 'bigint' }),
    /** The customer the action touches, when one does. */
    customerId: uuid().references(() => users.id, { onDelete: 'set null' }),
    makerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    reason: text().notNull(),
    checkerId: uuid().references(() => users.id, { onDelete: 'set null' }),
    decisionReason: text(),
    /** What the approved action answered (the reversal's transaction id, …). */
    result: jsonb().$type<Record<string, unknown>>(),
    createdAt: timestampNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    check(
      'approval_requests_status_known',
      sql.raw(`status in (${approvalStatuses.map((s) => `'${s}'`).join(', ')})`),
    ),
    // A second pending request for the same thing is refused by the database too.
    uniqueIndex('approval_requests_pending_subject_key')
      .on(table.subjectKey)
      .where(sql`${table.status} = 'pending'`),
    index('approval_requests_created_idx').on(table.createdAt.desc()),
  ],
);
