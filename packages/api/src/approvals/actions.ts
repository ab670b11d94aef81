import type { ApprovalAction } from '@bank/db/enums';
import { userRoles } from '@bank/db/enums';
import { z } from 'zod';
import { updateUser } from '../admin/user-update.ts';
import type { AppDeps, RequestInfo } from '../deps.ts';
import { decideLoan } from '../loans/decisions.ts';
import { toCents } from '../money/cents.ts';
import { liftFreeze } from '../restrictions/service.ts';
import { executeReversal } from '../transactions/reversal.ts';
import type { ApprovalRow } from './requests.ts';

/** Who decided, for the action's own audit entry: both people are named there. */
export interface Decision {
  checkerId: string;
  request?: RequestInfo;
}

type Executor = (
  deps: AppDeps,
  approval: ApprovalRow,
  decision: Decision,
) => Promise<Record<string, unknown>>;

const reversalPayload = z.object({ transactionId: z.uuid(), amount: z.number().nullable() });
const loanPayload = z.object({
  id: z.uuid(),
  status: z.literal('approved'),
  version: z.number().int(),
});
const limitPayload = z.object({ withdrawalLimit: z.number().nullable() });
const rolePayload = z.object({ role: z.enum(userRoles) });
const freezePayload = z.object({ accountNumber: z.string() });

const noRequest: RequestInfo = { ip: null, userAgent: null };

/**
 * What each kind of request does once approved: the action as the maker asked for it, run now
 * as the maker, with its own rules checked again (the money or the customer may have changed
 * since) and the approver named in its audit entry.
 */
export const approvalExecutors: Record<ApprovalAction, Executor> = {
  reversal: async (deps, approval, decision) => {
    const payload = reversalPayload.parse(approval.payload);
    const { outcome } = await executeReversal(
      deps,
      {
        transactionId: payload.transactionId,
        amountCents: payload.amount === null ? undefined : toCents(payload.amount),
        reason: approval.reason,
      },
      {
        makerId: approval.makerId,
        checkerId: decision.checkerId,
        approvalId: approval.id,
        request: decision.request,
      },
    );
    return { transactionId: outcome.row.id, outcome: outcome.kind };
  },
  loan_approval: async (deps, approval, decision) => {
    const payload = loanPayload.parse(approval.payload);
    const answer = await decideLoan(deps, approval.makerId, payload, decision.request, {
      checkerId: decision.checkerId,
      approvalId: approval.id,
    });
    return {
      loanId: payload.id,
      status: 'loan' in answer ? (answer.loan?.status ?? 'approved') : 'pending',
    };
  },
  limit_raise: async (deps, approval, decision) => {
    const payload = limitPayload.parse(approval.payload);
    return runUserChange(deps, approval, decision, { withdrawalLimit: payload.withdrawalLimit });
  },
  admin_grant: async (deps, approval, decision) => {
    const payload = rolePayload.parse(approval.payload);
    return runUserChange(deps, approval, decision, { role: payload.role });
  },
  freeze_lift: async (deps, approval, decision) => {
    const payload = freezePayload.parse(approval.payload);
    await liftFreeze(
      deps,
      { id: approval.makerId, request: decision.request },
      payload.accountNumber,
      new Date(),
      { checkerId: decision.checkerId, approvalId: approval.id },
    );
    return { accountNumber: payload.accountNumber };
  },
};

async function runUserChange(
  deps: AppDeps,
  approval: ApprovalRow,
  decision: Decision,
  changes: { withdrawalLimit?: number | null; role?: (typeof userRoles)[number] },
) {
  if (!approval.customerId) throw new Error(`Approval ${approval.id} names no user`);
  await updateUser(deps.db, {
    userId: approval.customerId,
    changes,
    actorId: approval.makerId,
    request: decision.request ?? noRequest,
    approved: { checkerId: decision.checkerId, approvalId: approval.id },
  });
  return { userId: approval.customerId, ...changes };
}
