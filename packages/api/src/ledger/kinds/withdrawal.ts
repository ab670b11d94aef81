import { TRPCError } from '@trpc/server';
import type { SessionWithUser } from '../../auth/sessions.ts';
import { formatUsd } from '../../money/cents.ts';
import type { MovementResult } from '../../transactions/dto.ts';
import { refuse, result } from '../../transactions/movement-result.ts';
import { outflowOn } from '../account-state.ts';
import { timelineEntry } from '../book.ts';
import type { IdempotencyClaim, Posting } from '../posting.ts';
import { onlyRow } from './answers.ts';

/** A withdrawal whose destination was checked: pending in clearing until paid out. */
export interface WithdrawalOrder {
  user: SessionWithUser['user'];
  amountCents: bigint;
  description: string;
  paymentMethod: string;
  notes: string | null;
  recipientName: string | null;
  counterparty: Record<string, string>;
  /** How the timeline names the destination: "debit card ending 0010". */
  destination: string;
}

export function withdrawalPosting(
  order: WithdrawalOrder,
  idempotency?: IdempotencyClaim<MovementResult>,
): Posting<MovementResult> {
  const { user, amountCents } = order;
  return {
    needs: { users: [user.id] },
    idempotency,
    judge(ledger) {
      const from = ledger.primaryAccountOf(user.id);
      if (!from)
        return { refused: new TRPCError({ code: 'NOT_FOUND', message: 'Account not found' }) };
      const state = ledger.stateOf(from);
      if (state.balanceCents < amountCents) return { refused: refuse('Insufficient funds') };
      // The user's own daily limit, or the bank's.
      const limit = user.withdrawalLimitCents ?? ledger.settings.withdrawalLimitCents;
      if (outflowOn(state, ledger.day, 'withdraw') + amountCents > limit)
        return {
          refused: refuse(
            `Daily withdrawal limit exceeded: the limit is ${formatUsd(limit)} a day`,
          ),
        };
      const { now } = ledger;
      return {
        effects: [
          {
            open: {
              type: 'withdraw',
              status: 'pending',
              amountCents,
              description: order.description,
              category: 'withdrawal',
              paymentMethod: order.paymentMethod,
              notes: order.notes,
              from,
              to: ledger.systemAccount('external_clearing'),
              senderUserId: user.id,
              recipientUserId: null,
              recipientName: order.recipientName,
              counterparty: order.counterparty,
              timeline: [
                timelineEntry('completed', 'Withdrawal requested', now),
                timelineEntry('pending', `Paying out to ${order.destination}`, now),
              ],
            },
          },
        ],
        answer: (applied) =>
          result(
            'Withdrawal request submitted successfully',
            onlyRow(applied),
            from.id,
            applied.balanceOf(from.id),
            user,
          ),
      };
    },
  };
}
