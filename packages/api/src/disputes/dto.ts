import type { Executor } from '@bank/db';
import { disputes, supportTickets, transactions, users } from '@bank/db/schema';
import { and, asc, desc, eq, inArray, notInArray, type SQL } from 'drizzle-orm';
import { toDollars } from '../money/cents.ts';
import { standing } from './deadlines.ts';

export type DisputeRow = typeof disputes.$inferSelect;

const OPEN = ['submitted', 'investigating', 'provisional_credit'] as const;

/** The disputes `where` picks, with their movement, ticket and customer, as the screens show them. */
export async function readDisputes(
  db: Executor,
  where: SQL | undefined,
  now: Date,
  order: 'deadline' | 'newest' = 'newest',
) {
  const rows = await db
    .select({
      dispute: disputes,
      transaction: {
        description: transactions.description,
        amountCents: transactions.amountCents,
        reversedCents: transactions.reversedCents,
        type: transactions.type,
        createdAt: transactions.createdAt,
      },
      ticketNumber: supportTickets.number,
      customer: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      },
    })
    .from(disputes)
    .innerJoin(transactions, eq(transactions.id, disputes.transactionId))
    .innerJoin(supportTickets, eq(supportTickets.id, disputes.ticketId))
    .innerJoin(users, eq(users.id, disputes.userId))
    .where(where)
    .orderBy(
      ...(order === 'deadline'
        ? [asc(disputes.decisionDueAt), asc(disputes.createdAt)]
        : [desc(disputes.createdAt)]),
    )
    .limit(200);
  const data = rows.map(({ dispute, transaction, ticketNumber, customer }) => ({
    ...toDisputeDto(dispute, now),
    ticketNumber,
    transaction: {
      description: transaction.description,
      type: transaction.type,
      amount: toDollars(transaction.amountCents),
      reversedAmount: toDollars(transaction.reversedCents),
      createdAt: transaction.createdAt.toISOString(),
    },
    customer: {
      id: customer.id,
      name: `${customer.firstName} ${customer.lastName}`.trim(),
      email: customer.email,
    },
  }));
  // The queue: what falls due first comes first (the credit's deadline until a credit is made).
  if (order === 'deadline')
    data.sort(
      (a, b) =>
        (a.nextDeadline ?? a.decisionDueAt).localeCompare(b.nextDeadline ?? b.decisionDueAt) ||
        a.createdAt.localeCompare(b.createdAt),
    );
  return data;
}

export const openStatus = () => inArray(disputes.status, [...OPEN]);
export const closedStatus = () => notInArray(disputes.status, [...OPEN]);
export const ofUser = (userId: string) => eq(disputes.userId, userId);
export const ofTransaction = (transactionId: string) => eq(disputes.transactionId, transactionId);
export const both = (...conditions: Array<SQL | undefined>) => and(...conditions);

export function toDisputeDto(row: DisputeRow, now: Date) {
  const clock = standing(row, now);
  return {
    id: row.id,
    status: row.status,
    reason: row.reason,
    description: row.description,
    ticketId: row.ticketId,
    transactionId: row.transactionId,
    creditedAmount: toDollars(row.creditedCents),
    creditTransactionId: row.creditTransactionId,
    creditReversalId: row.creditReversalId,
    decisionReason: row.decisionReason,
    creditDueAt: row.creditDueAt.toISOString(),
    decisionDueAt: row.decisionDueAt.toISOString(),
    nextDeadline: clock.nextDeadline?.toISOString() ?? null,
    late: clock.late,
    creditLate: clock.creditLate,
    decisionLate: clock.decisionLate,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}
export type DisputeDto = ReturnType<typeof toDisputeDto>;
