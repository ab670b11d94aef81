import { formatUsd } from '../../money/cents.ts';
import { outflowOn } from '../account-state.ts';
import { timelineEntry } from '../new-row.ts';
import type { Customer, IdempotencyClaim, Posting } from '../posting.ts';
import { dailyLimitExceeded, insufficientFunds } from '../refusals.ts';
import { type MovementResult, movementResult } from '../transaction-dto.ts';
import { onlyRow } from './answers.ts';
import { onOpenAccountOf } from './open-account.ts';

/** A withdrawal whose destination was checked: pending in clearing until paid out. */
export interface WithdrawalOrder {
  user: Customer;
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
  return onOpenAccountOf(user.id, idempotency, (ledger, from) => {
    const state = ledger.stateOf(from);
    if (state.balanceCents < amountCents)
      return { refused: insufficientFunds(amountCents, state.balanceCents) };
    // The user's own daily limit, or the bank's.
    const limit = user.withdrawalLimitCents ?? ledger.settings.withdrawalLimitCents;
    const usedCents = outflowOn(state, ledger.day, 'withdraw');
    if (usedCents + amountCents > limit)
      return {
        refused: dailyLimitExceeded(
          `Daily withdrawal limit exceeded: the limit is ${formatUsd(limit)} a day`,
          { limitCents: limit, usedCents, day: ledger.day },
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
        movementResult(
          'Withdrawal request submitted successfully',
          onlyRow(applied),
          from.id,
          applied.balanceOf(from.id),
          user,
        ),
    };
  });
}
