import type { AccountState } from './account-state.ts';
import type { AccountParty } from './posting.ts';
import type { LedgerRead } from './read.ts';

/**
 * How long an account read is used before it is read again. Nothing here is trusted for money
 * or for the owner's names and notification choice: the write confirms both (they once expired
 * after 5 s instead, and the reads that caused set the bench's 99th percentile:
 * docs/benchmarks.md).
 */
const PARTY_TTL_MS = 300_000;
/** Accounts remembered at most; the least recently read go first. */
const CAPACITY = 50_000;

interface Known {
  party: AccountParty;
  state: AccountState;
  readAt: number;
}

/**
 * What this instance's desk last knew of the accounts: as read, or as its own writes left them.
 * A batch whose accounts are all known is judged without a read; nothing here is trusted for
 * money, because the write compares every account a judgement rested on and, if another
 * instance moved it meanwhile, writes nothing and the batch is read and judged again.
 */
export class KnownAccounts {
  private readonly accounts = new Map<string, Known>();
  private readonly systems = new Map<string, Known>();
  private readonly primaries = new Map<string, string>();
  private readonly numbers = new Map<string, string>();

  /** A read made of what is known, or undefined when something must be read. */
  readOf(users: string[], accountNumbers: string[], now = Date.now()): LedgerRead | undefined {
    const ids = new Set<string>();
    for (const user of users) {
      const id = this.primaries.get(user);
      if (!id) return undefined;
      ids.add(id);
    }
    for (const number of accountNumbers) {
      const id = this.numbers.get(number);
      if (!id) return undefined;
      ids.add(id);
    }
    if (this.systems.size === 0) return undefined;
    const accounts: LedgerRead['accounts'] = [...this.systems.values()];
    for (const id of ids) {
      const known = this.accounts.get(id);
      if (!known || known.readAt < now - PARTY_TTL_MS) return undefined;
      accounts.push(known);
    }
    return {
      accounts,
      payees: [],
      primaries: new Map(users.flatMap((user) => this.primaryEntry(user))),
      transactions: [],
      keys: [],
      openSessions: new Set(),
    };
  }

  /** Remembers a read. */
  remember(read: LedgerRead, now = Date.now()) {
    for (const { party, state } of read.accounts) {
      const known = { party, state, readAt: now };
      if (party.kind === 'system') {
        this.systems.set(party.id, known);
        continue;
      }
      this.accounts.delete(party.id);
      this.accounts.set(party.id, known);
      this.numbers.set(party.accountNumber, party.id);
    }
    for (const [user, id] of read.primaries) this.primaries.set(user, id);
    for (const [id, { party }] of this.accounts) {
      if (this.accounts.size <= CAPACITY) break;
      this.accounts.delete(id);
      this.numbers.delete(party.accountNumber);
      if (party.userId && this.primaries.get(party.userId) === id)
        this.primaries.delete(party.userId);
    }
  }

  /** The states a committed write left. */
  written(states: Iterable<AccountState>) {
    for (const state of states) {
      const known = this.accounts.get(state.id);
      if (known) known.state = state;
    }
  }

  /** Accounts found changed: read them again next time. */
  forget(ids: Iterable<string>) {
    for (const id of ids) this.accounts.delete(id);
  }

  private primaryEntry(user: string): Array<[string, string]> {
    const id = this.primaries.get(user);
    return id ? [[user, id]] : [];
  }
}
