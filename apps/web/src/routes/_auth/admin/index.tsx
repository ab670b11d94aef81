import { createFileRoute } from '@tanstack/react-router';
import { AdminDashboardPage } from '../../../features/admin/admin-dashboard-page.tsx';

export const Route = createFileRoute('/_auth/admin/')({
  component: AdminDashboardPage,
});
