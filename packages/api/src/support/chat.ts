import type { Database, Executor } from '@bank/db';
import {
  supportAttachments,
  supportChatMembers,
  supportMessages,
  supportTickets,
  users,
} from '@bank/db/schema';
import { supportMessages as texts } from '@bank/validators/support';
import { TRPCError } from '@trpc/server';
import { and, asc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { uuidV7 } from '../ids/uuid-v7.ts';
import type { Mailer } from '../mail/outbox.ts';
import { supportReplyEmail } from '../mail/templates.ts';
import { can } from '../permissions.ts';
import { publishEvents, type QueuedEvent } from '../realtime/events.ts';
import type { Actor } from './actor.ts';
import { recordAttachments } from './attachment-rows.ts';
import type { StoredUpload } from './file-types.ts';
import { admitChatLine, admitFiles, type QuotaDeps } from './quotas.ts';
import { chatIsOpen, findTicketFor, toAttachmentDto } from './tickets.ts';

/** A chat member who has not said "still here" for this long has left (closed tab, crash). */
export const PRESENCE_MS = 75_000;

const freshMember = () =>
  gt(supportChatMembers.lastSeenAt, sql`now() - make_interval(secs => ${PRESENCE_MS / 1000})`);

interface MessageRow {
  id: string;
  ticketId: string;
  senderId: string | null;
  senderType: 'user' | 'admin' | 'support';
  message: string;
  createdAt: Date;
  firstName: string | null;
  lastName: string | null;
}

function toMessageDto(row: MessageRow, attachments: Array<typeof supportAttachments.$inferSelect>) {
  const name = row.firstName ? `${row.firstName} ${row.lastName}` : 'Deleted user';
  return {
    id: row.id,
    _id: row.id,
    ticketId: row.ticketId,
    sender: { id: row.senderId, _id: row.senderId, name },
    senderType: row.senderType,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    timestamp: row.createdAt.toISOString(),
    attachments: attachments.map(toAttachmentDto),
  };
}

export type ChatMessage = ReturnType<typeof toMessageDto>;

const messageColumns = {
  id: supportMessages.id,
  ticketId: supportMessages.ticketId,
  senderId: supportMessages.senderId,
  senderType: supportMessages.senderType,
  message: supportMessages.message,
  createdAt: supportMessages.createdAt,
  firstName: users.firstName,
  lastName: users.lastName,
};

async function messagesWhere(db: Executor, ticketId: string, messageId?: string) {
  const rows = await db
    .select(messageColumns)
    .from(supportMessages)
    .leftJoin(users, eq(users.id, supportMessages.senderId))
    .where(
      messageId
        ? and(eq(supportMessages.ticketId, ticketId), eq(supportMessages.id, messageId))
        : eq(supportMessages.ticketId, ticketId),
    )
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
  const ids = rows.map((row) => row.id);
  const files =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(supportAttachments)
          .where(inArray(supportAttachments.messageId, ids))
          .orderBy(asc(supportAttachments.createdAt), asc(supportAttachments.id));
  return rows.map((row) =>
    toMessageDto(
      row,
      files.filter((file) => file.messageId === row.id),
    ),
  );
}

/** The whole conversation in order, with the ticket's status, customer and assignee. */
export async function listMessages(db: Executor, actor: Actor, ticketId: string) {
  const { row } = await findTicketFor(db, actor, ticketId);
  return {
    messages: await messagesWhere(db, ticketId),
    ticketInfo: {
      status: row.ticket.status,
      user: {
        id: row.user.id,
        _id: row.user.id,
        name: `${row.user.firstName} ${row.user.lastName}`,
        email: row.user.email,
      },
      assignedTo: row.assignee
        ? { id: row.assignee.id, name: `${row.assignee.firstName} ${row.assignee.lastName}` }
        : null,
    },
  };
}

/**
 * NOTIFY carries at most 8000 bytes: a long line travels cut short, marked `truncated`, and the
 * client reads the whole one back (a 1000-character cut stays under the limit in any script).
 */
export const LIVE_TEXT_LIMIT = 1000;

function liveCopy(message: ChatMessage): Record<string, unknown> & { ticketId: string } {
  if (message.message.length <= LIVE_TEXT_LIMIT) return { ...message };
  return { ...message, message: message.message.slice(0, LIVE_TEXT_LIMIT), truncated: true };
}

/** Everyone in the ticket's chat now: its customer, and staff who have it open. */
async function participants(db: Executor, ticketId: string, ownerId: string) {
  const rows = await db
    .select({ userId: supportChatMembers.userId })
    .from(supportChatMembers)
    .where(and(eq(supportChatMembers.ticketId, ticketId), freshMember()));
  return new Set([ownerId, ...rows.map((row) => row.userId)]);
}

async function customerIsPresent(db: Executor, ticketId: string, ownerId: string) {
  const [row] = await db
    .select({ userId: supportChatMembers.userId })
    .from(supportChatMembers)
    .where(
      and(
        eq(supportChatMembers.ticketId, ticketId),
        eq(supportChatMembers.userId, ownerId),
        freshMember(),
      ),
    );
  return row !== undefined;
}

/**
 * Stores a chat line (with any uploaded files) and delivers it: `new_support_message` to
 * every participant, `ticket:response` to the customer when staff answer, and an e-mail when
 * that customer is not in the chat and allows it. A resent line (same `clientId`) is kept once.
 */
export async function postMessage(
  db: Database,
  deps: { mailer: Mailer; publicUrl: string } & QuotaDeps,
  actor: Actor,
  input: { ticketId: string; message: string; clientId?: string },
  uploads: readonly StoredUpload[] = [],
) {
  const { row, isOwner } = await findTicketFor(db, actor, input.ticketId);
  if (!isOwner && !can(actor.role, 'update:ticket:any')) throw new TRPCError({ code: 'NOT_FOUND' });
  if (!chatIsOpen(row.ticket.status)) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: texts.resolvedNoChat });
  }
  await admitChatLine(deps, actor);
  const settings = await deps.settings.get();
  const id = input.clientId ?? uuidV7();
  const fromStaff = !isOwner;
  const created = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(supportMessages)
      .values({
        id,
        ticketId: input.ticketId,
        senderId: actor.id,
        senderType: actor.role,
        message: input.message,
      })
      .onConflictDoNothing({ target: supportMessages.id })
      .returning({ id: supportMessages.id });
    if (inserted.length === 0) {
      // A retry of a line already stored: answer it again, deliver nothing twice.
      const [existing] = await tx
        .select({ senderId: supportMessages.senderId, ticketId: supportMessages.ticketId })
        .from(supportMessages)
        .where(eq(supportMessages.id, id));
      if (existing?.senderId !== actor.id || existing.ticketId !== input.ticketId) {
        throw new TRPCError({ code: 'CONFLICT', message: 'Message id already used' });
      }
      return false;
    }
    if (uploads.length > 0) {
      await admitFiles(tx, settings, actor, uploads);
      await recordAttachments(
        tx,
        { ticketId: input.ticketId, messageId: id, uploaderId: actor.id },
        uploads,
      );
    }
    await tx
      .update(supportTickets)
      .set({ updatedAt: sql`now()` })
      .where(eq(supportTickets.id, input.ticketId));
    const [message] = await messagesWhere(tx, input.ticketId, id);
    if (!message) throw new Error('message insert not visible');
    const events: QueuedEvent[] = [
      ...(await participants(tx, input.ticketId, row.ticket.userId)),
    ].map((userId) => ({
      userId,
      event: { type: 'new_support_message', data: liveCopy(message) },
    }));
    if (fromStaff) {
      events.push({
        userId: row.ticket.userId,
        event: {
          type: 'ticket:response',
          data: { ticketId: input.ticketId, message: input.message.slice(0, 200) },
        },
      });
      if (!(await customerIsPresent(tx, input.ticketId, row.ticket.userId))) {
        await emailCustomer(tx, deps, row.ticket, message.sender.name, input.message);
      }
    }
    await publishEvents(tx, events);
    return true;
  });
  const [message] = await messagesWhere(db, input.ticketId, id);
  if (!message) throw new Error('message not found after insert');
  return { message: 'Response added successfully', data: message, created };
}

