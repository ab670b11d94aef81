import type { SessionWithUser } from '../auth/sessions.ts';
import { ownBankDetails } from '../banks/service.ts';
import type { AppDeps } from '../deps.ts';
import { idempotencyClaim, postingOrRefusal } from '../ledger/idempotency.ts';
import type { IdempotencyClaim, Posted, Posting } from '../ledger/posting.ts';
import { type MovementResult, movementResultSchema } from '../ledger/transaction-dto.ts';

/** Builds a movement's order once its outside party is checked (a card, a bank, a pickup). */
export type OrderOf<Input, Order> = (
  deps: AppDeps,
  user: SessionWithUser['user'],
  input: Input,
) => Promise<Order>;

/**
 * A deposit's or a withdrawal's way to the desk: the key's claim, the order built after the
 * outside party is checked (a refusal found there, such as a wrong CVV, is the key's answer too),
 * its posting, and one submit through the customer's session.
 */
export function movementOperation<Input extends { idempotencyKey?: string | undefined }, Order>(
  operation: 'deposit' | 'withdraw',
  orderOf: OrderOf<Input, Order>,
  postingOf: (order: Order, claim?: IdempotencyClaim<MovementResult>) => Posting<MovementResult>,
) {
  return async (
    deps: AppDeps,
    auth: SessionWithUser,
    input: Input,
  ): Promise<Posted<MovementResult>> => {
    const claim = idempotencyClaim(
      auth.user.id,
      input.idempotencyKey,
      operation,
      input,
      movementResultSchema,
    );
    const posting = await postingOrRefusal(
      async () => postingOf(await orderOf(deps, auth.user, input), claim),
      claim,
    );
    return deps.ledger.submit(posting, auth.session.id);
  };
}

/** The outside bank account a movement names: a linked bank's details, or as typed. */
export async function outsideBank(
  deps: AppDeps,
  userId: string,
  typed: {
    bankId?: string | undefined;
    bankName?: string | undefined;
    accountNumber?: string | undefined;
    routingNumber?: string | undefined;
  },
) {
  if (!typed.bankId)
    return {
      bankName: typed.bankName ?? '',
      accountNumber: typed.accountNumber ?? '',
      routingNumber: typed.routingNumber ?? '',
      linked: null,
    };
  const bank = await ownBankDetails(deps.db, deps.encryptionKey, userId, typed.bankId);
  return {
    bankName: bank.name,
    accountNumber: bank.accountNumber,
    routingNumber: bank.routingNumber,
    linked: bank,
  };
}
