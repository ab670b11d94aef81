import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { primaryId, timestampNow } from './columns.ts';
import { nullableUserId } from './users.ts';

/** Security-relevant events: sign-ins, password and 2FA changes, blocks, settings. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: primaryId(),
    /** The user the event is about. */
    userId: nullableUserId(),
    /** Who did it, when not the user themself (an administrator). */
    actorId: nullableUserId(),
    event: text().notNull(),
    /** For failed sign-ins of unknown accounts: the e-mail that was tried. */
    email: text(),
    ip: text(),
    userAgent: text(),
    details: jsonb().$type<Record<string, unknown>>(),
    createdAt: timestampNow(),
  },
  (table) => [
    index('audit_log_created_at_idx').on(table.createdAt),
    index('audit_log_user_idx').on(table.userId, table.createdAt),
  ],
);
