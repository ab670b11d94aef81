import { createFileRoute } from '@tanstack/react-router';
import { DepositPage } from '../../features/payments/deposit-page.tsx';
import { preloadMoneyForm } from '../../lib/page-data.ts';

export const Route = createFileRoute('/_auth/deposit')({
  loader: ({ context: { trpc } }) => preloadMoneyForm(trpc),
  component: DepositPage,
});
