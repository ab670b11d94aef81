import type { transferInput } from '@bank/validators/money';
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import type { AccountRow } from '../accounts/service.ts';
import type { SessionWithUser } from '../auth/sessions.ts';
import { uuidV7 } from '../ids/uuid-v7.ts';
import type { ClaimedKey } from './idempotency.ts';
import { type AccountState, outflowToday, type PlannedMovement, timelineEntry } from './ledger.ts';
import { last4, refuse } from './movement-result.ts';
import type { Party } from './transfer-parties.ts';

/** One transfer request, authenticated and parsed, waiting for its batch. */
export interface TransferOrder {
  user: SessionWithUser['user'];
  input: z.infer<typeof transferInput>;
  amountCents: bigint;
  claimed: ClaimedKey | null;
}

/**
 * The transfer rules, in the order the customer is told about them, against the sender's
 * account as it stands (`senderState`: after the transfers judged before this one).
 */
export function judgeTransfer(
  order: TransferOrder,
  parties: {
    sender: AccountRow | undefined;
    senderState: AccountState | undefined;
    target: Party | undefined;
    clearing: AccountRow | undefined;
  },
  limits: { transferLimitCents: bigint; day: string },
): { from: AccountRow; to: AccountRow; recipient: Party | undefined } | TRPCError {
  const { sender, senderState, target, clearing } = parties;
  if (!sender || !senderState)
    return new TRPCError({ code: 'NOT_FOUND', message: 'Account not found' });
  if (target?.account.id === sender.id)
    return refuse('You cannot transfer money to your own account');
  if (target?.account.kind === 'system') return refuse('This account cannot receive transfers');
  const recipient = target?.account.kind === 'customer' ? target : undefined;
  const to = recipient?.account ?? clearing;
  if (!to) throw new Error('System account external_clearing is missing');
  if (senderState.balanceCents < order.amountCents) return refuse('Insufficient funds');
  const sentToday = outflowToday(senderState, limits.day, 'transfer');
  if (sentToday + order.amountCents > limits.transferLimitCents)
    return refuse('Daily transfer limit exceeded');
  return { from: sender, to, recipient };
}

/** The movement an accepted transfer writes: internal at once, external pending clearing. */
export function transferMovement(
  order: TransferOrder,
  from: AccountRow,
  to: AccountRow,
  recipient: Party | undefined,
  now: Date,
): PlannedMovement {
  const { input, user } = order;
  const recipientName = recipient
    ? `${recipient.firstName} ${recipient.lastName}`
    : input.recipientName?.trim() || 'External account';
  return {
    id: uuidV7(now.getTime()),
    createdAt: now,
    type: 'transfer',
    status: recipient ? 'completed' : 'pending',
    amountCents: order.amountCents,
    description: input.description?.trim() || `Transfer to ${recipientName}`,
    category: recipient ? 'transfer' : 'external_transfer',
    paymentMethod: recipient ? 'internal_transfer' : 'bank_transfer',
    from,
    to,
    senderUserId: user.id,
    recipientUserId: recipient?.account.userId ?? null,
    recipientName,
    recipientAccountNumber: input.recipientAccountNumber,
    counterparty: recipient
      ? null
      : { accountLast4: last4(input.recipientAccountNumber), network: 'ACH' },
    timeline: recipient
      ? [
          timelineEntry('completed', 'Transfer initiated', now),
          timelineEntry('completed', `Delivered to ${recipientName}`, now),
        ]
      : [
          timelineEntry('completed', 'Transfer initiated', now),
          timelineEntry('pending', 'Sent to the external bank for clearing', now),
        ],
  };
}
