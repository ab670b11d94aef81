import type { Database, Executor } from '@bank/db';
import type { TicketStatus } from '@bank/db/enums';
import { supportAttachments, supportMessages, supportTickets, users } from '@bank/db/schema';
import type {
  staffTicketListQuery,
  ticketInput,
  ticketStatusInput,
} from '@bank/validators/support';
import { supportMessages as texts } from '@bank/validators/support';
import { TRPCError } from '@trpc/server';
import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { recordAudit } from '../audit/service.ts';
import type { RequestInfo } from '../deps.ts';
import { can } from '../permissions.ts';
import { publishEvent } from '../realtime/events.ts';
import type { Actor } from './actor.ts';
import { recordAttachments } from './attachment-rows.ts';
import type { StoredUpload } from './file-types.ts';
import { admitFiles, admitNewTicket, type QuotaDeps } from './quotas.ts';

type TicketRow = typeof supportTickets.$inferSelect;
type AttachmentRow = typeof supportAttachments.$inferSelect;

export function notFound(): TRPCError {
  return new TRPCError({ code: 'NOT_FOUND', message: texts.ticketNotFound });
}

/** Chat is open until the ticket is resolved (or closed). */
export function chatIsOpen(status: TicketStatus): boolean {
  return status === 'open' || status === 'in_progress';
}

export function attachmentUrl(id: string): string {
  return `/api/v1/support/attachments/${id}`;
}

export function toAttachmentDto(row: AttachmentRow) {
  return {
    id: row.id,
    filename: row.fileName,
    fileName: row.fileName,
    url: attachmentUrl(row.id),
    fileUrl: attachmentUrl(row.id),
    contentType: row.contentType,
    size: row.size,
  };
}

const assignee = alias(users, 'assignee');

const summaryColumns = {
  ticket: supportTickets,
  user: {
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
  },
  assignee: { id: assignee.id, firstName: assignee.firstName, lastName: assignee.lastName },
};

interface SummaryRow {
  ticket: TicketRow;
  user: { id: string; firstName: string; lastName: string; email: string };
  assignee: { id: string; firstName: string; lastName: string } | null;
}

interface LastResponse {
  message: string;
  author: string;
  timestamp: string;
}

function toTicketSummary(row: SummaryRow, lastResponse: LastResponse | null) {
  const { ticket, user } = row;
  const agent = row.assignee;
  return {
    id: ticket.id,
    _id: ticket.id,
    ticketId: `#${ticket.number}`,
    number: ticket.number,
    subject: ticket.subject,
    category: ticket.category,
    priority: ticket.priority,
    description: ticket.description,
    status: ticket.status,
    createdAt: ticket.createdAt.toISOString(),
    updatedAt: ticket.updatedAt.toISOString(),
    user: {
      id: user.id,
      _id: user.id,
      name: `${user.firstName} ${user.lastName}`,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
    },
    assignedTo: agent?.id ?? null,
    assignedAgent: agent ? { id: agent.id, name: `${agent.firstName} ${agent.lastName}` } : null,
    lastResponse,
  };
}

export type TicketSummary = ReturnType<typeof toTicketSummary>;

/** The newest message of each ticket, for the lists' "last response". */
async function lastResponses(db: Executor, ticketIds: string[]) {
  const found = new Map<string, LastResponse>();
  if (ticketIds.length === 0) return found;
  const rows = await db
    .selectDistinctOn([supportMessages.ticketId], {
      ticketId: supportMessages.ticketId,
      message: supportMessages.message,
      createdAt: supportMessages.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(supportMessages)
    .leftJoin(users, eq(users.id, supportMessages.senderId))
    .where(inArray(supportMessages.ticketId, ticketIds))
    .orderBy(supportMessages.ticketId, desc(supportMessages.createdAt), desc(supportMessages.id));
  for (const row of rows) {
    found.set(row.ticketId, {
      message: row.message,
      author: row.firstName ? `${row.firstName} ${row.lastName}` : 'Deleted user',
      timestamp: row.createdAt.toISOString(),
    });
  }
  return found;
}

/**
 * A ticket as `actor` may see it: their own, or any ticket for staff. Anything else is not
 * found, so another customer cannot even learn that the id exists.
 */
export async function findTicketFor(db: Executor, actor: Actor, ticketId: string) {
  const [row] = await db
    .select(summaryColumns)
    .from(supportTickets)
    .innerJoin(users, eq(users.id, supportTickets.userId))
    .leftJoin(assignee, eq(assignee.id, supportTickets.assignedToId))
    .where(eq(supportTickets.id, ticketId));
  if (!row) throw notFound();
  const isOwner = row.ticket.userId === actor.id;
  if (!(isOwner && can(actor.role, 'read:ticket:own')) && !can(actor.role, 'read:ticket:any')) {
    throw notFound();
  }
  return { row, isOwner };
}

export async function getTicket(db: Executor, actor: Actor, ticketId: string) {
  const { row } = await findTicketFor(db, actor, ticketId);
  const attachments = await db
    .select()
    .from(supportAttachments)
    .where(eq(supportAttachments.ticketId, ticketId))
    .orderBy(asc(supportAttachments.createdAt), asc(supportAttachments.id));
  const last = await lastResponses(db, [ticketId]);
  return {
    ticket: {
      ...toTicketSummary(row, last.get(ticketId) ?? null),
      attachments: attachments.filter((a) => a.messageId === null).map(toAttachmentDto),
    },
  };
}

/** Creates the ticket and its attachment rows in one transaction (the files are stored). */
export async function createTicket(
  db: Database,
  quotas: QuotaDeps,
  actor: Actor,
  input: z.output<typeof ticketInput>,
  uploads: readonly StoredUpload[],
) {
  if (!can(actor.role, 'create:ticket:own')) {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'You do not have access to this' });
  }
  await admitNewTicket(quotas, actor);
  const settings = await quotas.settings.get();
  const id = await db.transaction(async (tx) => {
    await admitFiles(tx, settings, actor, uploads);
    const [ticket] = await tx
      .insert(supportTickets)
      .values({ userId: actor.id, ...input })
      .returning({ id: supportTickets.id });
    if (!ticket) throw new Error('ticket insert returned nothing');
    await recordAttachments(tx, { ticketId: ticket.id, uploaderId: actor.id }, uploads);
    return ticket.id;
  });
  const { ticket } = await getTicket(db, actor, id);
  return { message: texts.created, ticket };
}

