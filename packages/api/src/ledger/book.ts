import type { TimelineEntry } from '@bank/db/schema';
import type { TRPCError } from '@trpc/server';
import type { QueuedEvent } from '../realtime/events.ts';
import {
  type AccountState,
  afterMovement,
  afterReturn,
  availableCents,
  frozenFor,
  heldCents,
  utcDay,
} from './account-state.ts';
import { newMovementEvent, settledMovementEvent } from './movement-events.ts';
import { newTransactionRow, timelineEntry } from './new-row.ts';
import type {
  AccountParty,
  Applied,
  Effect,
  LedgerView,
  NewMovement,
  PayeeState,
  SystemAccountCode,
} from './posting.ts';
import type { LedgerRead } from './read.ts';
import { accountFrozen, beyondAvailable } from './refusals.ts';
import type { TransactionRow } from './transaction-row.ts';
import type { LedgerChanges } from './write.ts';

const keyOf = (userId: string, key: string) => `${userId} ${key}`;

/**
 * One batch's view of the ledger while the desk judges it: the accounts as read (or as the desk
 * knew them), moved by each accepted posting in turn, and everything the
 * batch will write. Which customer accounts a judgement looked at is recorded, so the write
 * can check exactly those.
 */
export class Book implements LedgerView {
  readonly day: string;
  private readonly parties = new Map<string, AccountParty>();
  private readonly byNumber = new Map<string, AccountParty>();
  private readonly systems = new Map<string, AccountParty>();
  private readonly transactions: Map<string, TransactionRow>;
  private readonly payees: Map<string, PayeeState>;
  private readonly stored = new Map<string, LedgerRead['keys'][number]>();
  /** Customer accounts as the batch found them: what the write compares. */
  private readonly before = new Map<string, AccountState>();
  private readonly states = new Map<string, AccountState>();
  private readonly reliedOn = new Set<string>();
  /** Sessions the batch's postings act through: the write confirms each is still open. */
  private readonly sessions = new Set<string>();
  private readonly moved = new Set<string>();
  private readonly system = new Map<string, { deltaCents: bigint; transactions: number }>();
  private readonly inserted: TransactionRow[] = [];
  private readonly updated = new Map<string, TransactionRow>();
  private readonly entries: LedgerChanges['entries'] = [];
  private readonly answers: LedgerChanges['answers'] = [];
  private readonly events: QueuedEvent[] = [];

  constructor(
    private readonly read: LedgerRead,
    readonly now: Date,
    readonly settings: LedgerView['settings'],
    /** False when the accounts come from what the desk knew, not from a read: unconfirmed. */
    private readonly confirmed = true,
  ) {
    this.day = utcDay(now);
    for (const { party, state } of read.accounts) {
      this.parties.set(party.id, party);
      this.byNumber.set(party.accountNumber, party);
      if (party.systemCode) this.systems.set(party.systemCode, party);
      if (party.kind === 'customer') {
        this.before.set(party.id, state);
        this.states.set(party.id, state);
      }
    }
    this.transactions = new Map(read.transactions.map((row) => [row.id, row]));
    this.payees = new Map(read.payees.map((payee) => [payee.id, payee]));
    for (const key of read.keys) this.stored.set(keyOf(key.userId, key.key), key);
  }

  primaryAccountOf(userId: string) {
    const id = this.read.primaries.get(userId);
    return id === undefined ? undefined : this.parties.get(id);
  }

  accountByNumber(accountNumber: string) {
    return this.byNumber.get(accountNumber);
  }

  systemAccount(code: SystemAccountCode) {
    const account = this.systems.get(code);
    if (!account) throw new Error(`System account ${code} is missing: migrations not applied?`);
    return account;
  }

  account(id: string) {
    return this.parties.get(id);
  }

  transaction(id: string) {
    return this.updated.get(id) ?? this.transactions.get(id);
  }

  /**
   * The totals rest on the sender's account, which the write compares: another movement from
   * it (to this payee or not) between the read and the write changes its count.
   */
  payee(id: string) {
    return this.payees.get(id);
  }

  stateOf(account: AccountParty): AccountState {
    const state = this.states.get(account.id);
    if (!state) throw new Error(`Account ${account.id} was not read for this batch`);
    this.reliedOn.add(account.id);
    return state;
  }

  /**
   * Whether a customer's session is open (not ended, expired or blocked, and past its second
   * factor): as read, or, when the batch was not read, assumed so and confirmed by the write.
   */
  sessionOpen(id: string): boolean {
    const open = !this.confirmed || this.read.openSessions.has(id);
    if (open) this.sessions.add(id);
    return open;
  }

