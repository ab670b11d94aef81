import type { Executor } from '@bank/db';
import { approvalRequests } from '@bank/db/schema';
import { TRPCError } from '@trpc/server';
import { and, eq, gt } from 'drizzle-orm';
import { recordAudit } from '../audit/service.ts';
import type { AppDeps, RequestInfo } from '../deps.ts';
import { appError } from '../errors.ts';
import { ownAccount } from '../transactions/reversal.ts';
import { approvalExecutors } from './actions.ts';
import { type ApprovalRow, expireLapsed, toApprovalDto } from './requests.ts';

interface Decider {
  checkerId: string;
  request?: RequestInfo;
  now?: Date;
}

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: 'Approval request not found' });

const ownRequest = () =>
  appError(
    'FORBIDDEN',
    'You cannot decide on your own request. Another staff member must.',
    'OWN_REQUEST',
  );

const closed = (row: ApprovalRow) =>
  appError(
    'CONFLICT',
    row.status === 'expired'
      ? 'This request expired after 24 hours: ask again if it is still needed'
      : `This request was already ${row.status}`,
    'APPROVAL_CLOSED',
  );

/** The request as a second staff member may decide it: pending, not theirs, not about them. */
async function decidable(deps: Pick<AppDeps, 'db'>, id: string, decider: Decider, now: Date) {
  await expireLapsed(deps.db, now);
  const [row] = await deps.db.select().from(approvalRequests).where(eq(approvalRequests.id, id));
  if (!row) throw notFound();
  if (row.makerId === decider.checkerId) throw ownRequest();
  if (row.customerId === decider.checkerId) throw ownAccount();
  if (row.status !== 'pending') throw closed(row);
  return row;
}

/**
 * Takes the request for this decision: only one decider wins a race, and only while it is
 * pending and within its 24 hours.
 */
async function claim(db: Executor, row: ApprovalRow, set: Partial<ApprovalRow>, now: Date) {
  const [claimed] = await db
    .update(approvalRequests)
    .set({ ...set, decidedAt: now })
    .where(
      and(
        eq(approvalRequests.id, row.id),
        eq(approvalRequests.status, 'pending'),
        gt(approvalRequests.expiresAt, now),
      ),
    )
    .returning();
  if (!claimed) {
    const [again] = await db.select().from(approvalRequests).where(eq(approvalRequests.id, row.id));
    throw closed(again ?? row);
  }
  return claimed;
}

/**
 * POST /admin/approvals/{id}/approve: the action runs now, as the maker asked, with its rules
 * checked again. If they refuse it (the money moved meanwhile), the request stays pending and
 * the refusal is the answer.
 */
export async function approveRequest(deps: AppDeps, id: string, decider: Decider) {
  const now = decider.now ?? new Date();
  const row = await decidable(deps, id, decider, now);
  const execute = approvalExecutors[row.action];
  const claimed = await claim(
    deps.db,
    row,
    { status: 'approved', checkerId: decider.checkerId },
    now,
  );
  let result: Record<string, unknown>;
  try {
    result = await execute(deps, claimed, decider);
  } catch (error) {
    await deps.db
      .update(approvalRequests)
      .set({ status: 'pending', checkerId: null, decidedAt: null })
      .where(and(eq(approvalRequests.id, row.id), eq(approvalRequests.status, 'approved')));
    throw error;
  }
  const [done] = await deps.db.transaction(async (tx) => {
    await recordAudit(tx, {
      event: 'approval.approved',
      userId: row.customerId,
      actorId: decider.checkerId,
      request: decider.request,
      details: { approvalId: row.id, action: row.action, makerId: row.makerId, ...result },
    });
    return tx
      .update(approvalRequests)
      .set({ result })
      .where(eq(approvalRequests.id, row.id))
      .returning();
  });
  return { approval: toApprovalDto(done ?? claimed) };
}

/** POST /admin/approvals/{id}/reject: nothing runs; the reason is kept and audited. */
export async function rejectRequest(
  deps: Pick<AppDeps, 'db'>,
  input: { id: string; reason: string },
  decider: Decider,
) {
  const now = decider.now ?? new Date();
  const row = await decidable(deps, input.id, decider, now);
  const rejected = await deps.db.transaction(async (tx) => {
    const claimed = await claim(
      tx,
      row,
      { status: 'rejected', checkerId: decider.checkerId, decisionReason: input.reason },
      now,
    );
    await recordAudit(tx, {
      event: 'approval.rejected',
      userId: row.customerId,
      actorId: decider.checkerId,
      request: decider.request,
      details: {
        approvalId: row.id,
        action: row.action,
        makerId: row.makerId,
        reason: input.reason,
      },
    });
    return claimed;
  });
  return { approval: toApprovalDto(rejected) };
}
