import { toDollars } from '../money/cents.ts';
import type { QueuedEvent } from '../realtime/events.ts';
import { counterpartyOf } from './counterparty.ts';
import type { TransactionRow } from './transaction-row.ts';

/**
 * What one side's owner (`userId`, who chose `notify`) is told of a new movement, with their
 * balance right after it.
 */
export function newMovementEvent(
  row: TransactionRow,
  userId: string,
  notify: boolean,
  incoming: boolean,
  balanceCents: bigint,
): QueuedEvent {
  return {
    userId,
    event: {
      type: 'transaction:new',
      data: {
        transactionId: row.id,
        type: row.type,
        status: row.status,
        amount: toDollars(row.amountCents),
        direction: incoming ? 'credit' : 'debit',
        description: row.description,
        // "Received $42.10 from Bob Rivera": each side is told of the other.
        counterparty: counterpartyOf(row, incoming),
        newBalance: toDollars(balanceCents),
        notify,
      },
    },
  };
}

/** What one side's owner is told of a settled movement; the balance when money moved back. */
export function settledMovementEvent(
  row: TransactionRow,
  userId: string,
  notify: boolean,
  balanceCents: bigint | undefined,
): QueuedEvent {
  return {
    userId,
    event: {
      type: 'transaction:updated',
      data: {
        transactionId: row.id,
        type: row.type,
        status: row.status,
        amount: toDollars(row.amountCents),
        description: row.description,
        notify,
        ...(balanceCents !== undefined ? { newBalance: toDollars(balanceCents) } : {}),
      },
    },
  };
}
