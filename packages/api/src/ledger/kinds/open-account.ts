import type { AccountParty, IdempotencyClaim, LedgerView, Posting, Verdict } from '../posting.ts';
import { accountNotFound } from '../refusals.ts';

/**
 * A closed customer's account takes and gives no more money, and its number is nobody's to pay
 * (decision 017): every kind judges it as if there were no such account. The ledger's write
 * keeps a guard for a closure that lands between the batch's read and its write.
 */
export function openAccount(party: AccountParty | undefined): AccountParty | undefined {
  return party?.closed ? undefined : party;
}

/**
 * A posting that moves money on one customer's primary account (a deposit, a withdrawal, a
 * loan's money, a provisional credit): without an open one it is refused as not found, before
 * `judge` applies the kind's own rules to the account.
 */
export function onOpenAccountOf<R>(
  userId: string,
  idempotency: IdempotencyClaim<R> | undefined,
  judge: (ledger: LedgerView, account: AccountParty) => Verdict<R>,
): Posting<R> {
  return {
    needs: { users: [userId] },
    idempotency,
    judge(ledger) {
      const account = openAccount(ledger.primaryAccountOf(userId));
      if (!account) return { refused: accountNotFound() };
      return judge(ledger, account);
    },
  };
}
