import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '../../features/dashboard/dashboard-page.tsx';
import { once, preload, recentTransactions } from '../../lib/page-data.ts';

export const Route = createFileRoute('/_auth/')({
  loader: ({ context: { trpc } }) =>
    preload(
      trpc.transactions.balance.ensureData(undefined, once),
      trpc.transactions.stats.ensureData(undefined, once),
      trpc.transactions.list.ensureData(recentTransactions, once),
    ),
  component: DashboardPage,
});
