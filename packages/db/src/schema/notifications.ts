import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { NotificationType } from '../enums.ts';
import { users } from './users.ts';

/**
 * The inbox: every event a customer is told about, kept after its toast has gone. Written by
 * the statement that NOTIFYs the event (realtime/events.ts logAndNotify), so a notice exists
 * exactly when its event was announced.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What it is about (enums.ts notificationTypes; api realtime/events.ts noticeOf writes them). */
    type: text().$type<NotificationType>().notNull(),
    title: text().notNull(),
    message: text().notNull(),
    /** Where in the app it leads, e.g. /transactions/{id}. */
    link: text(),
    read: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('notifications_user_idx').on(table.userId, table.id.desc()),
    index('notifications_unread_idx').on(table.userId).where(sql`${table.read} = false`),
  ],
);
