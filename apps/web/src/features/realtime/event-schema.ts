import * as z from 'zod/mini';

/** One event: its type, and the data it carries (more may come, and is ignored). */
function event<Type extends string, Data extends z.core.$ZodLooseShape>(type: Type, data: Data) {
  return z.object({ type: z.literal(type), data: z.looseObject(data) });
}

/**
 * The events of docs/architecture.md 6 as the SPA reads them; unknown fields are ignored.
 * `zod/mini`: it parses without generating code (no `eval` under the CSP) and weighs a fraction of
 * zod. The listener loads this module with the first event, so that zod is not part of every
 * signed-in page's first load (the page-speed review).
 */
const appEvent = z.discriminatedUnion('type', [
  event('security:signin', {}),
  event('security:alert', { title: z.string(), detail: z.optional(z.string()) }),
  event('transaction:new', {
    type: z.optional(z.string()),
    amount: z.optional(z.number()),
    direction: z.optional(z.string()),
    newBalance: z.optional(z.number()),
    /** Who paid or was paid (absent from events written before it was sent). */
    counterparty: z.optional(z.looseObject({ name: z.string() })),
    /** The customer's "Transaction Notifications" choice: false updates silently. */
    notify: z.optional(z.boolean()),
  }),
  event('transaction:updated', {
    transactionId: z.optional(z.string()),
    type: z.optional(z.string()),
    status: z.optional(z.string()),
    amount: z.optional(z.number()),
    notify: z.optional(z.boolean()),
    newBalance: z.optional(z.number()),
  }),
  event('ticket:response', { ticketId: z.string(), message: z.optional(z.string()) }),
  event('loan:status', {
    loanId: z.optional(z.string()),
    status: z.string(),
    reason: z.nullish(z.string()),
    overdue: z.optional(z.boolean()),
  }),
  event('account:restrictions', { accountNumber: z.string() }),
  event('dispute:status', {
    disputeId: z.string(),
    status: z.string(),
    title: z.string(),
    message: z.optional(z.string()),
  }),
  event('loan:updated', { loanId: z.string(), version: z.optional(z.number()) }),
  event('system:maintenance', {
    active: z.optional(z.boolean()),
    message: z.string(),
    infoUrl: z.optional(z.string()),
  }),
  event('system:error', { message: z.string() }),
  event('new_support_message', {}),
  event('support:ticket_updated', { ticketId: z.string(), status: z.string() }),
  event('support:agent_joined', {}),
  event('support:typing', {}),
]);

export type AppEvent = z.infer<typeof appEvent>;

export function parseAppEvent(value: unknown): AppEvent | null {
  const parsed = z.safeParse(appEvent, value);
  return parsed.success ? parsed.data : null;
}