async function emailCustomer(
  tx: Executor,
  deps: { mailer: Mailer; publicUrl: string },
  ticket: { id: string; userId: string; number: number | null; subject: string },
  agentName: string,
  text: string,
) {
  const [customer] = await tx
    .select({
      email: users.email,
      firstName: users.firstName,
      notifySupport: users.notifySupport,
    })
    .from(users)
    .where(eq(users.id, ticket.userId));
  if (!customer?.notifySupport) return;
  await deps.mailer.enqueue(
    tx,
    supportReplyEmail(customer.email, customer.firstName, {
      ticketLabel: `#${ticket.number} ${ticket.subject}`,
      agentName,
      message: text,
      url: `${deps.publicUrl}/support/${ticket.id}`,
    }),
  );
}

/**
 * join_support_chat (docs/product.md 7), also the "still here" heartbeat: the customer hears when a
 * staff member joins.
 */
export async function joinChat(db: Database, actor: Actor & { name: string }, ticketId: string) {
  const { row, isOwner } = await findTicketFor(db, actor, ticketId);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ userId: supportChatMembers.userId })
      .from(supportChatMembers)
      .where(
        and(
          eq(supportChatMembers.ticketId, ticketId),
          eq(supportChatMembers.userId, actor.id),
          freshMember(),
        ),
      );
    await tx
      .insert(supportChatMembers)
      .values({ ticketId, userId: actor.id })
      .onConflictDoUpdate({
        target: [supportChatMembers.ticketId, supportChatMembers.userId],
        set: { lastSeenAt: sql`now()` },
      });
    if (!before && !isOwner) {
      await publishEvents(tx, [
        {
          userId: row.ticket.userId,
          event: { type: 'support:agent_joined', data: { ticketId, agentName: actor.name } },
        },
      ]);
    }
  });
  return { joined: true };
}

export async function leaveChat(db: Executor, actor: Actor, ticketId: string) {
  await db
    .delete(supportChatMembers)
    .where(and(eq(supportChatMembers.ticketId, ticketId), eq(supportChatMembers.userId, actor.id)));
  return { left: true };
}

/** "The customer is typing": to the staff in the chat (never stored beyond the events log). */
export async function announceTyping(
  db: Executor,
  actor: Actor & { name: string },
  ticketId: string,
) {
  const { row } = await findTicketFor(db, actor, ticketId);
  if (!chatIsOpen(row.ticket.status)) return { sent: false };
  const members = await db
    .select({ userId: supportChatMembers.userId })
    .from(supportChatMembers)
    .where(
      and(
        eq(supportChatMembers.ticketId, ticketId),
        ne(supportChatMembers.userId, actor.id),
        freshMember(),
      ),
    );
  const at = new Date().toISOString();
  await publishEvents(
    db,
    members
      .filter((member) => member.userId !== row.ticket.userId || actor.id !== row.ticket.userId)
      .map((member) => ({
        userId: member.userId,
        event: {
          type: 'support:typing' as const,
          data: { ticketId, userId: actor.id, name: actor.name, at },
        },
      })),
  );
  return { sent: true };
}
