import { disputeReasons, disputeStatuses, openDisputeStatuses } from '@bank/db/enums';
import { z } from 'zod';
import { requiredString } from './common.ts';
import { amountField } from './money.ts';

export { disputeReasons, disputeStatuses, openDisputeStatuses };

/** How the form and the queue name each reason. */
export const disputeReasonLabels = {
  unauthorised: 'I did not make or allow this payment',
  wrong_amount: 'The amount is wrong',
  duplicate: 'I was charged twice',
  not_received: 'I did not receive what I paid for',
  other: 'Something else',
} as const satisfies Record<(typeof disputeReasons)[number], string>;

export const disputeStatusLabels = {
  submitted: 'Submitted',
  investigating: 'Investigating',
  provisional_credit: 'Provisional credit',
  resolved: 'Resolved in your favour',
  denied: 'Denied',
  withdrawn: 'Withdrawn',
} as const satisfies Record<(typeof disputeStatuses)[number], string>;

/** POST /transactions/{id}/disputes: 'Report a problem' on one of the customer's movements. */
export const disputeCreateInput = z.object({
  id: z.uuid('Transaction not found'),
  reason: z.enum(disputeReasons, { error: 'Please choose what went wrong' }),
  description: requiredString('Please describe the problem', 2000).min(
    10,
    'Please describe the problem in at least 10 characters',
  ),
});
export type DisputeCreateInput = z.input<typeof disputeCreateInput>;

export const disputeIdInput = z.object({ id: z.uuid('Dispute not found') });

/** The customer's own disputes, optionally of one movement. */
export const disputeListQuery = z.object({
  transactionId: z.uuid('Transaction not found').optional(),
});

/** The staff queue: open disputes by default (nearest deadline first), or closed ones. */
export const disputeQueueQuery = z.object({
  state: z.enum(['open', 'closed'], { error: 'State must be open or closed' }).default('open'),
});

/** Where staff may move a dispute; the customer alone withdraws it. */
export const staffDisputeStatuses = [
  'investigating',
  'provisional_credit',
  'resolved',
  'denied',
] as const;

/** PUT /admin/disputes/{id}: move it on; a denial says why, a provisional credit may be less. */
export const disputeUpdateInput = disputeIdInput
  .extend({
    status: z.enum(staffDisputeStatuses, {
      error: 'Status must be investigating, provisional_credit, resolved or denied',
    }),
    reason: requiredString('Reason is required', 500).optional(),
    amount: amountField.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.status === 'denied' && value.reason === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: 'A denial must give the customer a reason',
      });
    if (value.amount !== undefined && value.status !== 'provisional_credit')
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: 'An amount is given only with a provisional credit',
      });
  });
export type DisputeUpdateInput = z.input<typeof disputeUpdateInput>;
