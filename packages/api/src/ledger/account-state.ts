import type { TransactionType } from '@bank/db/enums';

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
