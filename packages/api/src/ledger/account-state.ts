import type { FreezeMode, TransactionType } from '@bank/db/enums';

/**
 * What staff put on an account, read with its balance: a freeze and the unreleased
 * holds. Expired ones are kept here and stop applying by time (`now`), with no job to lift them.
 * `version` changes with every freeze, lift, hold and release; the write compares it.
 */
export interface Restrictions {
  version: number;
  freeze: { mode: FreezeMode; until: Date | null } | null;
  holds: Array<{ id: string; amountCents: bigint; expiresAt: Date }>;
}

export const noRestrictions: Restrictions = { version: 0, freeze: null, holds: [] };

/**
 * A customer account as the desk judges it and as the checked write compares and sets it:
 * the balance, how many transactions touch it, and what left it on `outflowDay` (UTC) through
 * the movements the daily limits count (docs/decisions/009).
 */
export interface AccountState {
  id: string;
  balanceCents: bigint;
  transactionCount: number;
  outflowDay: string | null;
  transferredOnDayCents: bigint;
  withdrawnOnDayCents: bigint;
  restrictions: Restrictions;
}

/** The holds still in force at `now`. */
export function activeHolds(restrictions: Restrictions, now: Date) {
  return restrictions.holds.filter((hold) => hold.expiresAt > now);
}

/** What the account's active holds keep back at `now`. */
export function heldCents(restrictions: Restrictions, now: Date): bigint {
  return activeHolds(restrictions, now).reduce((sum, hold) => sum + hold.amountCents, 0n);
}

/**
 * The one measure of what may leave an account: the balance less its active holds,
 * never below zero. Every debit is judged against it, and every screen shows it.
 */
export function availableCents(
  state: Pick<AccountState, 'balanceCents' | 'restrictions'>,
  now: Date,
) {
  const available = state.balanceCents - heldCents(state.restrictions, now);
  return available > 0n ? available : 0n;
}

/** The freeze in force at `now`, if any (an expired one stops applying by itself). */
export function activeFreeze(restrictions: Restrictions, now: Date) {
  const { freeze } = restrictions;
  if (!freeze || (freeze.until !== null && freeze.until <= now)) return null;
  return freeze;
}

/** Whether a freeze in force at `now` stops money leaving (`debit`) or arriving (`credit`). */
export function frozenFor(restrictions: Restrictions, side: 'debit' | 'credit', now: Date) {
  const freeze = activeFreeze(restrictions, now);
  if (!freeze) return false;
  return freeze.mode === 'all' || freeze.mode === (side === 'debit' ? 'debits' : 'credits');
}

/** The movements a daily limit counts, and the total each is counted in. */
const limitedOutflows = {
  transfer: 'transferredOnDayCents',
  withdraw: 'withdrawnOnDayCents',
} as const satisfies Partial<Record<TransactionType, keyof AccountState>>;
export type LimitedOutflow = keyof typeof limitedOutflows;

function limitedTotal(type: TransactionType) {
  return type === 'transfer' || type === 'withdraw' ? limitedOutflows[type] : undefined;
}

/** Daily limits run from 00:00 UTC: the day as a date literal. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** What left the account on `day` through `type`, as the limits count it. */
export function outflowOn(
  state: Pick<AccountState, 'outflowDay' | 'transferredOnDayCents' | 'withdrawnOnDayCents'>,
  day: string,
  type: LimitedOutflow,
): bigint {
  return state.outflowDay === day ? state[limitedOutflows[type]] : 0n;
}

/**
 * The one place the day totals are kept: the account after money of `type` left it (a
 * negative `deltaCents`) or reached it on `day`. Totals of an earlier day start afresh; totals
 * already on a later day (another instance's clock ran past midnight) are left alone.
 */
export function afterMovement(
  state: AccountState,
  change: { deltaCents: bigint; type: TransactionType; day: string; newTransaction: boolean },
): AccountState {
  const next: AccountState = {
    ...state,
    balanceCents: state.balanceCents + change.deltaCents,
    transactionCount: state.transactionCount + (change.newTransaction ? 1 : 0),
  };
  const total = limitedTotal(change.type);
  if (!total || change.deltaCents >= 0n) return next;
  if (state.outflowDay !== null && state.outflowDay > change.day) return next;
  if (state.outflowDay !== change.day) {
    next.outflowDay = change.day;
    next.transferredOnDayCents = 0n;
    next.withdrawnOnDayCents = 0n;
  }
  next[total] = next[total] - change.deltaCents;
  return next;
}

/**
 * The account after a pending movement made on `day` was voided and its money came back: the
 * money stops counting towards that day's limit (if that day's totals are still kept).
 */
export function afterReturn(
  state: AccountState,
  change: { amountCents: bigint; type: TransactionType; day: string },
): AccountState {
  const next = { ...state, balanceCents: state.balanceCents + change.amountCents };
  const total = limitedTotal(change.type);
  if (total && state.outflowDay === change.day) next[total] = next[total] - change.amountCents;
  return next;
}
