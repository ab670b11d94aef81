import type { TrpcUtils } from './trpc.ts';

/** What both `trpc.useUtils()` and the router's query utils offer for the money queries. */
type MoneyUtils = Pick<TrpcUtils, 'transactions' | 'auth'>;

/**
 * Money moved (our own form, or a live event): show the new balance at once where we know it,
 * then fetch balances, statistics, history and the session user (it carries the balance) again.
 */
export async function refreshMoney(utils: MoneyUtils, newBalance?: number | null): Promise<void> {
  if (typeof newBalance === 'number') {
    utils.transactions.balance.setData(undefined, (current) =>
      current ? { ...current, balance: newBalance } : current,
    );
    utils.transactions.stats.setData(undefined, (current) =>
      current ? { ...current, balance: newBalance } : current,
    );
    utils.auth.me.setData(undefined, (current) =>
      current?.user ? { ...current, user: { ...current.user, balance: newBalance } } : current,
    );
  }
  await Promise.all([utils.transactions.invalidate(), utils.auth.me.invalidate()]);
}
