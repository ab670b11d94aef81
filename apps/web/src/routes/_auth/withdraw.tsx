import { createFileRoute } from '@tanstack/react-router';
import { WithdrawPage } from '../../features/payments/withdraw-page.tsx';
import { firstPage, once, preload } from '../../lib/page-data.ts';

export const Route = createFileRoute('/_auth/withdraw')({
  loader: ({ context: { trpc } }) =>
    preload(
      trpc.transactions.balance.ensureData(undefined, once),
      trpc.cards.list.ensureData(firstPage, once),
      trpc.banks.list.ensureData(undefined, once),
    ),
  component: WithdrawPage,
});
