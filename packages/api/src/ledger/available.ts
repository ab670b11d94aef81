import type { AccountState } from './account-state.ts';

/**
 * What a customer can spend from an account: its balance less what is held on it. The one
 * definition every screen and call answers (`available = balance - holds`, DESIGN.md 3); no
 * holds exist yet, so today it is the balance.
 */
export function availableCents(account: Pick<AccountState, 'balanceCents'>): bigint {
  return account.balanceCents;
}
