import type { Executor } from '@bank/db';
import type { TransactionType } from '@bank/db/enums';
import type { TimelineEntry } from '@bank/db/schema';
import type { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import type { AccountState } from './account-state.ts';
import type { TransactionRow } from './transaction-row.ts';

/** The bank's own accounts, one of each (created by the migrations). */
export type SystemAccountCode =
  | 'external_clearing'
  | 'loans_funding'
  | 'fees'
  | 'interest'
  | 'disputes_suspense';

/** The customer a request acts for, as their session knows them (auth's user row fits). */
export interface Customer {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  /** Their own daily withdrawal limit, when staff set one; else the bank's. */
  withdrawalLimitCents: bigint | null;
}

/** The bank's settings the rules read (the settings cache's values fit). */
export interface LedgerSettings {
  transferLimitCents: bigint;
  withdrawalLimitCents: bigint;
  /** What a payee may receive in its first 24 hours. */
  newPayeeLimitCents: bigint;
}

/**
 * A customer's saved payee as its limits judge it: what the ledger has sent to it today (UTC)
 * and in all, as read with the batch and moved by the postings before.
 */
export interface PayeeState {
  id: string;
  userId: string;
  removed: boolean;
  dailyLimitCents: bigint | null;
  createdAt: Date;
  sentOnDayCents: bigint;
  sentTotalCents: bigint;
}

/** An account a posting can name: who owns it, and (customers) who is told of its movements. */
export interface AccountParty {
  id: string;
  kind: 'customer' | 'system';
  systemCode: string | null;
  accountNumber: string;
  userId: string | null;
  owner: { firstName: string; lastName: string; notify: boolean } | null;
  /** Its customer was closed: it takes and gives no more money (decision 017, openAccount). */
  closed: boolean;
}

/** What a posting asks the desk to read for it (system accounts are always read). */
export interface Needs {
  /** Customers whose primary account the posting judges or moves. */
  users?: string[];
  /** Account numbers a customer named. */
  accountNumbers?: string[];
  /** Movements to complete or void (pending), or to reverse (completed): read with their accounts. */
  pending?: string[];
  /** Saved payees whose limits the posting judges (always read: their totals are not kept). */
  payees?: string[];
}

/** A new movement of money: one transaction, two entries that sum to zero. */
export interface NewMovement {
  type: TransactionType;
  /** Pending movements are later completed or voided through the same door. */
  status: 'pending' | 'completed';
  amountCents: bigint;
  description: string;
  category: string;
  paymentMethod: string;
  notes?: string | null;
  from: AccountParty;
  to: AccountParty;
  /** Parts of the amount credited elsewhere than `to` (a repayment's interest): more entries. */
  splits?: Array<{ to: AccountParty; amountCents: bigint }>;
  senderUserId: string | null;
  recipientUserId: string | null;
  recipientName?: string | null;
  recipientAccountNumber?: string | null;
  /** The sender's saved payee it goes to: counted in that payee's limits. */
  payeeId?: string | null;
  counterparty?: Record<string, string> | null;
  timeline: TimelineEntry[];
  /** A reversal: the movement it undoes (kinds/reversal.ts). */
  reverses?: string;
}

/** What an accepted posting does to the ledger. */
export type Effect =
  | { open: NewMovement }
  /** A pending movement reached its destination: no money moves. */
  | { complete: TransactionRow; note: string }
  /** A pending movement failed: its money goes back by reversing entries. */
  | { void: TransactionRow; reason: string };

/** The ledger as a posting is judged against it: the batch's accounts after the postings before. */
export interface LedgerView {
  now: Date;
  /** The UTC day the daily limits count in. */
  day: string;
  settings: LedgerSettings;
  primaryAccountOf(userId: string): AccountParty | undefined;
  accountByNumber(accountNumber: string): AccountParty | undefined;
  systemAccount(code: SystemAccountCode): AccountParty;
  transaction(id: string): TransactionRow | undefined;
  /** A payee the posting named in `needs.payees`, with what was sent to it so far. */
  payee(id: string): PayeeState | undefined;
  /** An account the batch read (those of the movements named in `needs.pending`, …). */
  account(id: string): AccountParty | undefined;
  /** A customer account as it stands now; the write checks every account judged this way. */
  stateOf(account: AccountParty): AccountState;
}

/** The effects as written: the rows they made or changed, and the balances right after. */
export interface Applied {
  rows: TransactionRow[];
  balanceOf(accountId: string): bigint;
}

export type Verdict<R> =
  /** A business rule said no: the answer to this request, stored under its key. */
  | { refused: TRPCError }
  | {
      effects: Effect[];
      answer(applied: Applied): R;
      /**
       * The posting's own rows (a loan approved, an instalment paid), written in the same
       * database transaction as the money, after it. Throwing undoes the money too: this is
       * where a kind guards a row of its own (e.g. "still pending") against a concurrent change.
       */
      record?(tx: Executor, applied: Applied): Promise<void>;
    };

/** A request's idempotency key: its definite answer is stored with the money it moved. */
export interface IdempotencyClaim<R> {
  userId: string;
  key: string;
  operation: string;
  requestHash: string;
  /** Reads a stored answer back. */
  output: z.ZodType<R>;
}

/** Anything asked of the ledger: every movement of money is one (docs/architecture.md 3, one front door). */
export interface Posting<R> {
  needs: Needs;
  idempotency?: IdempotencyClaim<R> | undefined;
  /** The rules, in TypeScript: judged in arrival order against what the earlier ones left. */
  judge(ledger: LedgerView): Verdict<R>;
}

/** A posting's answer; `replayed` when it is the stored answer of an earlier request. */
export interface Posted<R> {
  value: R;
  replayed: boolean;
}
