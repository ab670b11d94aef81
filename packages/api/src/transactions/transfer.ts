import type { transferInput } from '@bank/validators/money';
import type { z } from 'zod';
import type { SessionWithUser } from '../auth/sessions.ts';
import type { AppDeps } from '../context.ts';
import { toCents } from '../money/cents.ts';
import { type MovementResult, movementResultSchema } from './dto.ts';
import { guardIdempotent } from './idempotency.ts';
import { transferDesk } from './transfer-desk.ts';

/**
 * Sends money to another customer of the bank at once, or to any other account number through
 * the clearing account (pending until cleared). The rules are in transfer-rules.ts; the desk
 * settles transfers that arrive together in one checked write (docs/decisions/012).
 */
export async function transfer(
  deps: AppDeps,
  auth: SessionWithUser,
  input: z.infer<typeof transferInput>,
): Promise<MovementResult> {
  const amountCents = toCents(input.amount);
  return guardIdempotent(
    deps.db,
    {
      userId: auth.user.id,
      key: input.idempotencyKey,
      operation: 'transfer',
      request: input,
      output: movementResultSchema,
    },
    (claimed) => transferDesk(deps.db).submit({ user: auth.user, input, amountCents, claimed }),
  );
}
