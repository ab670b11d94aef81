import {
  chatMessageInput,
  responseInput,
  staffTicketListQuery,
  ticketIdInput,
  ticketInput,
  ticketListQuery,
  ticketStatusInput,
} from '@bank/validators/support';
import { z } from 'zod';
import { recordStaffView } from '../audit/service.ts';
import { procedureWith, router } from '../trpc.ts';
import { findAttachment } from './attachments.ts';
import { announceTyping, joinChat, leaveChat, listMessages, postMessage } from './chat.ts';
import {
  createTicket,
  getTicket,
  listTickets,
  liveChatTicket,
  updateTicketStatus,
} from './tickets.ts';

const ticketProcedure = procedureWith('read:ticket:own');
const staffTickets = procedureWith('read:ticket:any');
const staffUpdates = procedureWith('update:ticket:any');

function actorOf(ctx: { auth: { user: { id: string; role: 'user' | 'admin' | 'support' } } }) {
  return { id: ctx.auth.user.id, role: ctx.auth.user.role };
}

function namedActorOf(ctx: {
  auth: {
    user: { id: string; role: 'user' | 'admin' | 'support'; firstName: string; lastName: string };
  };
}) {
  const { user } = ctx.auth;
  return { id: user.id, role: user.role, name: `${user.firstName} ${user.lastName}` };
}

/** Support tickets and their live chat (docs/product.md 2.21-2.23, 2.28). */
export const supportRouter = router({
  /** The caller's own tickets. */
  list: ticketProcedure
    .input(ticketListQuery)
    .query(({ ctx, input }) => listTickets(ctx.deps.db, actorOf(ctx), input, 'own')),
  /** Every customer's tickets (admin and support). */
  all: staffTickets
    .input(staffTicketListQuery)
    .query(({ ctx, input }) => listTickets(ctx.deps.db, actorOf(ctx), input, 'all')),
  /** A staff member opening a customer's ticket is recorded for the customer. */
  byId: ticketProcedure.input(ticketIdInput).query(async ({ ctx, input }) => {
    const found = await getTicket(ctx.deps.db, actorOf(ctx), input.id);
    await recordStaffView(ctx.deps.db, {
      event: 'staff.viewed_ticket',
      actorId: ctx.auth.user.id,
      subjectId: found.ticket.user.id,
      request: ctx.request,
      details: { ticketId: input.id },
    });
    return found;
  }),
  /** Files come only from the REST adapter's multipart upload of this same request. */
  create: procedureWith('create:ticket:own')
    .input(ticketInput)
    .mutation(({ ctx, input }) =>
      createTicket(ctx.deps.db, ctx.deps, actorOf(ctx), input, ctx.uploads),
    ),
  /** The ticket the Live Chat button opens (the latest open one, or a new one). */
  liveChat: procedureWith('create:ticket:own').mutation(({ ctx }) =>
    liveChatTicket(ctx.deps.db, ctx.deps, actorOf(ctx)),
  ),
  updateStatus: staffUpdates
    .input(ticketStatusInput)
    .mutation(({ ctx, input }) =>
      updateTicketStatus(ctx.deps.db, actorOf(ctx), input, ctx.request),
    ),
  messages: ticketProcedure
    .input(ticketIdInput)
    .query(({ ctx, input }) => listMessages(ctx.deps.db, actorOf(ctx), input.id)),
  /** A live chat line (anything but blank). */
  send: ticketProcedure
    .input(chatMessageInput)
    .mutation(({ ctx, input }) =>
      postMessage(ctx.deps.db, ctx.deps, actorOf(ctx), input, ctx.uploads),
    ),
  /** docs/product.md 7's ticket response: at least 5 characters. */
  respond: ticketProcedure
    .input(responseInput)
    .mutation(({ ctx, input }) =>
      postMessage(
        ctx.deps.db,
        ctx.deps,
        actorOf(ctx),
        { ticketId: input.id, message: input.message },
        ctx.uploads,
      ),
    ),
  joinChat: ticketProcedure
    .input(z.object({ ticketId: z.uuid() }))
    .mutation(({ ctx, input }) => joinChat(ctx.deps.db, namedActorOf(ctx), input.ticketId)),
  leaveChat: ticketProcedure
    .input(z.object({ ticketId: z.uuid() }))
    .mutation(({ ctx, input }) => leaveChat(ctx.deps.db, actorOf(ctx), input.ticketId)),
  typing: ticketProcedure
    .input(z.object({ ticketId: z.uuid() }))
    .mutation(({ ctx, input }) => announceTyping(ctx.deps.db, namedActorOf(ctx), input.ticketId)),
  /** A file's name, type and size; GET /support/attachments/{id} streams its bytes. */
  attachment: ticketProcedure
    .input(z.object({ id: z.uuid('Attachment not found') }))
    .query(({ ctx, input }) => findAttachment(ctx.deps.db, actorOf(ctx), input.id)),
});
