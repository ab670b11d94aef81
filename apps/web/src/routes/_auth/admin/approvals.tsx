import { createFileRoute } from '@tanstack/react-router';
import { ApprovalsPage } from '../../../features/admin/approvals-page.tsx';

export const Route = createFileRoute('/_auth/admin/approvals')({
  component: ApprovalsPage,
});
