import { TRPCError } from '@trpc/server';
import type { SessionWithUser } from '../../auth/sessions.ts';
import type { MovementResult } from '../../transactions/dto.ts';
import { result } from '../../transactions/movement-result.ts';
import { timelineEntry } from '../book.ts';
import type { IdempotencyClaim, Posting } from '../posting.ts';
import { onlyRow } from './answers.ts';

/** A deposit whose source (card or bank) was checked: credited at once from clearing. */
export interface DepositOrder {
  user: SessionWithUser['user'];
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
  return {
    needs: { users: [user.id] },
    idempotency,
    judge(ledger) {
      const to = ledger.primaryAccountOf(user.id);
      if (!to)
        return { refused: new TRPCError({ code: 'NOT_FOUND', message: 'Account not found' }) };
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
          result(
            'Deposit completed successfully',
            onlyRow(applied),
            to.id,
            applied.balanceOf(to.id),
            user,
          ),
      };
    },
  };
}