/** One page of tickets: the actor's own, or (`all`, staff) everyone's, newest activity first. */
export async function listTickets(
  db: Executor,
  actor: Actor,
  query: z.output<typeof staffTicketListQuery>,
  scope: 'own' | 'all',
) {
  const conditions: SQL[] = [];
  if (scope === 'own') conditions.push(eq(supportTickets.userId, actor.id));
  if (query.status) conditions.push(eq(supportTickets.status, query.status));
  if (query.priority) conditions.push(eq(supportTickets.priority, query.priority));
  if (query.category) conditions.push(eq(supportTickets.category, query.category));
  if (scope === 'all' && query.assigned === 'mine') {
    conditions.push(eq(supportTickets.assignedToId, actor.id));
  }
  if (scope === 'all' && query.assigned === 'unassigned') {
    conditions.push(isNull(supportTickets.assignedToId));
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const offset = (query.page - 1) * query.limit;
  const [rows, [totals]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(supportTickets)
      .innerJoin(users, eq(users.id, supportTickets.userId))
      .leftJoin(assignee, eq(assignee.id, supportTickets.assignedToId))
      .where(where)
      .orderBy(
        scope === 'own' ? desc(supportTickets.updatedAt) : desc(supportTickets.createdAt),
        desc(supportTickets.id),
      )
      .limit(query.limit)
      .offset(offset),
    db.select({ total: count() }).from(supportTickets).where(where),
  ]);
  const last = await lastResponses(
    db,
    rows.map((row) => row.ticket.id),
  );
  const total = totals?.total ?? 0;
  return {
    tickets: rows.map((row) => toTicketSummary(row, last.get(row.ticket.id) ?? null)),
    page: query.page,
    limit: query.limit,
    count: rows.length,
    total,
    hasMore: offset + rows.length < total,
  };
}

/**
 * docs/product.md 4: In Progress only from open; Resolved (and Closed) unless already so; staff may
 * reopen. The change assigns the ticket to the acting staff member, is audited, and reaches
 * the customer live.
 */
export function statusChangeAllowed(from: TicketStatus, to: TicketStatus): boolean {
  if (from === to) return false;
  if (to === 'in_progress') return from === 'open';
  return true;
}

export async function updateTicketStatus(
  db: Database,
  actor: Actor,
  input: z.output<typeof ticketStatusInput>,
  request: RequestInfo,
) {
  if (!can(actor.role, 'update:ticket:any')) {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'You do not have access to this' });
  }
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: supportTickets.status, userId: supportTickets.userId })
      .from(supportTickets)
      .where(eq(supportTickets.id, input.id))
      .for('update');
    if (!current) throw notFound();
    if (!statusChangeAllowed(current.status, input.status)) {
      throw new TRPCError({
        code: 'BAD_REQUEST',
        message:
          current.status === input.status
            ? `The ticket is already ${input.status.replace('_', ' ')}`
            : 'Only an open ticket can be put in progress',
      });
    }
    await tx
      .update(supportTickets)
      .set({ status: input.status, assignedToId: actor.id, updatedAt: sql`now()` })
      .where(eq(supportTickets.id, input.id));
    await recordAudit(tx, {
      event: 'support.ticket_status_changed',
      userId: current.userId,
      actorId: actor.id,
      request,
      details: { ticketId: input.id, from: current.status, to: input.status },
    });
    await publishEvent(tx, current.userId, {
      type: 'support:ticket_updated',
      data: { ticketId: input.id, status: input.status },
    });
  });
  return { message: 'Ticket updated successfully', ...(await getTicket(db, actor, input.id)) };
}

/**
 * The Need Help section's Live Chat (docs/architecture.md 5): the customer's latest ticket whose
 * chat is open, or a new 'Live chat' ticket when there is none.
 */
export async function liveChatTicket(db: Database, quotas: QuotaDeps, actor: Actor) {
  const [latest] = await db
    .select({ id: supportTickets.id })
    .from(supportTickets)
    .where(
      and(
        eq(supportTickets.userId, actor.id),
        inArray(supportTickets.status, ['open', 'in_progress']),
      ),
    )
    .orderBy(desc(supportTickets.updatedAt), desc(supportTickets.id))
    .limit(1);
  if (latest) return { id: latest.id, created: false };
  const { ticket } = await createTicket(
    db,
    quotas,
    actor,
    {
      subject: 'Live chat',
      category: 'other',
      priority: 'medium',
      description: 'Started from the Live Chat button of the Need Help section.',
    },
    [],
  );
  return { id: ticket.id, created: true };
}
