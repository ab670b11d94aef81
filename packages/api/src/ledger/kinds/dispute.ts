import type { Executor } from '@bank/db';
import { TRPCError } from '@trpc/server';
import { formatUsd } from '../../money/cents.ts';
import { timelineEntry } from '../new-row.ts';
import type { Posting } from '../posting.ts';
import { refuse } from '../refusals.ts';
import type { TransactionRow } from '../transaction-row.ts';
import { onlyRow } from './answers.ts';
import { onOpenAccountOf } from './open-account.ts';
import {
  compensatingMovement,
  countReversed,
  reversibleCents,
  shortfallOf,
  wayBack,
} from './reversal.ts';

/** What a provisional credit or its withdrawal leaves written besides the money. */
type RecordRows = (tx: Executor, row: TransactionRow) => Promise<void>;

export interface ProvisionalCreditOrder {
  customerId: string;
  amountCents: bigint;
  /** The disputed movement's description, for the customer's history. */
  disputedDescription: string;
  /** The dispute's own row (status, link to this movement) and audit: in the money's transaction. */
  record: RecordRows;
}

/**
 * Lends the customer the disputed amount while the bank investigates (Regulation E's provisional
 * credit): a movement from the disputes suspense account, never an edit of the disputed one.
 */
export function provisionalCreditPosting(order: ProvisionalCreditOrder): Posting<TransactionRow> {
  return onOpenAccountOf(order.customerId, undefined, (ledger, to) => {
    const note = `Provisional credit of ${formatUsd(order.amountCents)} while we investigate`;
    return {
      effects: [
        {
          open: {
            type: 'dispute_credit',
            status: 'completed',
            amountCents: order.amountCents,
            description: `Provisional credit: ${order.disputedDescription}`,
            category: 'dispute',
            paymentMethod: 'dispute',
            from: ledger.systemAccount('disputes_suspense'),
            to,
            senderUserId: null,
            recipientUserId: order.customerId,
            recipientName: to.owner ? `${to.owner.firstName} ${to.owner.lastName}` : null,
            recipientAccountNumber: to.accountNumber,
            timeline: [timelineEntry('completed', note, ledger.now)],
          },
        },
      ],
      answer: onlyRow,
      record: (tx, applied) => order.record(tx, onlyRow(applied)),
    };
  });
}

export interface CreditWithdrawalOrder {
  creditTransactionId: string;
  /** What to take back; all that is left of the credit when absent. */
  amountCents?: bigint;
  reason: string;
  record: RecordRows;
}

/**
 * Takes a provisional credit back to the suspense account (the dispute was denied or withdrawn,
 * or the money came back another way): a reversal linked to the credit. The customer must hold
 * it; otherwise the refusal names the shortfall, as any reversal's does.
 */
export function creditWithdrawalPosting(order: CreditWithdrawalOrder): Posting<TransactionRow> {
  return {
    needs: { pending: [order.creditTransactionId] },
    judge(ledger) {
      const credit = ledger.transaction(order.creditTransactionId);
      if (!credit || credit.type !== 'dispute_credit')
        return { refused: new TRPCError({ code: 'NOT_FOUND', message: 'Credit not found' }) };
      const left = reversibleCents(credit);
      const amountCents = order.amountCents ?? left;
      if (amountCents <= 0n || amountCents > left)
        return { refused: refuse('This provisional credit has already been taken back') };
      const { from, to } = wayBack(ledger, credit);
      const shortfall = shortfallOf(ledger, from, amountCents);
      if (shortfall) return { refused: shortfall };
      const note = `Provisional credit of ${formatUsd(amountCents)} taken back: ${order.reason}`;
      const { now } = ledger;
      return {
        effects: [
          {
            // Back to the suspense account the credit came from: no customer, no number to show.
            open: compensatingMovement(
              { original: credit, from, to, amountCents, reason: order.reason, note, now },
              {
                category: 'dispute',
                paymentMethod: 'dispute',
                recipientName: 'Horizon Bank disputes',
              },
            ),
          },
        ],
        answer: onlyRow,
        record: async (tx, applied) => {
          await countReversed(tx, credit.id, amountCents, note, now);
          await order.record(tx, onlyRow(applied));
        },
      };
    },
  };
}
