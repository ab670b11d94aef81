import { useNavigate } from '@tanstack/react-router';
import { refreshMoney } from '../../lib/money-cache.ts';
import { trpc } from '../../lib/trpc.ts';

/**
 * After money moved: show the new balance everywhere, then go to the history, which shows
 * `message` on arrival (docs/product.md 2.13 to 2.15).
 */
export function useMoneyMoved() {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  return async (newBalance: number, message: string) => {
    void refreshMoney(utils, newBalance);
    await navigate({ to: '/transactions', state: { message } });
  };
}
