import { randomUUID } from 'node:crypto';
import type { Executor } from '@bank/db';
import { accounts, ledgerEntries, type TimelineEntry, transactions } from '@bank/db/schema';
import { eq, sql } from 'drizzle-orm';
import type { AccountRow } from '../accounts/service.ts';
import type { TransactionRow } from './dto.ts';

export function timelineEntry(
  status: TimelineEntry['status'],
  description: string,
  at = new Date(),
): TimelineEntry {
  return { id: randomUUID(), status, description, timestamp: at.toISOString() };
}

export interface Movement {
  type: TransactionRow['type'];
  status: 'pending' | 'completed';
  amountCents: bigint;
  description: string;
  category: string;
  paymentMethod: string;
  notes?: string | null;
  from: AccountRow;
  to: AccountRow;
  senderUserId: string | null;
  recipientUserId: string | null;
  recipientName?: string | null;
  recipientAccountNumber?: string | null;
  counterparty?: Record<string, string> | null;
  timeline: TimelineEntry[];
}

async function applyEntry(
  db: Executor,
  transactionId: string,
  accountId: string,
  amountCents: bigint,
) {
  await db.insert(ledgerEntries).values({ transactionId, accountId, amountCents });
  const [row] = await db
    .update(accounts)
    .set({ balanceCents: sql`${accounts.balanceCents} + ${amountCents}` })
    .where(eq(accounts.id, accountId))
    .returning({ balanceCents: accounts.balanceCents });
  if (!row) throw new Error(`Account ${accountId} vanished`);
  return row.balanceCents;
}

/**
 * Writes a movement as a transaction with two entries that sum to zero and moves the cached
 * balances with them. The caller has locked both accounts (lockAccountsInOrder) and checked
 * the rules; the database's check still refuses a customer balance below zero.
 */
export async function recordMovement(db: Executor, movement: Movement) {
  const [row] = await db
    .insert(transactions)
    .values({
      type: movement.type,
      status: movement.status,
      amountCents: movement.amountCents,
      description: movement.description,
      category: movement.category,
      paymentMethod: movement.paymentMethod,
      notes: movement.notes ?? null,
      fromAccountId: movement.from.id,
      toAccountId: movement.to.id,
      senderUserId: movement.senderUserId,
      recipientUserId: movement.recipientUserId,
      recipientName: movement.recipientName ?? null,
      recipientAccountNumber: movement.recipientAccountNumber ?? null,
      counterparty: movement.counterparty ?? null,
      timeline: movement.timeline,
    })
    .returning();
  if (!row) throw new Error('Transaction insert returned nothing');
  const fromBalance = await applyEntry(db, row.id, movement.from.id, -movement.amountCents);
  const toBalance = await applyEntry(db, row.id, movement.to.id, movement.amountCents);
  return { transaction: row, fromBalance, toBalance };
}

/** Returns a pending movement's money (entries the other way) and marks it failed. */
export async function reverseMovement(db: Executor, row: TransactionRow, reason: string) {
  const fromBalance = await applyEntry(db, row.id, row.fromAccountId, row.amountCents);
  const toBalance = await applyEntry(db, row.id, row.toAccountId, -row.amountCents);
  const [updated] = await db
    .update(transactions)
    .set({
      status: 'failed',
      updatedAt: new Date(),
      timeline: [
        ...row.timeline,
        timelineEntry('failed', reason),
        timelineEntry('completed', 'Funds returned to your account'),
      ],
    })
    .where(eq(transactions.id, row.id))
    .returning();
  if (!updated) throw new Error('Transaction vanished');
  return { transaction: updated, fromBalance, toBalance };
}
