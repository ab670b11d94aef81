import { TRPCError } from '@trpc/server';
import type { SessionWithUser } from '../auth/sessions.ts';
import { toDollars } from '../money/cents.ts';
import type { QueuedEvent } from '../realtime/events.ts';
import { type MovementResult, type TransactionRow, toTransactionDto } from './dto.ts';

/** A rule said no: the customer sees this message (400). */
export const refuse = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });

export function last4(value: string): string {
  return value.slice(-4);
}

/** Queues the news for both sides, each with its new balance; sent once the money commits. */
export function announce(
  events: QueuedEvent[],
  row: TransactionRow,
  sides: Array<{ userId: string | null; accountId: string; balance: bigint; notify: boolean }>,
) {
  for (const side of sides) {
    if (!side.userId) continue;
    events.push({
      userId: side.userId,
      event: {
        type: 'transaction:new',
        data: {
          transactionId: row.id,
          type: row.type,
          status: row.status,
          amount: toDollars(row.amountCents),
          direction: row.toAccountId === side.accountId ? 'credit' : 'debit',
          description: row.description,
          newBalance: toDollars(side.balance),
          notify: side.notify,
        },
      },
    });
  }
}

/** What a money-moving call answers, from the customer's side. */
export function result(
  message: string,
  row: TransactionRow,
  viewerAccountId: string,
  balance: bigint,
  sender: SessionWithUser['user'],
): MovementResult {
  return {
    message,
    transaction: toTransactionDto(row, viewerAccountId, {
      sender: { firstName: sender.firstName, lastName: sender.lastName, email: sender.email },
    }),
    newBalance: toDollars(balance),
  };
}
