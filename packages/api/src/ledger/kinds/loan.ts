import type { Executor } from '@bank/db';
import { timelineEntry } from '../new-row.ts';
import type { Applied, IdempotencyClaim, Posting } from '../posting.ts';
import { insufficientFunds, refuse } from '../refusals.ts';
import { onlyRow } from './answers.ts';
import { onOpenAccountOf } from './open-account.ts';

/** The loan's own rows, written in the same transaction as its money (Verdict.record). */
type LoanRecord = (tx: Executor, transactionId: string) => Promise<void>;

export interface DisbursementOrder {
  borrowerId: string;
  loanId: string;
  amountCents: bigint;
  /** "Personal Loan": the history names what the money is. */
  productName: string;
  record: LoanRecord;
}

/** An approved loan's money: from the bank's loans-funding account to the borrower, at once. */
export function disbursementPosting(order: DisbursementOrder): Posting<{ transactionId: string }> {
  return onOpenAccountOf(order.borrowerId, undefined, (ledger, to) => {
    const { now } = ledger;
    return {
      effects: [
        {
          open: {
            type: 'loan_disbursement',
            status: 'completed',
            amountCents: order.amountCents,
            description: `${order.productName} disbursement`,
            category: 'loan',
            paymentMethod: 'loan',
            from: ledger.systemAccount('loans_funding'),
            to,
            senderUserId: null,
            recipientUserId: order.borrowerId,
            recipientAccountNumber: to.accountNumber,
            counterparty: { loanName: order.productName, loanId: order.loanId },
            timeline: [
              timelineEntry('completed', 'Loan approved', now),
              timelineEntry('completed', 'Funds credited to your account', now),
            ],
          },
        },
      ],
      answer: (applied) => ({ transactionId: onlyRow(applied).id }),
      record: (tx, applied) => order.record(tx, onlyRow(applied).id),
    };
  });
}

export interface RepaymentOrder {
  borrowerId: string;
  loanId: string;
  /** "Personal Loan": the loan the money goes to. */
  productName: string;
  /** Nothing is owed (paid off, or not disbursed): refused, and the refusal kept under the key. */
  nothingOwed: boolean;
  principalCents: bigint;
  interestCents: bigint;
  description: string;
  record: LoanRecord;
}

/**
 * A repayment from the borrower's balance: the principal back to loans-funding, the interest
 * to the bank's interest account, one transaction with three entries.
 */
export function repaymentPosting<R>(
  order: RepaymentOrder,
  answer: (applied: Applied, balanceCents: bigint) => R,
  idempotency?: IdempotencyClaim<R>,
): Posting<R> {
  const amountCents = order.principalCents + order.interestCents;
  return onOpenAccountOf(order.borrowerId, idempotency, (ledger, from) => {
    if (order.nothingOwed) return { refused: refuse('This loan has nothing left to pay') };
    const { balanceCents } = ledger.stateOf(from);
    if (balanceCents < amountCents)
      return { refused: insufficientFunds(amountCents, balanceCents) };
    const { now } = ledger;
    return {
      effects: [
        {
          open: {
            type: 'loan_repayment',
            status: 'completed',
            amountCents,
            description: order.description,
            category: 'loan',
            paymentMethod: 'account_balance',
            from,
            to: ledger.systemAccount('loans_funding'),
            splits:
              order.interestCents > 0n
                ? [{ to: ledger.systemAccount('interest'), amountCents: order.interestCents }]
                : [],
            senderUserId: order.borrowerId,
            recipientUserId: null,
            counterparty: { loanName: order.productName, loanId: order.loanId },
            timeline: [timelineEntry('completed', 'Repayment received', now)],
          },
        },
      ],
      answer: (applied) => answer(applied, applied.balanceOf(from.id)),
      record: (tx, applied) => order.record(tx, onlyRow(applied).id),
    };
  });
}
