import type { Executor } from '@bank/db';
import { type SQL, sql } from 'drizzle-orm';
import type { Counterparty } from '../ledger/counterparty.ts';

export const EVENTS_CHANNEL = 'bank_events';

/** Every event a signed-in client can receive (docs/architecture.md 6). */
export type AppEvent =
  | { type: 'security:signin'; data: { at: string; ip: string | null; userAgent: string | null } }
  | {
      type: 'transaction:new';
      data: {
        transactionId: string;
        type: string;
        status: string;
        amount: number;
        direction: 'credit' | 'debit';
        description: string;
        /** Absent from events written before it was sent (a resume may read them back). */
        counterparty?: Counterparty;
        newBalance: number;
        /** The customer's "Transaction Notifications" choice: false updates silently. */
        notify: boolean;
      };
    }
  | {
      type: 'transaction:updated';
      data: {
        transactionId: string;
        type: string;
        status: string;
        amount: number;
        description: string;
        notify: boolean;
        /** Present when money moved back (a failed transfer returned to the sender). */
        newBalance?: number;
      };
    }
  | { type: 'ticket:response'; data: { ticketId: string; message?: string } }
  | {
      type: 'loan:status';
      data: { loanId: string; status: string; reason?: string | null; overdue?: boolean };
    }
  /** A customer edited a pending application: loan management screens refresh it. */
  | { type: 'loan:updated'; data: { loanId: string; version: number } }
  /** `active: false` tells clients the bank is open again, so they carry on without reloading. */
  | { type: 'system:maintenance'; data: { active: boolean; message: string; infoUrl: string } }
  | { type: 'system:error'; data: { message: string } }
  /** Staff froze, lifted, held or released on one of the customer's accounts (issue 24). */
  | { type: 'account:restrictions'; data: { accountNumber: string } }
  | { type: 'new_support_message'; data: Record<string, unknown> & { ticketId: string } }
  | { type: 'support:ticket_updated'; data: { ticketId: string; status: string } }
  | { type: 'support:agent_joined'; data: { ticketId: string; agentName: string } }
  | {
      type: 'support:typing';
      data: { ticketId: string; userId: string; name: string; at: string };
    };

/**
 * `userId: null` reaches every connected client (system notices). `id` is the event's row in
 * the `events` log: ids grow, and a client that reconnects resumes after the last one it saw.
 */
export interface EventEnvelope {
  id: string;
  userId: string | null;
  event: AppEvent;
}

export interface QueuedEvent {
  userId: string | null;
  event: AppEvent;
}

/**
 * The one way events leave: two CTEs for the statement that made the change. `logged` writes
 * them to the `events` log (when `when` holds), `notified` NOTIFYs each with its id; PostgreSQL
 * delivers them on commit, to every instance, and never for work that was rolled back. The
 * statement must read `notified` (a plain CTE runs only when read).
 */
export function logAndNotify(events: QueuedEvent[], when: SQL): SQL {
  const rows = JSON.stringify(
    events.map(({ userId, event }, n) => ({ n, user_id: userId, event })),
  );
  return sql`logged as (
      insert into events (user_id, event)
      select x.user_id, x.event from jsonb_to_recordset(${rows}::jsonb) as x(n int, user_id uuid, event jsonb)
      where ${when}
      order by x.n
      returning id, user_id, event
    ), notified as (
      select pg_notify(${EVENTS_CHANNEL}, jsonb_build_object('id', l.id::text, 'userId', l.user_id,
        'event', l.event)::text)
      from (select * from logged order by id) l
    )`;
}

/** Publishes inside the caller's transaction (or as a statement of its own). */
export async function publishEvent(
  db: Executor,
  userId: string | null,
  event: AppEvent,
): Promise<void> {
  await publishEvents(db, [{ userId, event }]);
}

export async function publishEvents(db: Executor, events: QueuedEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.execute(
    sql`with ${logAndNotify(events, sql`true`)} select count(*)::int as n from notified`,
  );
}
