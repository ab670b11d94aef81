import type { Database, Executor } from '@bank/db';
import { transactions, users } from '@bank/db/schema';
import { and, eq, lt } from 'drizzle-orm';
import { lockAccountsInOrder } from '../accounts/service.ts';
import { toDollars } from '../money/cents.ts';
import { publishEvents, type QueuedEvent } from '../realtime/events.ts';
import type { TransactionRow } from './dto.ts';
import { reverseMovement, timelineEntry } from './ledger.ts';
import { withDbRetry } from './retry.ts';

/**
 * The sandbox clearing network: an account number ending in 0000 does not exist there, so a
 * transfer to it fails and its money comes back. Everything else clears.
 */
export function clearingRejects(row: TransactionRow): string | null {
  if (row.type === 'transfer' && row.recipientAccountNumber?.endsWith('0000')) {
    return 'The receiving bank rejected the transfer: account not found';
  }
  return null;
}

/**
 * Completes (or fails, returning the money) pending movements older than `minAgeMs`. Rows are
 * claimed with SKIP LOCKED (instances share the work) and all their accounts are locked at
 * once, in id order, like every other movement.
 */
export async function settlePendingTransactions(
  db: Database,
  minAgeMs: number,
  batch = 50,
): Promise<number> {
  const events: QueuedEvent[] = [];
  const settled = await withDbRetry(() => {
    events.length = 0;
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ row: transactions, notify: users.notifyTransactions })
        .from(transactions)
        .leftJoin(users, eq(users.id, transactions.senderUserId))
        .where(
          and(
            eq(transactions.status, 'pending'),
            lt(transactions.createdAt, new Date(Date.now() - minAgeMs)),
          ),
        )
        .orderBy(transactions.createdAt)
        .limit(batch)
        .for('update', { of: transactions, skipLocked: true });
      await lockAccountsInOrder(
        tx,
        due.flatMap(({ row }) => [row.fromAccountId, row.toAccountId]),
      );
      for (const { row, notify } of due) {
        const rejection = clearingRejects(row);
        const settledRow = rejection
          ? await reverseMovement(tx, row, rejection)
          : { transaction: await completeMovement(tx, row), fromBalance: undefined };
        if (!row.senderUserId) continue;
        events.push({
          userId: row.senderUserId,
          event: {
            type: 'transaction:updated',
            data: {
              transactionId: row.id,
              type: row.type,
              status: settledRow.transaction.status,
              amount: toDollars(row.amountCents),
              description: row.description,
              notify: notify ?? true,
              ...(settledRow.fromBalance === undefined
                ? {}
                : { newBalance: toDollars(settledRow.fromBalance) }),
            },
          },
        });
      }
      return due.length;
    });
  });
  await publishEvents(db, events);
  return settled;
}

async function completeMovement(tx: Executor, row: TransactionRow): Promise<TransactionRow> {
  const [updated] = await tx
    .update(transactions)
    .set({
      status: 'completed',
      updatedAt: new Date(),
      timeline: [
        ...row.timeline,
        timelineEntry(
          'completed',
          row.type === 'withdraw' ? 'Paid out' : 'Received by the external bank',
        ),
      ],
    })
    .where(eq(transactions.id, row.id))
    .returning();
  if (!updated) throw new Error('Transaction vanished');
  return updated;
}
