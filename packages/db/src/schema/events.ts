import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, uuid } from 'drizzle-orm/pg-core';
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
