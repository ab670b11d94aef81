import type { Executor } from '@bank/db';
import { scheduledTransferOccurrences, scheduledTransfers } from '@bank/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { requestHash } from '../ledger/idempotency.ts';
import { onlyRow } from '../ledger/kinds/answers.ts';
import { type TransferOrder, transferPosting } from '../ledger/kinds/transfer.ts';
import type { Posting } from '../ledger/posting.ts';
import { type MovementResult, movementResultSchema } from '../ledger/transaction-dto.ts';
import { nextOccurrence } from './dates.ts';
import type { ScheduleRow } from './dto.ts';

/** The first try on the day, and the one retry later that day after too little money. */
export type Attempt = 'first' | 'retry';

/**
 * The key of one occurrence's try: the schedule and the date (and which try). Every instance
 * and every run after a crash makes the same key, so the ledger pays a date at most once.
 */
export function occurrenceKey(scheduleId: string, date: string, attempt: Attempt): string {
  return `scheduled:${scheduleId}:${date}${attempt === 'retry' ? ':retry' : ''}`;
}

/**
 * An occurrence's transfer: an ordinary transfer to the payee, judged by the transfer's own
 * rules (balance, daily and payee limits, freezes and holds), keyed by the schedule and date.
 * The occurrence is recorded, and the schedule moved on, in the money's own transaction.
 */
export function scheduledTransferPosting(
  order: TransferOrder,
  schedule: ScheduleRow,
  date: string,
  attempt: Attempt,
): Posting<MovementResult> {
  const key = occurrenceKey(schedule.id, date, attempt);
  const inner = transferPosting(order, {
    userId: schedule.userId,
    key,
    operation: 'scheduled_transfer',
    requestHash: requestHash('scheduled_transfer', {
      scheduleId: schedule.id,
      date,
      payeeId: schedule.payeeId,
      amountCents: schedule.amountCents.toString(),
    }),
    output: movementResultSchema,
  });
  return {
    ...inner,
    judge(ledger) {
      const verdict = inner.judge(ledger);
      if ('refused' in verdict) return verdict;
      return {
        ...verdict,
        async record(tx, applied) {
          await verdict.record?.(tx, applied);
          await recordOccurrence(tx, schedule, date, {
            status: 'completed',
            transactionId: onlyRow(applied).id,
            reason: null,
          });
        },
      };
    },
  };
}

/**
 * What became of `date`: written once (a `retrying` row may become its final outcome), and the
 * schedule moves on past it only if it still stands at that date. Answers whether this call
 * was the one that recorded it, so that the customer is told once.
 */
export async function recordOccurrence(
  tx: Executor,
  schedule: ScheduleRow,
  date: string,
  outcome: {
    status: 'completed' | 'failed' | 'skipped';
    transactionId: string | null;
    reason: string | null;
  },
): Promise<boolean> {
  const written = await tx
    .insert(scheduledTransferOccurrences)
    .values({ scheduleId: schedule.id, date, amountCents: schedule.amountCents, ...outcome })
    .onConflictDoUpdate({
      target: [scheduledTransferOccurrences.scheduleId, scheduledTransferOccurrences.date],
      set: { ...outcome, retryAt: null, updatedAt: sql`now()` },
      setWhere: sql`${scheduledTransferOccurrences.status} = 'retrying'`,
    })
    .returning({ id: scheduledTransferOccurrences.id });
  if (written.length === 0) return false;
  const made = schedule.occurrencesMade + 1;
  const next = nextOccurrence(schedule, date, made);
  await tx
    .update(scheduledTransfers)
    .set({
      nextRunDate: next,
      occurrencesMade: sql`${scheduledTransfers.occurrencesMade} + 1`,
      // The last date behind it: over, unless someone paused or cancelled it meanwhile.
      ...(next === null
        ? {
            status: sql`case when ${scheduledTransfers.status} = 'active' then 'completed' else ${scheduledTransfers.status} end`,
          }
        : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(scheduledTransfers.id, schedule.id), eq(scheduledTransfers.nextRunDate, date)));
  return true;
}
