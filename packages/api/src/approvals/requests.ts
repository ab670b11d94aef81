import type { Executor } from '@bank/db';
import type { ApprovalAction } from '@bank/db/enums';
import { approvalRequests, users } from '@bank/db/schema';
import type { approvalListQuery } from '@bank/validators/operations';
import { and, desc, eq, lte } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { recordAudit } from '../audit/service.ts';
import type { RequestInfo } from '../deps.ts';
import { appError } from '../errors.ts';
import { toDollars } from '../money/cents.ts';

/** A request nobody decided on within a day lapses: the maker asks again if it still matters. */
export const APPROVAL_TTL_MS = 24 * 60 * 60 * 1000;

export type ApprovalRow = typeof approvalRequests.$inferSelect;

/** The second staff member whose approval lets a four-eyes action run (named in its audit). */
export interface SecondApprover {
  checkerId: string;
  approvalId: string;
}

export interface NewApproval {
  action: ApprovalAction;
  /** What it is about, e.g. `reversal:<transaction id>`: one pending request per subject. */
  subjectKey: string;
  summary: string;
  payload: Record<string, unknown>;
  amountCents: bigint | null;
  customerId: string | null;
  makerId: string;
  reason: string;
}

const alreadyPending = () =>
  appError(
    'CONFLICT',
    'A request for this is already waiting for a second staff member',
    'APPROVAL_PENDING',
  );

/**
 * Lapsed requests are marked so as they are met: the queue and the unique index then agree. Each
 * lapse is audited, naming the maker whose request nobody decided.
 */
export async function expireLapsed(db: Executor, now: Date, subjectKey?: string) {
  const lapsed = await db
    .update(approvalRequests)
    .set({ status: 'expired', decidedAt: now })
    .where(
      and(
        eq(approvalRequests.status, 'pending'),
        lte(approvalRequests.expiresAt, now),
        subjectKey ? eq(approvalRequests.subjectKey, subjectKey) : undefined,
      ),
    )
    .returning();
  for (const row of lapsed)
    await recordAudit(db, {
      event: 'approval.expired',
      userId: row.customerId,
      actorId: row.makerId,
      details: { approvalId: row.id, action: row.action, summary: row.summary },
    });
}

/**
 * Files an action for a second staff member (four eyes). A second pending request for the same
 * subject is refused (409 APPROVAL_PENDING); the database's unique index settles a race.
 */
export async function requestApproval(
  db: Executor,
  input: NewApproval,
  context: { now: Date; request?: RequestInfo },
): Promise<ApprovalRow> {
  const { now } = context;
  return db.transaction(async (tx) => {
    await expireLapsed(tx, now, input.subjectKey);
    const [row] = await tx
      .insert(approvalRequests)
      .values({
        ...input,
        status: 'pending',
        createdAt: now,
        expiresAt: new Date(now.getTime() + APPROVAL_TTL_MS),
      })
      // The unique index of pending subjects: a race's second request stores nothing.
      .onConflictDoNothing()
      .returning();
    if (!row) throw alreadyPending();
    await recordAudit(tx, {
      event: 'approval.requested',
      userId: input.customerId,
      actorId: input.makerId,
      request: context.request,
      details: {
        approvalId: row.id,
        action: input.action,
        summary: input.summary,
        reason: input.reason,
      },
    });
    return row;
  });
}

const makers = alias(users, 'maker');
const checkers = alias(users, 'checker');
const customers = alias(users, 'customer');

const personOf = (p: { id: string; firstName: string; lastName: string } | null) =>
  p ? { id: p.id, name: `${p.firstName} ${p.lastName}`.trim() } : null;

/** The queue at /admin/approvals: waiting requests (oldest first, they lapse first) or others. */
export async function listApprovals(
  db: Executor,
  query: z.output<typeof approvalListQuery>,
  now: Date,
) {
  await expireLapsed(db, now);
  const rows = await db
    .select({
      request: approvalRequests,
      maker: { id: makers.id, firstName: makers.firstName, lastName: makers.lastName },
      checker: { id: checkers.id, firstName: checkers.firstName, lastName: checkers.lastName },
      customer: { id: customers.id, firstName: customers.firstName, lastName: customers.lastName },
    })
    .from(approvalRequests)
    .leftJoin(makers, eq(makers.id, approvalRequests.makerId))
    .leftJoin(checkers, eq(checkers.id, approvalRequests.checkerId))
    .leftJoin(customers, eq(customers.id, approvalRequests.customerId))
    .where(eq(approvalRequests.status, query.status))
    .orderBy(
      query.status === 'pending' ? approvalRequests.createdAt : desc(approvalRequests.createdAt),
    )
    .limit(100);
  return {
    data: rows.map(({ request, maker, checker, customer }) =>
      toApprovalDto(request, {
        maker: personOf(maker),
        checker: personOf(checker),
        customer: personOf(customer),
      }),
    ),
  };
}

interface People {
  maker: { id: string; name: string } | null;
  checker: { id: string; name: string } | null;
  customer: { id: string; name: string } | null;
}

export function toApprovalDto(row: ApprovalRow, people?: People) {
  return {
    id: row.id,
    action: row.action,
    status: row.status,
    summary: row.summary,
    amount: row.amountCents === null ? null : toDollars(row.amountCents),
    reason: row.reason,
    makerId: row.makerId,
    checkerId: row.checkerId,
    maker: people?.maker ?? null,
    checker: people?.checker ?? null,
    customer: people?.customer ?? null,
    decisionReason: row.decisionReason,
    result: row.result,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}
export type ApprovalDto = ReturnType<typeof toApprovalDto>;
