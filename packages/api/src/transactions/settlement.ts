import type { Database } from '@bank/db';
import { transactions } from '@bank/db/schema';
import { and, eq, lt } from 'drizzle-orm';
import { lockAccountsInOrder } from '../accounts/service.ts';
import { toDollars } from '../money/cents.ts';
import { publishEvents, type QueuedEvent } from '../realtime/events.ts';
import type { TransactionRow } from './dto.ts';
import { reverseMovement, timelineEntry } from './ledger.ts';

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

/** Completes (or fails, returning the money) pending movements older than `minAgeMs`. */
export async function settlePendingTransactions(
  db: Database,
  minAgeMs: number,
  batch = 50,
): Promise<number> {
  const events: QueuedEvent[] = [];
  const settled = await db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(transactions)
      .where(
        and(
          eq(transactions.status, 'pending'),
          lt(transactions.createdAt, new Date(Date.now() - minAgeMs)),
        ),
      )
      .orderBy(transactions.createdAt)
      .limit(batch)
      .for('update', { skipLocked: true });
    for (const row of due) {
      await lockAccountsInOrder(tx, [row.fromAccountId, row.toAccountId]);
      const rejection = clearingRejects(row);
      if (rejection) {
        const { transaction, fromBalance } = await reverseMovement(tx, row, rejection);
        if (row.senderUserId) {
          events.push({
            userId: row.senderUserId,
            event: {
              type: 'transaction:updated',
              data: {
                transactionId: row.id,
                status: transaction.status,
                newBalance: toDollars(fromBalance),
              },
            },
          });
        }
        continue;
      }
      await tx
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
        .where(eq(transactions.id, row.id));
      if (row.senderUserId) {
        events.push({
          userId: row.senderUserId,
          event: {
            type: 'transaction:updated',
            data: { transactionId: row.id, status: 'completed' },
          },
        });
      }
    }
    return due.length;
  });
  await publishEvents(db, events);
  return settled;
}
