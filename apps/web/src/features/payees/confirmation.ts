import type { RouterOutputs } from '../../lib/trpc.ts';

export type SavedPayee = RouterOutputs['payees']['list']['data'][number];

/** The payee check's answer when the payee was saved, in words (another bank's: none). */
export function confirmationText(payee: Pick<SavedPayee, 'confirmation' | 'bank'>): string {
  const { result, holder } = payee.confirmation;
  if (payee.bank === 'external' || !result) return 'Another bank: the name cannot be checked.';
  if (result === 'match') return `The name matches the account holder (${holder}).`;
  if (result === 'close') return `The name is close to the account holder’s (${holder}).`;
  return `The name does not match the account holder (${holder}).`;
}

export const confirmationBadge = {
  match: { label: 'Name matches', palette: 'green' },
  close: { label: 'Close match', palette: 'orange' },
  no_match: { label: 'No match', palette: 'red' },
} as const;
