import type { Executor } from '@bank/db';
import { approvalRequests, transactions } from '@bank/db/schema';
import { and, desc, eq, or } from 'drizzle-orm';
import { toApprovalDto } from '../approvals/requests.ts';
import { disputesOfCustomer } from '../disputes/service.ts';
import { toDollars } from '../money/cents.ts';

/**
 * What operations did to one customer, for the staff user page beside the freezes and holds:
 * the reversals of their movements, their disputes (with deadlines) and the four-eyes requests
 * about them, decided or not.
 */
export async function userOperations(db: Executor, userId: string, now: Date) {
  const [reversals, disputes, approvals] = await Promise.all([
    db
      .select()
      .from(transactions)
      .where(
        and(
          eq(transactions.type, 'reversal'),
          or(eq(transactions.senderUserId, userId), eq(transactions.recipientUserId, userId)),
        ),
      )
      .orderBy(desc(transactions.createdAt))
      .limit(50),
    disputesOfCustomer({ db }, userId, now),
    db
      .select()
      .from(approvalRequests)
      .where(eq(approvalRequests.customerId, userId))
      .orderBy(desc(approvalRequests.createdAt))
      .limit(50),
  ]);
  return {
    reversals: reversals.map((row) => ({
      id: row.id,
      amount: toDollars(row.amountCents),
      description: row.description,
      reverses: row.reversesId,
      // Money back to this customer, or taken from them.
      direction: row.recipientUserId === userId ? ('credit' as const) : ('debit' as const),
      reason: row.notes,
      createdAt: row.createdAt.toISOString(),
    })),
    disputes,
    approvals: approvals.map((row) => toApprovalDto(row)),
  };
}
