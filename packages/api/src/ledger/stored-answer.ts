import { z } from 'zod';
import type { AppErrorReason } from '../errors.ts';

/** The reasons a ledger refusal may carry, kept with the key so a replay answers them too. */
export const storedReasons = ['ACCOUNT_FROZEN'] as const satisfies readonly AppErrorReason[];

/** What an idempotency key keeps: the answer, or the refusal a business rule gave. */
export const storedAnswerSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({
    ok: z.literal(false),
    code: z.string(),
    message: z.string(),
    /** The refusal's reason (e.g. ACCOUNT_FROZEN), kept so a replay answers it too. */
    reason: z.enum(storedReasons).optional(),
  }),
]);
export type StoredAnswer = z.infer<typeof storedAnswerSchema>;
