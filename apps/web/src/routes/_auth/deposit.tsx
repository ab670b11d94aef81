import { createFileRoute } from '@tanstack/react-router';
import { DepositPage } from '../../features/payments/deposit-page.tsx';
import { firstPage, once, preload } from '../../lib/page-data.ts';

export const Route = createFileRoute('/_auth/deposit')({
  loader: ({ context: { trpc } }) =>
    preload(
      trpc.transactions.balance.ensureData(undefined, once),
      trpc.cards.list.ensureData(firstPage, once),
      trpc.banks.list.ensureData(undefined, once),
    ),
  component: DepositPage,
});
