import { describe, expect, it } from 'vitest';
import { noRestrictions } from './account-state.ts';
import { KnownAccounts } from './known-accounts.ts';
import type { LedgerRead } from './read.ts';

const state = (id: string) => ({
  id,
  balanceCents: 100n,
  transactionCount: 1,
  outflowDay: null,
  transferredOnDayCents: 0n,
  withdrawnOnDayCents: 0n,
  restrictions: noRestrictions,
});
const party = (id: string, kind: 'customer' | 'system', userId: string | null) => ({
  id,
  kind,
  systemCode: kind === 'system' ? 'external_clearing' : null,
  accountNumber: `10000000000${id.slice(-1)}`,
  userId,
  owner: userId ? { firstName: 'A', lastName: 'B', notify: true } : null,
  closed: false,
});
const read: LedgerRead = {
  payees: [],
  accounts: [
    { party: party('s1', 'system', null), state: state('s1') },
    { party: party('a1', 'customer', 'u1'), state: state('a1') },
    { party: party('a2', 'customer', 'u2'), state: state('a2') },
  ],
  primaries: new Map([['u1', 'a1']]),
  transactions: [],
  keys: [],
  openSessions: new Set(),
};

describe('what the desk knows', () => {
  it('answers a batch it knows whole, with the system accounts, and nothing else', () => {
    const known = new KnownAccounts();
    expect(known.readOf(['u1'], [], 0)).toBeUndefined();
    known.remember(read, 0);
    const answered = known.readOf(['u1'], ['100000000002'], 1000);
    expect(answered?.accounts.map((a) => a.party.id).sort()).toEqual(['a1', 'a2', 's1']);
    expect(answered?.primaries.get('u1')).toBe('a1');
    // A user whose primary account was never read, an unknown number: read.
    expect(known.readOf(['u2'], [], 1000)).toBeUndefined();
    expect(known.readOf(['u1'], ['555'], 1000)).toBeUndefined();
  });

  it('takes the states its writes left, forgets what changed, and re-reads accounts after 5 minutes', () => {
    const known = new KnownAccounts();
    known.remember(read, 0);
    known.written([{ ...state('a1'), balanceCents: 40n }]);
    expect(
      known.readOf(['u1'], [], 10)?.accounts.find((a) => a.party.id === 'a1')?.state,
    ).toMatchObject({ balanceCents: 40n });
    expect(known.readOf(['u1'], [], 299_000)).toBeDefined();
    expect(known.readOf(['u1'], [], 301_000)).toBeUndefined();
    known.forget(['a1']);
    expect(known.readOf(['u1'], [], 10)).toBeUndefined();
  });
});
