import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { type ApprovalAction, type ApprovalStatus, approvalStatuses } from '../enums.ts';
import { cents, instant, isOneOf, primaryId, requiredRef, timestampNow } from './columns.ts';
import { nullableUserId, users } from './users.ts';

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
    amountCents: cents(),
    /** The customer the action touches, when one does. */
    customerId: nullableUserId(),
    makerId: requiredRef(() => users.id, { onDelete: 'restrict' }),
    reason: text().notNull(),
    checkerId: nullableUserId(),
    decisionReason: text(),
    /** What the approved action answered (the reversal's transaction id, …). */
    result: jsonb().$type<Record<string, unknown>>(),
    createdAt: timestampNow(),
    expiresAt: instant().notNull(),
    decidedAt: instant(),
  },
  (table) => [
    check('approval_requests_status_known', isOneOf('status', approvalStatuses)),
    // A second pending request for the same thing is refused by the database too.
    uniqueIndex('approval_requests_pending_subject_key')
      .on(table.subjectKey)
      .where(sql`${table.status} = 'pending'`),
    index('approval_requests_created_idx').on(table.createdAt.desc()),
  ],
);
