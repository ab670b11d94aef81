import { approvalActions, approvalStatuses } from '@bank/db/enums';
import { z } from 'zod';
import { requiredString } from './common.ts';
import { amountField } from './money.ts';

export { approvalActions, approvalStatuses };

/** Why staff act: every reversal, approval request and rejection says so (audited). */
export const staffReasonField = requiredString('Reason is required', 500);

/** POST /admin/transactions/{id}/reversal: all that is left of it unless `amount` says less. */
export const reversalInput = z.object({
  id: z.uuid('Transaction not found'),
  amount: amountField.optional(),
  reason: staffReasonField,
});
export type ReversalInput = z.input<typeof reversalInput>;

export const approvalIdInput = z.object({ id: z.uuid('Approval request not found') });

export const approvalRejectInput = approvalIdInput.extend({ reason: staffReasonField });

/** The approvals queue: waiting requests by default, or those of one status. */
export const approvalListQuery = z.object({
  status: z.enum(approvalStatuses, { error: 'Unknown status' }).default('pending'),
});
