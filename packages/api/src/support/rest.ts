import {
  chatMessageInput,
  responseField,
  staffTicketListQuery,
  ticketIdInput,
  ticketInput,
  ticketListQuery,
  ticketStatusInput,
} from '@bank/validators/support';
import { z } from 'zod';
import { defineRoute, storedFileAnswer } from '../rest/define.ts';
import { readAttachment } from './attachments.ts';

const tag = 'Support';

const attachment = z.object({
  id: z.string(),
  filename: z.string(),
  fileName: z.string(),
  url: z.string(),
  fileUrl: z.string(),
  contentType: z.string(),
  size: z.number(),
});

const person = z.object({ id: z.string(), _id: z.string(), name: z.string() });

const ticketSummary = z.object({
  id: z.string(),
  _id: z.string(),
  ticketId: z.string(),
  number: z.number().nullable(),
  subject: z.string(),
  category: z.string(),
  priority: z.string(),
  description: z.string(),
  status: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  user: person.extend({ firstName: z.string(), lastName: z.string(), email: z.string() }),
  assignedTo: z.string().nullable(),
  assignedAgent: z.object({ id: z.string(), name: z.string() }).nullable(),
  lastResponse: z
    .object({ message: z.string(), author: z.string(), timestamp: z.string() })
    .nullable(),
});

const ticketDetail = ticketSummary.extend({ attachments: z.array(attachment) });

const message = z.object({
  id: z.string(),
  _id: z.string(),
  ticketId: z.string(),
  sender: z.object({ id: z.string().nullable(), _id: z.string().nullable(), name: z.string() }),
  senderType: z.string(),
  message: z.string(),
  createdAt: z.string(),
  timestamp: z.string(),
  attachments: z.array(attachment),
});

const ticketPage = z.object({
  tickets: z.array(ticketSummary),
  page: z.number(),
  limit: z.number(),
  count: z.number(),
  total: z.number(),
  hasMore: z.boolean(),
});

const multipartNote =
  ' Send JSON, or multipart/form-data with the fields and up to 5 repeated `attachments` files (PNG, JPEG or GIF by content, each at most 10,000,000 bytes).';

/** The support quotas, as the reference tells integrators. */
const quotaNote =
  'Support quotas per customer (bank settings): tickets a minute and a day, messages a minute, attachment megabytes a day and in all. Past one: 429 with `Retry-After`, `reason: QUOTA_EXCEEDED` and `details: {quota, limit, used, resetsAt}`.';

export const supportRestRoutes = [
  defineRoute({
    method: 'GET',
    path: '/support/tickets',
    summary: 'The caller’s support tickets, newest activity first, filtered and paged.',
    tag,
    access: 'signed-in',
    input: ticketListQuery,
    output: ticketPage,
    handle: ({ caller, input }) => caller.support.list(input),
  }),
  defineRoute({
    method: 'GET',
    path: '/support/tickets/admin/all',
    summary:
      'Every customer’s tickets, filtered and paged (admin and support); `assigned=mine` keeps the caller’s own, `assigned=unassigned` those nobody has taken.',
    tag,
    access: 'staff',
    input: staffTicketListQuery,
    output: ticketPage,
    handle: ({ caller, input }) => caller.support.all(input),
  }),
  defineRoute({
    method: 'POST',
    path: '/support/tickets',
    summary: `Open a support ticket.${multipartNote}`,
    description: quotaNote,
    tag,
    access: 'signed-in',
    rateLimited: true,
    input: ticketInput,
    output: z.object({ message: z.string(), ticket: ticketDetail }),
    successStatus: 201,
    multipart: true,
    handle: ({ caller, input }) => caller.support.create(input),
  }),
  defineRoute({
    method: 'GET',
    path: '/support/tickets/:id',
    summary: 'One ticket with its attachments (its owner, or staff).',
    tag,
    access: 'signed-in',
    input: ticketIdInput,
    output: z.object({ ticket: ticketDetail }),
    handle: ({ caller, input }) => caller.support.byId(input),
  }),
  defineRoute({
    method: 'PUT',
    path: '/support/tickets/:id',
    summary:
      'Change a ticket’s status (admin and support). The ticket is assigned to the caller, whatever assignedTo says; the change is audited and reaches the customer live.',
    tag,
    access: 'staff',
    input: ticketStatusInput,
    output: z.object({ message: z.string(), ticket: ticketDetail }),
    handle: ({ caller, input }) => caller.support.updateStatus(input),
  }),
  defineRoute({
    method: 'GET',
    path: '/support/tickets/:id/messages',
    summary: 'The ticket’s conversation in order, with ticketInfo {status, user, assignedTo}.',
    tag,
    access: 'signed-in',
    input: ticketIdInput,
    output: z.object({
      messages: z.array(message),
      ticketInfo: z.object({
        status: z.string(),
        user: person.extend({ email: z.string() }),
        assignedTo: z.object({ id: z.string(), name: z.string() }).nullable(),
      }),
    }),
    handle: ({ caller, input }) => caller.support.messages(input),
  }),
  defineRoute({
    method: 'POST',
    path: '/support/tickets/:id/messages',
    summary: `Add a response (at least 5 characters) while the ticket is not resolved.${multipartNote}`,
    description: quotaNote,
    tag,
    access: 'signed-in',
    rateLimited: true,
    input: z.object({ id: chatMessageInput.shape.ticketId, message: responseField }),
    output: z.object({ message: z.string(), data: message }),
    successStatus: 201,
    multipart: true,
    handle: async ({ caller, input }) => {
      const { message: text, data } = await caller.support.respond(input);
      return { message: text, data };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/support/attachments/:id',
    summary:
      'Download an attachment (the ticket’s owner, or staff), as an attachment with its stored type.',
    tag,
    access: 'signed-in',
    input: z.object({ id: z.uuid('Attachment not found') }),
    output: storedFileAnswer,
    contentType: 'application/octet-stream',
    handle: async ({ caller, ctx, input }) => {
      const found = await caller.support.attachment(input);
      return { ...found, body: await readAttachment(ctx.deps.db, ctx.deps.storage, found.id) };
    },
  }),
];
