import { randomUUID } from 'node:crypto';
import type { Executor } from '@bank/db';
import { sql } from 'drizzle-orm';

export const EVENTS_CHANNEL = 'bank_events';

/** Every event a signed-in client can receive (DESIGN.md 6). */
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
  | { type: 'loan:status'; data: { loanId: string; status: string } }
  | { type: 'system:maintenance'; data: { message: string; infoUrl: string } }
  | { type: 'system:error'; data: { message: string } }
  | { type: 'new_support_message'; data: Record<string, unknown> & { ticketId: string } };

/** `userId: null` reaches every connected client (system notices). */
export interface EventEnvelope {
  id: string;
  userId: string | null;
  event: AppEvent;
}

/**
 * Publishes inside the caller's transaction with pg_notify, so the event is delivered on
 * commit only, to every instance listening, and never for work that was rolled back.
 */
export async function publishEvent(
  db: Executor,
  userId: string | null,
  event: AppEvent,
): Promise<void> {
  await publishEvents(db, [{ userId, event }]);
}

export interface QueuedEvent {
  userId: string | null;
  event: AppEvent;
}

/**
 * Several events in one round trip (a transfer tells both sides). One statement text whatever
 * their number, so the driver prepares it once per connection.
 */
export async function publishEvents(db: Executor, events: QueuedEvent[]): Promise<void> {
  if (events.length === 0) return;
  const envelopes = eventPayloads(events);
  await db.execute(
    sql`select pg_notify(${EVENTS_CHANNEL}, payload)
      from jsonb_array_elements_text(${JSON.stringify(envelopes)}::jsonb) as e(payload)`,
  );
}

/** The NOTIFY payloads of queued events, for a statement that publishes them itself. */
export function eventPayloads(events: QueuedEvent[]): string[] {
  return events.map(({ userId, event }): string =>
    JSON.stringify({ id: randomUUID(), userId, event } satisfies EventEnvelope),
  );
}
