import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { ticketCategories, ticketPriorities, ticketStatuses } from '../enums.ts';
import { primaryId, requiredRef, timestampNow, timestamps } from './columns.ts';
import { nullableUserId, ownerId, userRole } from './users.ts';

export const ticketCategory = pgEnum('ticket_category', ticketCategories);
export const ticketPriority = pgEnum('ticket_priority', ticketPriorities);
export const ticketStatus = pgEnum('ticket_status', ticketStatuses);

/** A customer's support ticket (docs/product.md 3); `number` is the short id people quote. */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: primaryId(),
    number: bigint({ mode: 'number' }).generatedAlwaysAsIdentity({ startWith: 1001 }),
    userId: ownerId(),
    subject: text().notNull(),
    category: ticketCategory().notNull(),
    priority: ticketPriority().notNull().default('medium'),
    description: text().notNull(),
    status: ticketStatus().notNull().default('open'),
    /** The staff member who last changed its status (docs/product.md 4). */
    assignedToId: nullableUserId(),
    ...timestamps(),
  },
  (table) => [
    index('support_tickets_user_idx').on(table.userId, table.updatedAt),
    index('support_tickets_created_idx').on(table.createdAt),
    index('support_tickets_status_idx').on(table.status, table.createdAt),
  ],
);

/** One chat message of a ticket; `senderType` is the sender's role when it was sent. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid().primaryKey(),
    ticketId: requiredRef(() => supportTickets.id, { onDelete: 'cascade' }),
    senderId: nullableUserId(),
    senderType: userRole().notNull(),
    message: text().notNull(),
    createdAt: timestampNow(),
  },
  (table) => [index('support_messages_ticket_idx').on(table.ticketId, table.createdAt, table.id)],
);

/**
 * A file of a ticket (or of one of its messages). The bytes live in the file storage under
 * `storageKey`, a name the server chose; `fileName` is only shown and offered on download.
 */
export const supportAttachments = pgTable(
  'support_attachments',
  {
    id: primaryId(),
    ticketId: requiredRef(() => supportTickets.id, { onDelete: 'cascade' }),
    messageId: uuid().references(() => supportMessages.id, { onDelete: 'cascade' }),
    storageKey: text().notNull().unique(),
    fileName: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    /** Who uploaded it: the attachment quotas sum a customer's own files. */
    uploaderId: nullableUserId(),
    createdAt: timestampNow(),
  },
  (table) => [
    index('support_attachments_ticket_idx').on(table.ticketId),
    index('support_attachments_uploader_idx').on(table.uploaderId, table.createdAt),
    check('support_attachments_size_check', sql`${table.size} between 1 and 10000000`),
  ],
);

/**
 * Who is in a ticket's chat right now (join_support_chat / leave_support_chat of docs/product.md
 * 7), kept in the database so every instance knows; a member not seen for a while has left.
 */
export const supportChatMembers = pgTable(
  'support_chat_members',
  {
    ticketId: requiredRef(() => supportTickets.id, { onDelete: 'cascade' }),
    userId: ownerId(),
    lastSeenAt: timestampNow(),
  },
  (table) => [primaryKey({ columns: [table.ticketId, table.userId] })],
);
