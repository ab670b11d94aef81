import type { ApprovalAction } from '@bank/db/enums';
import { z } from 'zod';
import type { AppDeps, RequestInfo } from '../deps.ts';
import { toCents } from '../money/cents.ts';
import { executeReversal } from '../transactions/reversal.ts';
import type { ApprovalRow } from './requests.ts';

/** Who decided, for the action's own audit entry: both people are named there. */
export interface Decision {
  checkerId: string;
  request?: RequestInfo;
}

type Executor = (
  deps: Pick<AppDeps, 'db' | 'ledger' | 'mailer' | 'publicUrl'>,
  approval: ApprovalRow,
  decision: Decision,
) => Promise<Record<string, unknown>>;

const reversalPayload = z.object({ transactionId: z.uuid(), amount: z.number().nullable() });

/**
 * What each kind of request does once approved: the action as the maker asked for it, run now,
 * with its own rules checked again (the money may have moved since). A new kind (lifting a fraud
 * freeze) is one more entry here and in `approvalActions`.
 */
export const approvalExecutors: Partial<Record<ApprovalAction, Executor>> = {
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
};
