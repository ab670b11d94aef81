import { createFileRoute } from '@tanstack/react-router';
import { WithdrawPage } from '../../features/payments/withdraw-page.tsx';
import { preloadMoneyForm } from '../../lib/page-data.ts';

export const Route = createFileRoute('/_auth/withdraw')({
  loader: ({ context: { trpc } }) => preloadMoneyForm(trpc),
  component: WithdrawPage,
});
