import * as z from 'zod/mini';

/**
 * The events of docs/architecture.md 6 as the SPA reads them; unknown fields are ignored.
 * `zod/mini`: it parses without generating code (no `eval` under the CSP) and weighs a fraction of
 * zod. The listener loads this module with the first event, so that zod is not part of every
 * signed-in page's first load (the page-speed review).
 */
const appEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('security:signin'), data: z.looseObject({}) }),
  z.object({
    type: z.literal('security:alert'),
    data: z.looseObject({ title: z.string(), detail: z.optional(z.string()) }),
  }),
  z.object({
    type: z.literal('transaction:new'),
    data: z.looseObject({
      type: z.optional(z.string()),
      amount: z.optional(z.number()),
      direction: z.optional(z.string()),
      newBalance: z.optional(z.number()),
      /** Who paid or was paid (absent from events written before it was sent). */
      counterparty: z.optional(z.looseObject({ name: z.string() })),
      /** The customer's "Transaction Notifications" choice: false updates silently. */
      notify: z.optional(z.boolean()),
    }),
  }),
  z.object({
    type: z.literal('transaction:updated'),
    data: z.looseObject({
      transactionId: z.optional(z.string()),
      type: z.optional(z.string()),
      status: z.optional(z.string()),
      amount: z.optional(z.number()),
      notify: z.optional(z.boolean()),
      newBalance: z.optional(z.number()),
    }),
  }),
  z.object({
    type: z.literal('ticket:response'),
    data: z.looseObject({ ticketId: z.string(), message: z.optional(z.string()) }),
  }),
  z.object({
    type: z.literal('loan:status'),
    data: z.looseObject({
      loanId: z.optional(z.string()),
      status: z.string(),
      reason: z.nullish(z.string()),
      overdue: z.optional(z.boolean()),
    }),
  }),
  z.object({
    type: z.literal('account:restrictions'),
    data: z.looseObject({ accountNumber: z.string() }),
  }),
  z.object({
    type: z.literal('dispute:status'),
    data: z.looseObject({
      disputeId: z.string(),
      status: z.string(),
      title: z.string(),
      message: z.optional(z.string()),
    }),
  }),
  z.object({
    type: z.literal('loan:updated'),
    data: z.looseObject({ loanId: z.string(), version: z.optional(z.number()) }),
  }),
  z.object({
    type: z.literal('system:maintenance'),
    data: z.looseObject({
      active: z.optional(z.boolean()),
      message: z.string(),
      infoUrl: z.optional(z.string()),
    }),
  }),
  z.object({ type: z.literal('system:error'), data: z.looseObject({ message: z.string() }) }),
  z.object({ type: z.literal('new_support_message'), data: z.looseObject({}) }),
  z.object({
    type: z.literal('support:ticket_updated'),
    data: z.looseObject({ ticketId: z.string(), status: z.string() }),
  }),
  z.object({ type: z.literal('support:agent_joined'), data: z.looseObject({}) }),
  z.object({ type: z.literal('support:typing'), data: z.looseObject({}) }),
]);

export type AppEvent = z.infer<typeof appEvent>;

export function parseAppEvent(value: unknown): AppEvent | null {
  const parsed = z.safeParse(appEvent, value);
  return parsed.success ? parsed.data : null;
}
