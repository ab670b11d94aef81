import {
  disputeCreateInput,
  disputeIdInput,
  disputeListQuery,
  disputeQueueQuery,
  disputeReasons,
  disputeStatuses,
  disputeUpdateInput,
} from '@bank/validators/disputes';
import { z } from 'zod';
import { defineRoute } from '../rest/define.ts';
import { instant, money, uuid } from '../rest/schemas.ts';

const tag = 'Disputes';

/** A dispute as its customer and the staff queue see it. */
const dispute = z
  .object({
    id: uuid,
    status: z.enum(disputeStatuses),
    reason: z.enum(disputeReasons),
    description: z.string(),
    ticketId: uuid,
    transactionId: uuid,
    creditedAmount: money,
    creditTransactionId: uuid.nullable(),
    creditReversalId: uuid.nullable(),
    decisionReason: z.string().nullable(),
    creditDueAt: instant,
    decisionDueAt: instant,
    nextDeadline: instant.nullable(),
    late: z.boolean(),
    creditLate: z.boolean(),
    decisionLate: z.boolean(),
    createdAt: instant,
    updatedAt: instant,
    closedAt: instant.nullable(),
  })
  .meta({ id: 'Dispute' });

const listed = dispute
  .extend({
    ticketNumber: z.number().nullable(),
    transaction: z.object({
      description: z.string(),
      type: z.string(),
      amount: money,
      reversedAmount: money,
      createdAt: instant,
    }),
    customer: z.object({ id: uuid, name: z.string(), email: z.string() }),
  })
  .meta({ id: 'DisputeListed' });

const lifecycle =
  'Lifecycle: `submitted` → `investigating` → `provisional_credit` → `resolved` (for the customer), `denied` (with a reason) or `withdrawn` (by the customer). Deadlines (Regulation E): a provisional credit within 10 business days, a decision within 45 days; `late` says one has passed.';

export const disputeRestRoutes = [
  defineRoute({
    method: 'POST',
    path: '/transactions/:id/disputes',
    summary:
      'Report a problem with one of your payments: opens a dispute worked as a support ticket (`ticketId`). Send JSON, or multipart/form-data with up to 5 repeated `attachments` (as a ticket’s).',
    description: `${lifecycle} One open dispute per transaction: a second answers 409 \`DISPUTE_OPEN\` with \`details.disputeId\`.`,
    tag,
    access: 'signed-in',
    rateLimited: true,
    errors: [409],
    input: disputeCreateInput,
    output: z.object({ message: z.string(), dispute }),
    successStatus: 201,
    multipart: true,
    example: {
      id: '0190f5c2-6a1e-7c3b-9d2f-5b8e4a1c2d3e',
      reason: 'unauthorised',
      description: 'I did not make this payment and do not know the recipient.',
    },
    handle: ({ caller, input }) => caller.disputes.create(input),
  }),
  defineRoute({
    method: 'GET',
    path: '/disputes',
    summary: 'Your disputes, newest first (optionally those of one transaction).',
    tag,
    access: 'signed-in',
    input: disputeListQuery,
    output: z.object({ data: z.array(listed) }),
    handle: ({ caller, input }) => caller.disputes.mine(input),
  }),
  defineRoute({
    method: 'POST',
    path: '/disputes/:id/withdraw',
    summary: 'Withdraw your open dispute; a provisional credit is taken back.',
    tag,
    access: 'signed-in',
    errors: [409],
    input: disputeIdInput,
    output: z.object({ message: z.string(), dispute }),
    handle: ({ caller, input }) => caller.disputes.withdraw(input),
  }),
  defineRoute({
    method: 'GET',
    path: '/admin/disputes',
    summary:
      'The disputes queue (support and administrators): open ones by the deadline that falls first, with `late` counting those past one; or `state=closed`.',
    description: lifecycle,
    tag,
    access: 'staff',
    input: disputeQueueQuery,
    output: z.object({ data: z.array(listed), late: z.number().int() }),
    handle: ({ caller, input }) => caller.disputes.queue(input),
  }),
  defineRoute({
    method: 'PUT',
    path: '/admin/disputes/:id',
    summary:
      'Move a dispute on. `provisional_credit` credits `amount` (default: all that is disputed) from the disputes suspense account; `denied` needs `reason` and takes a credit back; `resolved` keeps it (less what a reversal of the payment already returned).',
    description: `${lifecycle} 409 \`DISPUTE_STATUS\` for a move its status does not allow; 400 \`REVERSAL_SHORTFALL\` when a credit to take back is no longer in the account (hold it first); 403 \`OWN_ACCOUNT\` on one’s own dispute.`,
    tag,
    access: 'staff',
    errors: [409],
    input: disputeUpdateInput,
    output: z.object({ message: z.string(), dispute: listed }),
    example: { id: '0190f5c2-7b2d-7e4f-8a1b-3c5d7e9f1a2b', status: 'provisional_credit' },
    handle: ({ caller, input }) => caller.disputes.update(input),
  }),
];
