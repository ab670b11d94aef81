import { sql } from 'drizzle-orm';
import { bigserial, index, json, jsonb, pgTable, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns.ts';

/**
 * Every realtime event, written by the statement that made the change and NOTIFYed with its
 * id: a client that reconnects resumes from the last id it saw and the missed events are read
 * back from here (docs/architecture.md 6). Kept a day (housekeeping), like idempotency keys.
 */
export const events = pgTable(
  'events',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    /** null: every signed-in client (system notices). */
    userId: uuid(),
    event: jsonb().notNull(),
    createdAt: instant().notNull().default(sql`now()`),
  },
  // No index on created_at: rows arrive in id order, so the sweep finds its cut-off by id and
  // every event written costs two index entries, not three.
  (table) => [index('events_user_idx').on(table.userId, table.id)],
);

/**
 * The events of a ledger batch, kept by the statement that moves the money as one row (as
 * durable as the money) and expanded into `events`, the inbox and the webhook queue once it has
 * committed, by a statement of their own that deletes the row (decision 048). A row found here
 * is an expansion not yet done: after a crash, the next start or sweep does it.
 */
export const eventBatches = pgTable('event_batches', {
  id: bigserial({ mode: 'bigint' }).primaryKey(),
  /** The batch's events in order: `[{userId, event}]`, as `json` (kept as written, not parsed). */
  events: json().notNull(),
  /** When the money moved: the events, inbox rows and webhooks carry this time, not the expansion's. */
  createdAt: instant().notNull().default(sql`now()`),
});