  /** The answer stored under a key, by an earlier request or earlier in this batch. */
  storedAnswer(userId: string, key: string) {
    return this.stored.get(keyOf(userId, key));
  }

  storeAnswer(answer: LedgerChanges['answers'][number]) {
    this.answers.push(answer);
    this.stored.set(keyOf(answer.userId, answer.key), answer);
  }

  /**
   * Staff's restrictions, judged for every posting kind at once: a new movement may
   * not take money from an account frozen for debits or beyond its available balance, nor bring
   * money to one frozen for credits. Completing a pending movement moves no money and voiding
   * one gives the customer their own money back: neither is stopped (docs/product.md).
   */
  restrictionRefusal(effects: Effect[]): TRPCError | undefined {
    const moving = new Map<string, bigint>();
    for (const effect of effects) {
      if (!('open' in effect)) continue;
      const { from, to, splits, amountCents } = effect.open;
      for (const side of [to, ...(splits ?? []).map((split) => split.to)]) {
        if (
          side.kind === 'customer' &&
          frozenFor(this.stateOf(side).restrictions, 'credit', this.now)
        )
          return accountFrozen();
      }
      if (from.kind !== 'customer') continue;
      const state = this.stateOf(from);
      if (frozenFor(state.restrictions, 'debit', this.now)) return accountFrozen();
      const leaving = (moving.get(from.id) ?? 0n) + amountCents;
      moving.set(from.id, leaving);
      const held = heldCents(state.restrictions, this.now);
      if (held > 0n && leaving > availableCents(state, this.now))
        return beyondAvailable(availableCents(state, this.now), held);
    }
    return undefined;
  }

  /** Applies an accepted posting's effects; answers the rows and the balances right after. */
  apply(effects: Effect[]): Applied {
    const rows = effects.map((effect) => {
      if ('open' in effect) return this.open(effect.open);
      if ('complete' in effect) return this.complete(effect.complete, effect.note);
      return this.void(effect.void, effect.reason);
    });
    const balances = new Map([...this.states].map(([id, state]) => [id, state.balanceCents]));
    return {
      rows,
      balanceOf: (accountId) => {
        const balance = balances.get(accountId);
        if (balance === undefined) throw new Error(`No balance of account ${accountId} here`);
        return balance;
      },
    };
  }

  /** Whether the batch has anything to write, or rests on states not confirmed by a read. */
  needsWrite(): boolean {
    return (
      this.inserted.length > 0 ||
      this.updated.size > 0 ||
      this.answers.length > 0 ||
      (!this.confirmed && (this.reliedOn.size > 0 || this.sessions.size > 0))
    );
  }

  changes(): LedgerChanges {
    return {
      expected: [...this.reliedOn].flatMap((id) => this.before.get(id) ?? []),
      owners: this.confirmed ? [] : this.ownersUsed(),
      after: [...this.moved].flatMap((id) => this.states.get(id) ?? []),
      system: [...this.system].map(([id, change]) => ({ id, ...change })),
      pending: [...this.updated.keys()],
      sessions: [...this.sessions],
      inserted: this.inserted,
      updated: [...this.updated.values()],
      entries: this.entries,
      answers: this.answers,
      events: this.events,
    };
  }

  private open(movement: NewMovement): TransactionRow {
    const row = newTransactionRow(movement, this.now);
    if (movement.from.id === movement.to.id) throw new Error('A movement needs two accounts');
    const splits = movement.splits ?? [];
    const toCents = splits.reduce((rest, split) => rest - split.amountCents, row.amountCents);
    if (toCents <= 0n || splits.some((split) => split.amountCents <= 0n))
      throw new Error('Every part of a movement moves a positive amount');
    this.inserted.push(row);
    const payee = row.payeeId ? this.payees.get(row.payeeId) : undefined;
    if (payee)
      this.payees.set(payee.id, {
        ...payee,
        sentOnDayCents: payee.sentOnDayCents + row.amountCents,
        sentTotalCents: payee.sentTotalCents + row.amountCents,
      });
    this.entry(row.id, movement.from, -row.amountCents);
    this.entry(row.id, movement.to, toCents);
    this.moveBy(movement.from, -row.amountCents, row.type, true);
    this.moveBy(movement.to, toCents, row.type, true);
    for (const split of splits) {
      if (split.to.id === movement.from.id || split.to.id === movement.to.id)
        throw new Error('A split goes to a third account');
      this.entry(row.id, split.to, split.amountCents);
      // Not counted as one of its transactions: the count is of rows naming the account.
      this.moveBy(split.to, split.amountCents, row.type, false);
    }
    for (const side of [movement.from, movement.to]) {
      const state = this.states.get(side.id);
      if (!side.owner || !side.userId || !state) continue;
      const { userId, owner } = side;
      this.events.push(
        newMovementEvent(row, userId, owner.notify, side === movement.to, state.balanceCents),
      );
    }
    return row;
  }

