import type { AccountParty } from '../posting.ts';

/**
 * A closed customer's account takes and gives no more money, and its number is nobody's to pay
 * (decision 017): every kind judges it as if there were no such account. The ledger's write
 * keeps a guard for a closure that lands between the batch's read and its write.
 */
export function openAccount(party: AccountParty | undefined): AccountParty | undefined {
  return party?.closed ? undefined : party;
}
