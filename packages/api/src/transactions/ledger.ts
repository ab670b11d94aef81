import { randomUUID } from 'node:crypto';
import type { Executor } from '@bank/db';
import { accounts, ledgerEntries, type TimelineEntry, transactions } from '@bank/db/schema';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AccountRow } from '../accounts/service.ts';
import { queryRows } from '../db-rows.ts';
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
  from: Pick<AccountRow, 'id'>;
  to: Pick<AccountRow, 'id'>;
  senderUserId: string | null;
  recipientUserId: string | null;
  recipientName?: string | null;
  recipientAccountNumber?: string | null;
  counterparty?: Record<string, string> | null;
  timeline: TimelineEntry[];
  /**
   * A daily limit checked inside the same statement: what left `from` today through this type
   * (pending or done) plus this amount may not exceed `limitCents`. The caller holds the lock
   * on `from`, so every earlier movement of it has committed and is counted.
   */
  dailyLimit?: { limitCents: bigint; since: Date };
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

const movementResult = z.object({
  id: z.string(),
  created_at: z.coerce.date(),
  from_balance: z.string(),
  to_balance: z.string(),
});

/**
 * Writes a movement as a transaction with two entries that sum to zero and moves the cached
 * balances with them, in one statement (one round trip on the hot path). The caller has locked
 * both accounts (lockAccountsInOrder) and checked the balance; the database's check still
 * refuses a customer balance below zero. Answers null when the daily limit would be exceeded.
 */
export async function recordMovement(db: Executor, movement: Movement) {
  const amount = movement.amountCents.toString();
  const negative = (-movement.amountCents).toString();
  const deltas = sql`(values (${movement.from.id}::uuid, ${negative}::bigint), (${movement.to.id}::uuid, ${amount}::bigint)) as x(account_id, amount)`;
  const limit = movement.dailyLimit;
  const withinLimit = limit
    ? sql`(select coalesce(sum(amount_cents), 0) from transactions
        where from_account_id = ${movement.from.id}::uuid and type = ${movement.type}::transaction_type
          and status in ('pending', 'completed') and created_at >= ${limit.since.toISOString()}::timestamptz)
        + ${amount}::bigint <= ${limit.limitCents.toString()}::bigint`
    : sql`true`;
  const [written] = await queryRows(
    db,
    sql`with t as (
      insert into transactions (type, status, amount_cents, description, category, payment_method, notes,
        from_account_id, to_account_id, sender_user_id, recipient_user_id, recipient_name,
        recipient_account_number, counterparty, timeline)
      select ${movement.type}::transaction_type, ${movement.status}::transaction_status, ${amount}::bigint,
        ${movement.description}, ${movement.category}, ${movement.paymentMethod}, ${movement.notes ?? null},
        ${movement.from.id}::uuid, ${movement.to.id}::uuid, ${movement.senderUserId}::uuid, ${movement.recipientUserId}::uuid,
        ${movement.recipientName ?? null}, ${movement.recipientAccountNumber ?? null},
        ${movement.counterparty ? JSON.stringify(movement.counterparty) : null}::jsonb, ${JSON.stringify(movement.timeline)}::jsonb
      where ${withinLimit}
      returning id, created_at
    ), e as (
      insert into ledger_entries (transaction_id, account_id, amount_cents)
      select t.id, x.account_id, x.amount from t cross join ${deltas}
    ), u as (
      update accounts a set balance_cents = a.balance_cents + x.amount,
        transaction_count = a.transaction_count + 1 from ${deltas}
      where a.id = x.account_id and exists (select 1 from t)
      returning a.id, a.balance_cents
    )
    select t.id, t.created_at,
      (select balance_cents::text from u where u.id = ${movement.from.id}::uuid) as from_balance,
      (select balance_cents::text from u where u.id = ${movement.to.id}::uuid) as to_balance
    from t`,
    movementResult,
  );
  if (!written) return null;
  const transaction: TransactionRow = {
    id: written.id,
    type: movement.type,
    status: movement.status,
    amountCents: movement.amountCents,
    currency: 'USD',
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
    createdAt: written.created_at,
    updatedAt: written.created_at,
  };
  return {
    transaction,
    fromBalance: BigInt(written.from_balance),
    toBalance: BigInt(written.to_balance),
  };
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
