import type { Executor } from '@bank/db';
import type { transferInput } from '@bank/validators/money';
import type { z } from 'zod';
import { recordAudit } from '../audit/service.ts';
import type { SessionWithUser } from '../auth/sessions.ts';
import type { AppDeps } from '../deps.ts';
import { idempotencyClaim } from '../ledger/idempotency.ts';
import { transferPosting } from '../ledger/kinds/transfer.ts';
import type { Posted } from '../ledger/posting.ts';
import { type MovementResult, movementResultSchema } from '../ledger/transaction-dto.ts';
import type { TransactionRow } from '../ledger/transaction-row.ts';
import { toCents } from '../money/cents.ts';
import { payeeTarget } from '../payees/service.ts';

/**
 * Sends money to another customer of the bank at once, or to any other account number through
 * the clearing account (pending until cleared). The rules are in ledger/kinds/transfer.ts.
 */
export async function transfer(
  deps: AppDeps,
  auth: SessionWithUser,
  input: z.infer<typeof transferInput>,
): Promise<Posted<MovementResult>> {
  const claim = idempotencyClaim(
    auth.user.id,
    input.idempotencyKey,
    'transfer',
    input,
    movementResultSchema,
  );
  // A saved payee: its number is opened here; its limits are judged by the ledger.
  const payee = input.payeeId ? await payeeTarget(deps, auth.user.id, input.payeeId) : undefined;
  const app = auth.app;
  // An app's payment is audited in the transaction that moves the money: both or neither.
  const record = app
    ? (tx: Executor, row: TransactionRow) =>
        recordAudit(tx, {
          event: 'app.payment',
          userId: auth.user.id,
          details: { clientId: app.clientId, transactionId: row.id, amount: input.amount },
        })
    : undefined;
  return deps.ledger.submit(
    transferPosting(
      {
        user: auth.user,
        input,
        amountCents: toCents(input.amount),
        ...(payee ? { payee } : {}),
        ...(record ? { record } : {}),
      },
      claim,
    ),
    sessionOf(auth),
  );
}

/**
 * The session the ledger's write confirms: none when an app's token acts for the customer, whose
 * consent was read from the database for this very request (partners/access.ts).
 */
function sessionOf(auth: SessionWithUser): string | undefined {
  return auth.app ? undefined : auth.session.id;
}

/**
 * The transfer's verdict without the transfer (`?dryRun=true`): the same posting judged by the
 * ledger's own rules against the balance and limits as they stand. Nothing moves, nothing is
 * stored, and an `Idempotency-Key` sent with it stays free for the real transfer.
 */
export async function transferDryRun(
  deps: AppDeps,
  auth: SessionWithUser,
  input: z.infer<typeof transferInput>,
): Promise<{ wouldSucceed: true }> {
  const refusal = await deps.ledger.judgeOnly(
    transferPosting({ user: auth.user, input, amountCents: toCents(input.amount) }),
    sessionOf(auth),
  );
  if (refusal) throw refusal;
  return { wouldSucceed: true };
}
