import type { TrpcUtils } from './trpc.ts';

/**
 * What pages ask the server for when they open, in one place: the page's own queries and its
 * route's loader use the same inputs, so the loader's answer is the one the page finds cached.
 */

/** Rows per page of every paged list. */
export const PAGE_SIZE = 10;
/** docs/product.md 9: the dashboard shows five recent transactions. */
export const RECENT_TRANSACTIONS = 5;

export const firstPage = { page: 1, limit: PAGE_SIZE } as const;
export const recentTransactions = { page: 1, limit: RECENT_TRANSACTIONS } as const;

/**
 * A route loader's work (the page-speed review): starts the page's queries with its code and waits
 * for them, so the page renders with its data instead of a skeleton (the pending component shows if
 * it takes long). A query that fails is left to the page, which shows the error with its retry.
 */
/** Whether `id` is shaped like a record id (a UUID): a malformed one names nothing, so no call. */
export function isRecordId(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
}

/**
 * A loader asks once: a failed query is asked again when the page mounts (and retried there
 * as usual), so a retry here would only hold the navigation up.
 */
export const once = { retry: false } as const;

export async function preload(...loads: Promise<unknown>[]): Promise<void> {
  await Promise.allSettled(loads);
}

/** A detail route's loader: the record `id` names, unless it is malformed (then nothing is asked). */
export function preloadRecord(
  id: string,
  load: (id: string) => Promise<unknown>,
): Promise<void> | undefined {
  return isRecordId(id) ? preload(load(id)) : undefined;
}

/** Deposit and withdraw open on the same data: the balance, the saved cards and the banks. */
export function preloadMoneyForm(trpc: TrpcUtils): Promise<void> {
  return preload(
    trpc.transactions.balance.ensureData(undefined, once),
    trpc.cards.list.ensureData(firstPage, once),
    trpc.banks.list.ensureData(undefined, once),
  );
}
