import { TRPCError } from '@trpc/server';
import type { SessionWithUser } from '../auth/sessions.ts';
import { toDollars } from '../money/cents.ts';
import { type MovementResult, type TransactionRow, toTransactionDto } from './dto.ts';

/** A rule said no: the customer sees this message (400). */
export const refuse = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });

export function last4(value: string): string {
  return value.slice(-4);
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
