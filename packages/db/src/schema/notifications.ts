import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { NotificationType } from '../enums.ts';
import { timestampNow } from './columns.ts';

/**
 * The inbox: every event a customer is told about, kept after its toast has gone. Written by
 * the statement that NOTIFYs the event (realtime/events.ts logAndNotify), so a notice exists
 * exactly when its event was announced.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    /**
     * No foreign key: the one insert (logAndNotify) takes the user from a join on `users`, and
     * users are never deleted (decision 047); a key's check per notice cost the money statement.
     */
    userId: uuid().notNull(),
    /** What it is about (enums.ts notificationTypes; api realtime/events.ts noticeOf writes them). */
    type: text().$type<NotificationType>().notNull(),
    title: text().notNull(),
    message: text().notNull(),
    /** Where in the app it leads, e.g. /transactions/{id}. */
    link: text(),
    read: boolean().notNull().default(false),
    /**
     * An e-mail is owed for it (money in, a failed payment, with the customer's transaction
     * notifications on when it was written); the money e-mail round clears it
     * (api notifications/money-mail.ts).
     */
    emailDue: boolean().notNull().default(false),
    createdAt: timestampNow(),
  },
  (table) => [
    index('notifications_user_idx').on(table.userId, table.id.desc()),
    index('notifications_unread_idx').on(table.userId).where(sql`${table.read} = false`),
    index('notifications_email_due_idx').on(table.id).where(sql`${table.emailDue}`),
  ],
);
