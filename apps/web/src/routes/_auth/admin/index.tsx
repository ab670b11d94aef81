import { createFileRoute } from '@tanstack/react-router';
import { AdminDashboardPage } from '../../../features/admin/admin-dashboard-page.tsx';
import { once, preload } from '../../../lib/page-data.ts';

export const Route = createFileRoute('/_auth/admin/')({
  loader: ({ context: { trpc } }) =>
    preload(
      trpc.oversight.stats.ensureData(undefined, once),
      trpc.oversight.recentActivity.ensureData(undefined, once),
    ),
  component: AdminDashboardPage,
});
