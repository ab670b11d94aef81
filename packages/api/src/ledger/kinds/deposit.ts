import { timelineEntry } from '../new-row.ts';
import type { Customer, IdempotencyClaim, Posting } from '../posting.ts';
import { type MovementResult, movementResult } from '../transaction-dto.ts';
import { onlyRow } from './answers.ts';
import { onOpenAccountOf } from './open-account.ts';

/** A deposit whose source (card or bank) was checked: credited at once from clearing. */
export interface DepositOrder {
  user: Customer;
  amountCents: bigint;
  description: string;
  paymentMethod: string;
  /** The outside party, masked. */
  counterparty: Record<string, string>;
  /** How the timeline names the source: "card ending 1111". */
  source: string;
}

export function depositPosting(
  order: DepositOrder,
  idempotency?: IdempotencyClaim<MovementResult>,
): Posting<MovementResult> {
  const { user } = order;
  return onOpenAccountOf(user.id, idempotency, (ledger, to) => {
    const { now } = ledger;
    return {
      effects: [
        {
          open: {
            type: 'deposit',
            status: 'completed',
            amountCents: order.amountCents,
            description: order.description,
            category: 'deposit',
            paymentMethod: order.paymentMethod,
            from: ledger.systemAccount('external_clearing'),
            to,
            senderUserId: null,
            recipientUserId: user.id,
            recipientName: `${user.firstName} ${user.lastName}`,
            recipientAccountNumber: to.accountNumber,
            counterparty: order.counterparty,
            timeline: [
              timelineEntry('completed', `Deposit from ${order.source} initiated`, now),
              timelineEntry('completed', 'Funds credited to your account', now),
            ],
          },
        },
      ],
      answer: (applied) =>
        movementResult(
          'Deposit completed successfully',
          onlyRow(applied),
          to.id,
          applied.balanceOf(to.id),
          user,
        ),
    };
  });
}