  private complete(pending: TransactionRow, note: string): TransactionRow {
    const row = this.settled(pending, 'completed', [timelineEntry('completed', note, this.now)]);
    this.announceSettled(row, false);
    return row;
  }

  private void(pending: TransactionRow, reason: string): TransactionRow {
    const row = this.settled(pending, 'failed', [
      timelineEntry('failed', reason, this.now),
      timelineEntry('completed', 'Funds returned to your account', this.now),
    ]);
    const from = this.party(pending.fromAccountId);
    const to = this.party(pending.toAccountId);
    this.entry(row.id, from, pending.amountCents);
    this.entry(row.id, to, -pending.amountCents);
    // The money comes back and stops counting towards the limit of the day it left.
    const day = utcDay(pending.createdAt);
    if (from.kind === 'customer') {
      this.moved.add(from.id);
      this.states.set(
        from.id,
        afterReturn(this.stateOf(from), { amountCents: pending.amountCents, type: row.type, day }),
      );
    } else this.moveSystem(from, pending.amountCents, 0);
    if (to.kind === 'customer') {
      const state = this.stateOf(to);
      this.moved.add(to.id);
      this.states.set(to.id, { ...state, balanceCents: state.balanceCents - pending.amountCents });
    } else this.moveSystem(to, -pending.amountCents, 0);
    this.announceSettled(row, true);
    return row;
  }

  private settled(
    pending: TransactionRow,
    status: 'completed' | 'failed',
    steps: TimelineEntry[],
  ): TransactionRow {
    const row = {
      ...pending,
      status,
      timeline: [...pending.timeline, ...steps],
      updatedAt: this.now,
    };
    this.updated.set(row.id, row);
    return row;
  }

  private announceSettled(row: TransactionRow, moved: boolean) {
    for (const id of new Set([row.fromAccountId, row.toAccountId])) {
      const side = this.party(id);
      const state = this.states.get(id);
      if (!side.owner || !side.userId) continue;
      const balanceCents = moved ? state?.balanceCents : undefined;
      this.events.push(settledMovementEvent(row, side.userId, side.owner.notify, balanceCents));
    }
  }

  /**
   * The owners (names, notification choice) of the customer accounts the batch judged or moved,
   * as the desk knew them: names go into the rows and events, so the write confirms them.
   */
  private ownersUsed(): LedgerChanges['owners'] {
    const owners = new Map<string, LedgerChanges['owners'][number]>();
    for (const id of new Set([...this.reliedOn, ...this.moved])) {
      const party = this.parties.get(id);
      if (!party?.owner || !party.userId) continue;
      owners.set(party.userId, { userId: party.userId, ...party.owner });
    }
    return [...owners.values()];
  }

  private party(id: string): AccountParty {
    const party = this.parties.get(id);
    if (!party) throw new Error(`Account ${id} was not read for this batch`);
    return party;
  }

  private entry(transactionId: string, account: AccountParty, amountCents: bigint) {
    this.entries.push({ transactionId, accountId: account.id, amountCents, at: this.now });
  }

  private moveBy(
    account: AccountParty,
    deltaCents: bigint,
    type: TransactionRow['type'],
    newTransaction: boolean,
  ) {
    if (account.kind === 'system') {
      this.moveSystem(account, deltaCents, newTransaction ? 1 : 0);
      return;
    }
    const state = this.stateOf(account);
    this.moved.add(account.id);
    this.states.set(
      account.id,
      afterMovement(state, { deltaCents, type, day: this.day, newTransaction }),
    );
  }

  private moveSystem(account: AccountParty, deltaCents: bigint, transactions: number) {
    const change = this.system.get(account.id) ?? { deltaCents: 0n, transactions: 0 };
    this.system.set(account.id, {
      deltaCents: change.deltaCents + deltaCents,
      transactions: change.transactions + transactions,
    });
  }
}
