import type { Database } from '@bank/db';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows } from '../db-rows.ts';
import { publishEvents, type QueuedEvent } from '../realtime/events.ts';

/** Days behind on the oldest unpaid instalment after which a loan is in default. */
export const DEFAULT_AFTER_DAYS = 90;

const changedRow = z.object({
  id: z.string(),
  user_id: z.string(),
  status: z.string(),
  overdue: z.boolean(),
});

/**
 * Marks loans whose oldest unpaid instalment is past due (overdue since that date) and those
 * 90 days behind as defaulted; a loan caught up is no longer overdue. Moves no money: paying is
 * always the customer's act. The borrower hears of each change live. Runs hourly, like the
 * housekeeping sweep, and is safe on several instances (one statement).
 */
export async function markArrears(db: Database, now = new Date()): Promise<number> {
  const today = now.toISOString().slice(0, 10);
  const cutoff = new Date(now.getTime() - DEFAULT_AFTER_DAYS * 86_400_000)
    .toISOString()
    .slice(0, 10);
  return db.transaction(async (tx) => {
    const changed = await queryRows(
      tx,
      sql`with behind as (
        select l.id, (select min(p.due_date) from loan_payments p
          where p.loan_id = l.id and p.paid_at is null and p.due_date < ${today}::date) as since
        from loans l where l.status in ('approved', 'defaulted')
      ), updated as (
        update loans l set overdue_since = b.since,
          status = case when b.since is not null and b.since <= ${cutoff}::date
            then 'defaulted'::loan_status else l.status end,
          updated_at = now()
        from behind b
        where l.id = b.id and (l.overdue_since is distinct from b.since
          or (b.since is not null and b.since <= ${cutoff}::date and l.status <> 'defaulted'))
        returning l.id, l.user_id, l.status, l.overdue_since is not null as overdue
      )
      select id::text, user_id::text, status::text, overdue from updated`,
      changedRow,
    );
    // Only news worth telling: a loan fell behind, or into default (catching up is the payment's).
    const events: QueuedEvent[] = changed
      .filter((row) => row.overdue)
      .map((row) => ({
        userId: row.user_id,
        event: {
          type: 'loan:status',
          data: { loanId: row.id, status: row.status, overdue: row.overdue },
        },
      }));
    await publishEvents(tx, events);
    return changed.length;
  });
}
