import { bigserial, index, integer, jsonb, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
import { instant, timestampNow } from './columns.ts';

export const emailStatus = pgEnum('email_status', ['pending', 'sent']);

/**
 * Durable e-mail outbox: rows are written in the transaction that causes them and sent after
 * commit by a worker that retries with back-off until the send succeeds.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    links: jsonb().$type<string[]>().notNull().default([]),
    status: emailStatus().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestampNow(),
    lastError: text(),
    createdAt: timestampNow(),
    sentAt: instant(),
  },
  (table) => [
    index('email_outbox_due_idx').on(table.status, table.nextAttemptAt),
    index('email_outbox_to_idx').on(table.to, table.createdAt),
  ],
);
