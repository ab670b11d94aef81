import { z } from 'zod';

/** What an idempotency key keeps: the answer, or the refusal a business rule gave. */
export const storedAnswerSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({
    ok: z.literal(false),
    code: z.string(),
    message: z.string(),
    // The stable code and figures (errors.ts); absent in answers kept before they existed.
    reason: z.string().optional(),
    details: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).optional(),
  }),
]);
export type StoredAnswer = z.infer<typeof storedAnswerSchema>;
