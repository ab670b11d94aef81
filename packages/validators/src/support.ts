import { ticketCategories, ticketPriorities, ticketStatuses } from '@bank/db/enums';
import { z } from 'zod';
import { requiredString } from './common.ts';
import { ticketAssignments } from './enums.ts';

/** docs/product.md 5 and 9: the support ticket's rules and limits, shared by server and forms. */
export const MAX_ATTACHMENT_BYTES = 10_000_000;
export const MAX_ATTACHMENTS = 5;
export const attachmentTypes = ['image/png', 'image/jpeg', 'image/gif'] as const;

export const supportMessages = {
  fileTooLarge: 'File is too large',
  tooManyFiles: `At most ${MAX_ATTACHMENTS} files can be attached`,
  fileType: 'Only PNG, JPG and GIF images can be attached',
  ticketNotFound: 'Ticket not found',
  created: 'Support ticket created successfully',
  resolvedNoChat: 'This ticket is resolved; its chat is closed',
} as const;

export const ticketInput = z.object({
  subject: requiredString('Subject is required')
    .min(5, 'Subject must be at least 5 characters')
    .max(200, 'Subject must be at most 200 characters'),
  category: z.enum(ticketCategories, { error: 'Category is required' }),
  priority: z.enum(ticketPriorities, { error: 'Priority is required' }).default('medium'),
  description: requiredString('Description is required')
    .min(20, 'Description must be at least 20 characters')
    .max(5000, 'Description must be at most 5000 characters'),
});
export type TicketInput = z.input<typeof ticketInput>;

/** The REST response (docs/product.md 5): at least 5 characters. */
// requiredString's own bound (before trimming) sits above this field's, whose message says more.
export const responseField = requiredString('Response is required', 20_000)
  .min(5, 'Response must be at least 5 characters')
  .max(5000, 'Response must be at most 5000 characters');

/** A live chat line: anything but blank (docs/product.md 2.23). */
export const chatMessageField = requiredString('Response is required', 20_000).max(
  5000,
  'Response must be at most 5000 characters',
);

export const ticketIdInput = z.object({ id: z.uuid(supportMessages.ticketNotFound) });

export const ticketListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  status: z.enum(ticketStatuses).optional(),
  priority: z.enum(ticketPriorities).optional(),
  category: z.enum(ticketCategories).optional(),
});
export type TicketListQuery = z.input<typeof ticketListQuery>;

/** Staff's list of every ticket: also the caller's own, or those nobody has taken yet. */
export const staffTicketListQuery = ticketListQuery.extend({
  assigned: z.enum(ticketAssignments).optional(),
});

export const ticketStatusInput = z.object({
  id: z.uuid(supportMessages.ticketNotFound),
  status: z.enum(ticketStatuses, { error: 'Status is required' }),
  /** The admin screen sends it; the server always assigns the acting staff member. */
  assignedTo: z.uuid().optional(),
});

export const chatMessageInput = z.object({
  ticketId: z.uuid(supportMessages.ticketNotFound),
  message: chatMessageField,
  /** The client's id for this line: a retried send (after a dropped connection) is kept once. */
  clientId: z.uuid().optional(),
});

export const responseInput = z.object({
  id: z.uuid(supportMessages.ticketNotFound),
  message: responseField,
});

export { ticketCategories, ticketPriorities, ticketStatuses };
